import { expect, test } from 'vitest';
import { LANGUAGES } from '../../../contracts/languages.ts';
import { compareCatalog, readCatalog, usedKeys } from '../../../scripts/i18n-keys.ts';
import { loadCatalog } from './catalogs.ts';

const used = await usedKeys();
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en-GH');

test.each(TRANSLATED)(
  'the %s catalog has every message the app shows, and no other',
  (language) => {
    expect(compareCatalog(readCatalog(language), used)).toEqual({ missing: [], unused: [] });
  },
);

test('a missing or an unused key is caught', () => {
  const catalog: Record<string, unknown> = { ...readCatalog('ak') };
  delete catalog['Browse Jobs'];
  catalog['A message nothing shows'] = 'Asɛm bi';
  expect(compareCatalog(catalog, used)).toEqual({
    missing: ['Browse Jobs'],
    unused: ['A message nothing shows'],
  });
});

test.each(TRANSLATED)(
  '%s keeps every {placeholder} of the English, and translates it',
  async (language) => {
    const catalog = (await loadCatalog(language)) ?? {};
    for (const [english, translation] of Object.entries(catalog)) {
      const forms = typeof translation === 'string' ? [translation] : Object.values(translation);
      const wanted = (english.match(/\{\w+\}/g) ?? []).sort();
      for (const form of forms) {
        expect({ english, placeholders: (form.match(/\{\w+\}/g) ?? []).sort() }).toEqual({
          english,
          placeholders: wanted,
        });
        expect(form.trim(), english).not.toBe('');
      }
    }
  },
);
