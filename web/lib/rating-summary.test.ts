import { afterEach, expect, test } from 'vitest';
import { loadCatalog } from './i18n/catalogs.ts';
import { setCatalog } from './i18n/translate.ts';
import { ratingSummary } from './rating-summary.ts';

afterEach(() => setCatalog('en-GH', null));

test('a rating shows one decimal, with its number of reviews', () => {
  expect(ratingSummary(4.666, 23)).toBe('4.7 (23 reviews)');
  expect(ratingSummary(5, 1)).toBe('5.0 (1 review)');
  // No reviews, no rating: nothing is made up.
  expect(ratingSummary(null, 0)).toBeNull();
  expect(ratingSummary(4.5, 0)).toBeNull();
});

test.each(['ak', 'ee', 'gaa'] as const)(
  'in %s the rating speaks the language',
  async (language) => {
    setCatalog(language, await loadCatalog(language));
    for (const [rating, count] of [
      [4.666, 23],
      [5, 1],
    ] as const) {
      const text = ratingSummary(rating, count) ?? '';
      expect(text).toContain(`${rating === 5 ? '5.0' : '4.7'} (`);
      expect(text).not.toMatch(/\breviews?\b/);
    }
  },
);
