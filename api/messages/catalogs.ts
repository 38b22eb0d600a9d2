import { DEFAULT_LANGUAGE, type Language } from '../../contracts/languages.ts';
import { ak } from './ak.ts';
import { ee } from './ee.ts';
import { type Catalog, enGH, type MessageKey } from './en-GH.ts';
import { gaa } from './gaa.ts';

export type { Catalog, MessageKey };

/** Every language's server messages (SMS, WhatsApp, USSD). */
export const CATALOGS: Record<Language, Catalog> = { 'en-GH': enGH, ak, ee, gaa };

/** What fills a message's {placeholders}. */
export type MessageParams = Record<string, string | number>;

/** A message in a language, ready to send: a language's text and what fills it. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The messages of a person's language; English for null (no choice made). Each {name} is
 * replaced once by its value, so a value that itself holds braces (a name someone typed) is
 * never read as a placeholder.
 */
export function translator(language: Language | null): Translate {
  const catalog = CATALOGS[language ?? DEFAULT_LANGUAGE];
  return (key, params = {}) =>
    catalog[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
}
