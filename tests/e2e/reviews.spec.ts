import { expect, type Page, test } from '@playwright/test';
import type { ClientBooking } from '../../contracts/bookings.ts';
import { api } from '../../contracts/paths.ts';
import { saveArtistProfile } from '../../scripts/lib/engagement-setup.ts';
import {
  acceptedBooking,
  advanceTime,
  newPerson,
  type Person,
  WALLETS,
} from './payments-support.ts';

/** The artist's card on the artists list, found by searching their stage name. */
async function artistCard(page: Page, stageName: string) {
  await page.goto('/artists');
  await page.getByLabel('Search artists').fill(stageName);
  const card = page.getByRole('article', { name: stageName });
  await expect(card).toBeVisible();
  return card;
}

/** Books the artist for tomorrow, accepts, pays (the dev wallet that approves), as the API. */
async function paidBooking(client: Person, artist: Person, artistId: number, venue: string) {
  const id = await acceptedBooking(client, artist, {
    artistId,
    days: 1,
    hours: 2,
    venue,
    totalAmount: '600.00',
  });
  const paying = await client.context.request.post(api.payEngagement('bookings', id), {
    data: { phoneNumber: WALLETS.approves, network: 'mtn' },
  });
  expect(paying.status(), await paying.text()).toBe(202);
  // The scripted wallet approves by itself after 5 s of the server's clock.
  await expect
    .poll(async () => {
      await advanceTime([client, artist], 10);
      const mine = await client.context.request.get(api.clientBookings);
      const booking = ((await mine.json()) as ClientBooking[]).find((item) => item.id === id);
      return booking?.payment.status;
    })
    .toBe('held');
  return id;
}

test('after a completed booking the client leaves a review, and the rating on the artists list card changes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const artist = await newPerson(browser, 'Kwaku', 'artist');
  const stageName = `Highlife Review ${Date.now().toString(36)}`;
  const { id: artistId } = await saveArtistProfile(artist.context.request, stageName, {
    performanceTypes: ['Band'],
    region: 'Ashanti',
    hourlyRate: '300',
  });
  const client = await newPerson(browser, 'Efua', 'employer');

  // Nobody has reviewed the artist: the card shows no rating at all.
  let card = await artistCard(client.page, stageName);
  await expect(card.getByText(/\(\d+ reviews?\)/)).toHaveCount(0);

  // Booked, paid, performed and confirmed by both: completed.
  const venue = `Jubilee Park ${Date.now().toString(36)}`;
  const id = await paidBooking(client, artist, artistId, venue);
  await advanceTime([client, artist], 2 * 86_400);
  for (const side of [client, artist]) {
    const confirmed = await side.context.request.post(api.confirmEngagement('bookings', id));
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  }

  // My Bookings: the completed booking offers Leave a review.
  await client.page.goto('/dashboard?tab=bookings');
  const booking = client.page
    .getByRole('list', { name: 'My bookings' })
    .getByRole('listitem')
    .filter({ hasText: venue });
  await expect(booking.getByText('Completed', { exact: true })).toBeVisible();
  await booking.getByRole('button', { name: 'Leave a review' }).click();
  const dialog = client.page.getByRole('dialog', { name: `Review ${stageName}` });
  await dialog.getByRole('radio', { name: '4 out of 5 stars' }).check();
  await dialog.getByLabel(/Comment/).fill('Great band, the guests danced all evening.');
  await dialog.getByRole('button', { name: 'Send Review' }).click();
  await expect(client.page.getByText('Review Sent')).toBeVisible();
  await expect(booking.getByText(`Your review of ${stageName}`)).toBeVisible();
  await expect(booking.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Leave a review' })).toHaveCount(0);
  await expect(booking.getByRole('button', { name: 'Edit review' })).toBeVisible();

  // The artists list card now shows the rating from that review.
  card = await artistCard(client.page, stageName);
  await expect(card.getByText('4.0 (1 review)')).toBeVisible();

  // The profile's Reviews tab lists it with the reviewer's first name; the artist replies once.
  await artist.page.goto('/dashboard/artist');
  const done = artist.page
    .getByRole('region', { name: 'Completed Bookings' })
    .getByRole('listitem')
    .filter({ hasText: venue });
  await expect(done.getByText('Their review of you')).toBeVisible();
  await done.getByRole('button', { name: 'Reply' }).click();
  const replying = artist.page.getByRole('dialog', { name: 'Reply to the review' });
  await replying.getByLabel('Your reply').fill('Medaase! It was a lovely evening.');
  await replying.getByRole('button', { name: 'Send Reply' }).click();
  await expect(artist.page.getByText('Reply Sent')).toBeVisible();
  await expect(done.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  await client.page.goto(`/artists/${artistId}`);
  await expect(client.page.getByText('4.0 (1 review)')).toBeVisible();
  await client.page.getByRole('tab', { name: 'Reviews' }).click();
  const reviews = client.page.getByRole('tabpanel', { name: 'Reviews' });
  await expect(reviews.getByText('Great band, the guests danced all evening.')).toBeVisible();
  await expect(reviews.getByText(client.name.split(' ')[0] ?? '', { exact: false })).toBeVisible();
  await expect(reviews.getByText('Medaase! It was a lovely evening.')).toBeVisible();

  await Promise.all([artist.context.close(), client.context.close()]);
});
