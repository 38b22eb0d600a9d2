/**
 * The languages the app speaks. en-GH is the default and the spec's own copy; the others are
 * Twi (Akan, `ak`), Ewe (`ee`) and Ga (`gaa`), by their BCP 47 tags.
 */
export const LANGUAGES = ['en-GH', 'ak', 'ee', 'gaa'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en-GH';

/** Each language by its own name, as a speaker looks for it in a picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-GH': 'English',
  ak: 'Twi',
  ee: 'Eʋegbe',
  gaa: 'Gã',
};

/** The readable cookie that carries the phone's choice to the server (rendered pages, sign-up). */
export const LANGUAGE_COOKIE = 'lang';

export const LANGUAGE_MESSAGE = 'Choose English, Twi, Ewe or Ga';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of a browser's languages (navigator.languages, or an Accept-Language list) that the
 * app speaks: `tw` and `ak` (with any region) mean Twi, `ee` Ewe, `gaa` Ga, any English English.
 * Null when none is spoken here.
 */
export function languageFromPreferences(preferences: readonly string[]): Language | null {
  for (const preference of preferences) {
    const base = preference.trim().toLowerCase().split(/[-_]/)[0];
    if (base === 'tw' || base === 'ak') return 'ak';
    if (base === 'ee') return 'ee';
    if (base === 'gaa') return 'gaa';
    if (base === 'en') return 'en-GH';
  }
  return null;
}
