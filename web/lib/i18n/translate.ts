/**
 * The app's translation runtime. Every string a screen shows is written in English (en-GH, the
 * spec's own copy) at the place it is used, `t('Browse Jobs')`, and that English is its key: an
 * English reader downloads no catalog, and a reviewer reads each catalog as English beside its
 * translation. A language's catalog (catalogs/<language>.json) maps the English to the text in
 * that language; a missing entry shows the English rather than nothing.
 *
 * `{name}` in a message is replaced by `vars.name`. A translation may be plural forms, chosen
 * by Intl.PluralRules on `vars.count`: {"one": "...", "other": "..."}.
 *
 * The language is module state rather than React context so that code outside components
 * (toasts, outbox messages) translates too; the layout remounts the screen when it changes.
 */
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/languages.ts';

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Translation = string | PluralForms;
export type Catalog = Readonly<Record<string, Translation>>;

type Vars = Readonly<Record<string, string | number>>;

let active: { language: Language; catalog: Catalog | null } = {
  language: DEFAULT_LANGUAGE,
  catalog: null,
};
let pluralRules: Intl.PluralRules | undefined;

/** Makes `language` (with its catalog; null for English) the one `t` speaks. */
export function setCatalog(language: Language, catalog: Catalog | null): void {
  active = { language, catalog };
  pluralRules = undefined;
}

export function translationLanguage(): Language {
  return active.language;
}

/** `message` (English, the key) in the current language, with `{name}` filled from `vars`. */
export function t(message: string, vars?: Vars): string {
  const translation = active.catalog?.[message] ?? message;
  const text = typeof translation === 'string' ? translation : pluralOf(translation, vars?.count);
  return vars ? fill(text, vars) : text;
}

function pluralOf(forms: PluralForms, count: string | number | undefined): string {
  if (typeof count !== 'number') return forms.other;
  pluralRules ??= new Intl.PluralRules(active.language);
  return forms[pluralRules.select(count)] ?? forms.other;
}

function fill(text: string, vars: Vars): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/**
 * Marks English written where no language is known yet (a constant at module level) as a
 * message: it is translated where it is shown, `t(item.title)`, and the catalog test finds it.
 */
export const msg = (message: string): string => message;
