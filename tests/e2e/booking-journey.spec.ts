import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../api/dev/seed/seed-data.ts';
import type { Artist } from '../../contracts/artists.ts';
import { formatGhs } from '../../contracts/money.ts';
import { signIn, signUp } from '../../scripts/lib/browser-sign-in.ts';

/** 'YYYY-MM-DD' `days` from today. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a client books a demo artist by the hour; the artist sees the pending request', async ({
  page,
  browser,
}) => {
  // The seed's demo artist (README: Yaw Darko, +233241000003) owns DJ Kasa, who has rates.
  const artists = (await (await page.request.get('/api/artists')).json()) as Artist[];
  const djKasa = artists.find((artist) => artist.stageName === DEMO_USERS.artist.stageName);
  if (!djKasa?.hourlyRate) throw new Error('the seed should have DJ Kasa with an hourly rate');

  const clientName = `Esi${Math.floor(Math.random() * 1e4)}`;
  await signUp(page.request, 'employer', {
    firstName: clientName,
    lastName: 'Quaye',
    region: 'Greater Accra',
  });

  await page.goto('/artists');
  await page.getByRole('searchbox', { name: 'Search artists' }).fill('DJ Kasa');
  // The search is sent once typing pauses, and its results replace the list: wait for them, or
  // the tap may land on the list as it is swapped for the loading cards.
  await expect(page.getByText('1 artist(s) found')).toBeVisible();
  await page.getByRole('link', { name: 'View Profile: DJ Kasa' }).click();
  await expect(page.getByRole('heading', { name: 'DJ Kasa', level: 1 })).toBeVisible();
  await expect(page.getByText(`${formatGhs(djKasa.hourlyRate)}/hr`).first()).toBeVisible();

  // Tabs are keyboard-operable.
  const about = page.getByRole('tab', { name: 'About' });
  await expect(about).toHaveAttribute('aria-selected', 'true');
  await about.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Portfolio' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Portfolio' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const availability = page.getByRole('tabpanel', { name: 'Availability' });
  await expect(
    availability
      .getByText(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} \w+ \d{4}$/)
      .first(),
  ).toBeVisible();
  expect(await availability.getByRole('listitem').count()).toBeLessThanOrEqual(5);

  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book DJ Kasa' });
  await expect(dialog).toBeVisible();
  const rateType = dialog.getByLabel('Rate Type');
  await expect(rateType).toHaveValue('hourly');
  const total = dialog.getByRole('status');
  await expect(total).toHaveText(formatGhs(djKasa.hourlyRate));

  // The Total Amount follows the duration.
  await dialog.getByLabel('Duration (hours)').fill('3');
  await expect(total).toHaveText(formatGhs(Number(djKasa.hourlyRate) * 3));
  await dialog.getByLabel('Duration (hours)').fill('4');
  await expect(total).toHaveText(formatGhs(Number(djKasa.hourlyRate) * 4));
  if (djKasa.eventRate) {
    await rateType.selectOption('event');
    await expect(total).toHaveText(formatGhs(djKasa.eventRate));
    await rateType.selectOption('hourly');
  }

  await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(dialog.getByText('Event date is required')).toBeVisible();
  await expect(dialog.getByText('Event time is required')).toBeVisible();
  await expect(dialog.getByText('Venue is required')).toBeVisible();

  const venue = `Labadi Beach Hotel ${Date.now().toString(36)}`;
  await dialog.getByLabel('Event Date').fill(dayFromNow(30));
  await dialog.getByLabel('Event Time').fill('18:30');
  await dialog.getByLabel('Event Type').fill('Wedding reception');
  await dialog.getByLabel('Venue').fill(venue);
  await dialog.getByLabel('Event Details').fill('About 200 guests; highlife and afrobeats.');
  await expect(total).toHaveText(formatGhs(Number(djKasa.hourlyRate) * 4));
  await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByText('Booking Request Sent')).toBeVisible();
  await expect(
    page.getByText('The artist will review your booking request and respond soon.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Closing reset the form.
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(dialog.getByLabel('Venue')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const artist = await browser.newContext();
  await signIn(artist.request, DEMO_USERS.artist.phoneNumber);
  const artistPage = await artist.newPage();
  await artistPage.goto('/dashboard/artist');
  await expect(artistPage.getByRole('heading', { name: 'Artist Dashboard' })).toBeVisible();
  const pending = artistPage.getByRole('region', { name: 'Pending Requests' });
  const request = pending.getByRole('listitem').filter({ hasText: venue });
  await expect(request.getByText(`${clientName} Quaye`)).toBeVisible();
  await expect(request.getByText(formatGhs(Number(djKasa.hourlyRate) * 4))).toBeVisible();
  // Decisions are enabled now that the marketplace loop is closed (see marketplace-loop.spec.ts).
  await expect(request.getByRole('button', { name: 'Accept' })).toBeEnabled();
  await expect(request.getByRole('button', { name: 'Reject' })).toBeEnabled();
  await artist.close();
});
