import { expect, test } from 'vitest';
import { formatRating, reviewEditEnd, reviewWindowEnd } from './reviews.ts';

test('a rating shows one decimal', () => {
  expect(formatRating(4.75)).toBe('4.8');
  expect(formatRating(13 / 3)).toBe('4.3');
  expect(formatRating(5)).toBe('5.0');
  expect(formatRating(null)).toBeNull();
});

test('reviews may be left for 30 days after completion and changed for 7 after writing', () => {
  expect(reviewWindowEnd('2026-11-01T10:00:00.000Z')).toBe('2026-12-01T10:00:00.000Z');
  expect(reviewEditEnd('2026-11-01T10:00:00.000Z')).toBe('2026-11-08T10:00:00.000Z');
});
