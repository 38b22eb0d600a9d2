import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import type { Artist } from '../../contracts/artists.ts';
import { cleanDisplayName } from '../../contracts/display-name.ts';
import { formatGhs } from '../../contracts/money.ts';
import { signUp } from '../../scripts/lib/browser-sign-in.ts';

/** 'YYYY-MM-DD' `days` from today. */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signedInPage(
  browser: Browser,
  firstName: string,
  role: 'artist' | 'employer' | 'job_seeker',
) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const { phone } = await signUp(context.request, role, {
    firstName,
    lastName: 'Adjei',
    region: 'Volta',
  });
  return { page: await context.newPage(), phone, close: () => context.close() };
}

async function bookFor(
  page: Page,
  artistId: number,
  stageName: string,
  day: string,
  venue: string,
) {
  await page.goto(`/artists/${artistId}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${stageName}` });
  await dialog.getByLabel('Event Date').fill(day);
  await dialog.getByLabel('Event Time').fill('19:00');
  await dialog.getByLabel('Duration (hours)').fill('3');
  await expect(dialog.getByRole('status')).toHaveText(formatGhs(350 * 3));
  await dialog.getByLabel('Venue').fill(venue);
  await dialog.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(page.getByText('Booking Request Sent')).toBeVisible();
}

test('an artist sets rates and dates, a client books, the artist accepts, a clash is refused, the client is asked to pay', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const stageName = `DJ Volta ${Date.now().toString(36)}`;
  const artist = await signedInPage(browser, 'Selasi', 'artist');

  // A new artist has no rate: the public profile says so and offers no Book Now.
  const me = (await (await artist.page.request.get('/api/artists/me')).json()) as Artist;
  await artist.page.goto(`/artists/${me.id}`);
  await expect(
    artist.page.getByText("This artist hasn't set a rate yet, so bookings are not open yet."),
  ).toBeVisible();
  await expect(artist.page.getByRole('button', { name: 'Book Now' })).toHaveCount(0);

  // The artist edits the profile from the dashboard.
  await artist.page.goto('/dashboard/artist');
  await artist.page.getByRole('tab', { name: 'Profile' }).click();
  const profile = artist.page.getByRole('form', { name: 'Your Profile' });
  await profile.getByLabel('Stage Name').fill(stageName);
  await profile
    .getByLabel('Bio')
    .fill('Afrobeats, highlife and borborbor for weddings in Ho and Hohoe.');
  await profile.getByLabel('DJ').check();
  await profile.getByLabel('Hourly Rate (GHS)').fill('350');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(artist.page.getByText('Profile Saved')).toBeVisible();
  const availability = artist.page.getByRole('form', { name: 'Availability' });
  await availability.getByRole('button', { name: 'Add Date' }).click();
  await availability.getByLabel('Date 1', { exact: true }).fill(dayFromNow(12));
  await availability.getByLabel('Time slot 1', { exact: true }).fill('18:00 - 23:00');
  await availability.getByRole('button', { name: 'Save Availability' }).click();
  await expect(artist.page.getByText('Availability Saved')).toBeVisible();

  // A portfolio picture goes up and comes back as a small WebP copy served by us.
  await artist.page.getByRole('tab', { name: 'Portfolio' }).click();
  const picture = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#c8102e' },
  })
    .jpeg()
    .toBuffer();
  await artist.page
    .getByLabel('Choose a picture to upload')
    .setInputFiles({ name: 'stage.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(artist.page.getByText('Picture Added')).toBeVisible();
  const uploaded = artist.page.getByRole('img', { name: `${stageName}, portfolio 1` });
  await expect(uploaded).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/);
  await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  // A second picture, then the first removed: the one removed is the one chosen (by its id).
  const firstSrc = await uploaded.getAttribute('src');
  const crowd = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#0b6e4f' },
  })
    .png()
    .toBuffer();
  await artist.page
    .getByLabel('Choose a picture to upload')
    .setInputFiles({ name: 'crowd.png', mimeType: 'image/png', buffer: crowd });
  const secondPicture = artist.page.getByRole('img', { name: `${stageName}, portfolio 2` });
  await expect(secondPicture).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/);
  const secondSrc = await secondPicture.getAttribute('src');
  await artist.page
    .getByRole('listitem')
    .filter({ has: uploaded })
    .getByRole('button', { name: 'Remove' })
    .click();
  await artist.page
    .getByRole('dialog', { name: 'Remove this picture?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  const pictures = artist.page.getByRole('img', { name: new RegExp(`^${stageName}, portfolio`) });
  await expect(pictures).toHaveCount(1);
  await expect(pictures).toHaveAttribute('src', secondSrc ?? '');
  expect(secondSrc).not.toBe(firstSrc);

  // A client finds the new rate and date and books.
  const client = await signedInPage(browser, 'Dzifa', 'employer');
  await client.page.goto(`/artists/${me.id}`);
  await expect(client.page.getByRole('heading', { name: stageName, level: 1 })).toBeVisible();
  await expect(client.page.getByText('GHS 350.00/hr').first()).toBeVisible();
  await client.page.getByRole('tab', { name: 'Availability' }).click();
  await expect(client.page.getByText('18:00 - 23:00')).toBeVisible();
  const day = dayFromNow(12);
  await bookFor(client.page, me.id, stageName, day, 'Volta Serene Hotel, Ho');

  // A second client wants the same day.
  const rival = await signedInPage(browser, 'Edem', 'job_seeker');
  await bookFor(rival.page, me.id, stageName, day, 'Chances Hotel, Ho');

  // The artist accepts the first; the clash is refused with a clear message.
  await artist.page.goto('/dashboard/artist');
  const pending = artist.page.getByRole('region', { name: 'Pending Requests' });
  const first = pending.getByRole('listitem').filter({ hasText: 'Volta Serene Hotel, Ho' });
  await first.getByRole('button', { name: 'Accept' }).click();
  await expect(artist.page.getByText('Booking Accepted')).toBeVisible();
  const confirmed = artist.page.getByRole('region', { name: 'Confirmed Bookings' });
  await expect(confirmed.getByText('Volta Serene Hotel, Ho')).toBeVisible();
  const second = pending.getByRole('listitem').filter({ hasText: 'Chances Hotel, Ho' });
  await second.getByRole('button', { name: 'Accept' }).click();
  await expect(artist.page.getByText(/^You already have an accepted booking on /)).toBeVisible();
  await expect(second.getByText('Pending', { exact: true })).toBeVisible();

  // The client sees it accepted under My Bookings and is told by SMS.
  await client.page.goto('/dashboard?tab=bookings');
  const booking = client.page
    .getByRole('list', { name: 'My bookings' })
    .getByRole('listitem')
    .first();
  await expect(booking.getByRole('link', { name: stageName })).toBeVisible();
  await expect(booking.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(booking.getByText('Volta Serene Hotel, Ho')).toBeVisible();
  await expect(booking.getByText(formatGhs(1050), { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const outbox = await client.page.request.get(
        `/api/dev/outbox?to=${encodeURIComponent(client.phone)}`,
      );
      return ((await outbox.json()) as { body: string }[])[0]?.body ?? '';
    })
    .toContain(`${cleanDisplayName(stageName)} accepted your booking`);
  // Accepted, the booking is paid next, its fee shown before paying (the escrow journey to the
  // artist's payout is payments-booking.spec.ts).
  await expect(booking.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(booking.getByRole('button', { name: `Pay ${formatGhs(1102.5)}` })).toBeVisible();
  await expect(
    booking.getByText(`Booking total ${formatGhs(1050)} + service fee ${formatGhs(52.5)}`),
  ).toBeVisible();

  await Promise.all([artist.close(), client.close(), rival.close()]);
});
