// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { Review } from '../../../../contracts/reviews.ts';
import { loadCatalog } from '../../../lib/i18n/catalogs.ts';
import { setCatalog } from '../../../lib/i18n/translate.ts';
import { ReviewItem } from './review-item.tsx';

afterEach(() => {
  cleanup();
  setCatalog('en-GH', null);
});

const review = (fields: Partial<Review> = {}): Review => ({
  id: 3,
  rating: 5,
  comment: 'Great night.',
  reviewer: { firstName: 'Kobby' },
  side: 'artist',
  createdAt: '2026-11-01T10:00:00.000Z',
  editedAt: null,
  reply: null,
  counted: true,
  notCountedBecause: null,
  ...fields,
});

const text = (item: Review) => render(<ReviewItem review={item} />).container.textContent ?? '';

test('a review that does not count says so, and why; one that counts has no note', () => {
  expect(text(review())).not.toContain('Not counted');
  cleanup();
  expect(text(review({ counted: false, notCountedBecause: 'paid_under_minimum' }))).toContain(
    'Not counted in the rating: paid under GHS 50.00',
  );
  cleanup();
  expect(text(review({ counted: false, notCountedBecause: 'later_review' }))).toContain(
    'Not counted in the rating: a later review by the same person counts',
  );
});

test.each(['ak', 'ee', 'gaa'] as const)('in %s the note speaks the language', async (language) => {
  setCatalog(language, await loadCatalog(language));
  const shown = text(review({ counted: false, notCountedBecause: 'paid_under_minimum' }));
  expect(shown).not.toContain('Not counted');
  expect(shown).toMatch(/50/);
});
