import { afterEach, expect, test } from 'vitest';
import { loadCatalog } from './catalogs.ts';
import { setCatalog, t } from './translate.ts';

afterEach(() => setCatalog('en-GH', null));

test('English is the key itself, with its {placeholders} filled', () => {
  expect(t('Browse Jobs')).toBe('Browse Jobs');
  expect(t('{count} job(s) found', { count: 3 })).toBe('3 job(s) found');
});

test('a language speaks its catalog, and a message it lacks stays English', () => {
  setCatalog('ak', { 'Browse Jobs': 'Hwehwɛ nnwuma', 'Posted {date}': 'Ɔde too hɔ {date}' });
  expect(t('Browse Jobs')).toBe('Hwehwɛ nnwuma');
  expect(t('Posted {date}', { date: '12 Dec 2026' })).toBe('Ɔde too hɔ 12 Dec 2026');
  expect(t('Log In')).toBe('Log In');
});

test('plural forms are chosen by the language rules on count', () => {
  // Twi says "one" for 0 and 1 (CLDR); English would say "other" for 0.
  setCatalog('ak', {
    '{count} applicants': { one: 'Obi {count} abisa', other: 'Nnipa {count} abisa' },
  });
  expect(t('{count} applicants', { count: 0 })).toBe('Obi 0 abisa');
  expect(t('{count} applicants', { count: 1 })).toBe('Obi 1 abisa');
  expect(t('{count} applicants', { count: 5 })).toBe('Nnipa 5 abisa');
});

test('the catalogs load in Node as they do in the browser', async () => {
  const twi = await loadCatalog('ak');
  expect(twi?.['Browse Jobs']).toBeTypeOf('string');
  expect(await loadCatalog('en-GH')).toBeNull();
});
