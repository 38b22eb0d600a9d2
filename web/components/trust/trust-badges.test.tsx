// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { loadCatalog } from '../../lib/i18n/catalogs.ts';
import { setCatalog } from '../../lib/i18n/translate.ts';
import { PaidGigsBadge, PhoneVerifiedBadge } from './trust-badges.tsx';

afterEach(() => {
  cleanup();
  setCatalog('en-GH', null);
});

const badges = (gigs: number) =>
  render(
    <>
      <PhoneVerifiedBadge verified />
      <PaidGigsBadge count={gigs} />
    </>,
  ).container.textContent?.trim();

test('the badges say what they vouch for, and none below one paid gig', () => {
  expect(badges(13)).toBe('Phone verified Paid through Ghana Gigs: 13 gigs');
  cleanup();
  expect(badges(1)).toBe('Phone verified Paid through Ghana Gigs: 1 gig');
  cleanup();
  expect(badges(0)).toBe('Phone verified');
});

test.each(['ak', 'ee', 'gaa'] as const)('in %s the badges speak the language', async (language) => {
  setCatalog(language, await loadCatalog(language));
  for (const gigs of [1, 13]) {
    const text = badges(gigs) ?? '';
    cleanup();
    expect(text).toContain(String(gigs));
    expect(text).not.toMatch(/Phone verified|Paid through/);
  }
});
