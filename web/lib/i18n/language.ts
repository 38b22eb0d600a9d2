/**
 * The language the app speaks on this phone: the user's choice (kept in localStorage and in the
 * readable `lang` cookie, which the server reads too), else the browser's languages, else
 * English. Readable synchronously at start-up, before anything renders.
 */
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromPreferences,
} from '../../../contracts/languages.ts';
import { rememberInCookie } from '../preference-cookie.ts';
import { loadCatalog } from './catalogs.ts';
import { setCatalog, translationLanguage } from './translate.ts';

const STORAGE_KEY = 'ghana-gigs:language';
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The language this phone chose (picker, or adopted from the account), or null if it never did. */
export function chosenLanguage(): Language | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode): the cookie still remembers.
  }
  if (isLanguage(stored)) return stored;
  const cookie = COOKIE_PATTERN.exec(document.cookie)?.[1];
  return isLanguage(cookie) ? cookie : null;
}

/** The language to start in: the phone's choice, else the browser's, else English. */
export function startingLanguage(): Language {
  return chosenLanguage() ?? languageFromPreferences(navigator.languages) ?? DEFAULT_LANGUAGE;
}

function remember(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The cookie below still remembers it.
  }
  rememberInCookie(LANGUAGE_COOKIE, language);
}

const listeners = new Set<() => void>();

export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentLanguage = translationLanguage;

/**
 * Speaks `language` from now on: loads its catalog (from the service worker's cache when
 * offline), then sets `<html lang>` and tells the screens. Rejects, changing nothing, when the
 * catalog cannot be had.
 */
export async function applyLanguage(language: Language): Promise<void> {
  const catalog = await loadCatalog(language);
  setCatalog(language, catalog);
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** The user picked `language`: speak it and remember it on this phone. */
export async function chooseLanguage(language: Language): Promise<void> {
  await applyLanguage(language);
  remember(language);
}

/**
 * Speaks the starting language before the first render, so a Twi reader never sees English
 * flash by; English needs nothing loaded. A catalog that cannot be had leaves English.
 */
export function startLanguage(): Promise<void> {
  return applyLanguage(startingLanguage()).catch(() => applyLanguage(DEFAULT_LANGUAGE));
}
