import { expect, type Page, test } from '@playwright/test';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { saveArtistProfile } from '../../scripts/lib/engagement-setup.ts';
import {
  acceptedBooking,
  advanceTime,
  confirmCompleted,
  newPerson,
  type Person,
  payoutsOf,
  payWith,
  WALLETS,
  walletLater,
  walletOf,
  withFee,
} from './payments-support.ts';

/** 'YYYY-MM-DD' `days` from `now` (the browser's today unless given). */
const dayFromNow = (days: number, now = Date.now()) =>
  new Date(now + days * 86_400_000).toISOString().slice(0, 10);

/** An artist at GHS 245/hr: three hours are GHS 735.00, and the client pays GHS 771.75. */
async function newArtist(person: Person): Promise<{ id: number; stageName: string }> {
  const stageName = `DJ Escrow ${Date.now().toString(36)}`;
  const { id } = await saveArtistProfile(person.context.request, stageName);
  return { id, stageName };
}

const THREE_HOURS = 735_00;
const { fee, total } = withFee(THREE_HOURS);

function myBooking(page: Page, venue: string) {
  return page.getByRole('list', { name: 'My bookings' }).getByRole('listitem').filter({
    hasText: venue,
  });
}

test('a booking from request to payout: book, accept, pay, the event passes, both confirm, the artist is paid once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const artist = await newPerson(browser, 'Kwesi', 'artist');
  const { id: artistId, stageName } = await newArtist(artist);
  const client = await newPerson(browser, 'Akosua', 'employer');

  // The client books for tomorrow evening, by the server's clock (earlier specs moved it on):
  // both phones are set to it first.
  const serverNow = await advanceTime([client, artist], 1);
  const venue = `Labadi Beach Hotel ${Date.now().toString(36)}`;
  await client.page.goto(`/artists/${artistId}`);
  await client.page.getByRole('button', { name: 'Book Now' }).click();
  const bookingDialog = client.page.getByRole('dialog', { name: `Book ${stageName}` });
  await bookingDialog.getByLabel('Event Date').fill(dayFromNow(1, serverNow));
  await bookingDialog.getByLabel('Event Time').fill('19:00');
  await bookingDialog.getByLabel('Duration (hours)').fill('3');
  await bookingDialog.getByLabel('Venue').fill(venue);
  await bookingDialog.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(client.page.getByText('Booking Request Sent')).toBeVisible();

  // The artist accepts; the booking waits for the client's money.
  await artist.page.goto('/dashboard/artist');
  const request = artist.page
    .getByRole('region', { name: 'Pending Requests' })
    .getByRole('listitem')
    .filter({ hasText: venue });
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(artist.page.getByText('Booking Accepted')).toBeVisible();
  const gig = artist.page
    .getByRole('region', { name: 'Confirmed Bookings' })
    .getByRole('listitem')
    .filter({ hasText: venue });
  await expect(gig.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(gig.getByText(`Waiting for ${client.name} to pay.`, { exact: false })).toBeVisible();

  // The client pays from My Bookings: the fee is shown before paying, the fake approves.
  await client.page.goto('/dashboard?tab=bookings');
  const booking = myBooking(client.page, venue);
  await expect(booking.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(booking.getByText(`Booking total GHS 735.00 + service fee ${fee}`)).toBeVisible();
  await booking.getByRole('button', { name: `Pay ${total}` }).click();
  const paying = await payWith(client.page, `Pay ${stageName}`, WALLETS.approves, total);
  await expect(paying.getByText(`Approve ${total} on your phone.`)).toBeVisible();
  await expect(paying.getByText('No prompt? Dial *170#, My Wallet, My Approvals')).toBeVisible();
  await expect(paying.getByRole('timer', { name: 'Time left to approve' })).toHaveText(
    /^[23]:\d\d$/,
  );
  await expect(paying.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await paying.getByRole('button', { name: 'Done' }).click();
  await expect(booking.getByText('Paid, held in escrow')).toBeVisible();
  await expect(
    booking.getByText(/^Paid and held safely\. You can both confirm it was done from .+\.$/),
  ).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Confirm Completed' })).toHaveCount(0);

  // The event passes (two days on the server's clock and the browsers').
  await advanceTime([client, artist], 2 * 86_400);
  await client.page.reload();
  await expect(
    booking.getByText(`Your turn: confirm it was done. ${stageName} confirms too.`),
  ).toBeVisible();
  await confirmCompleted(client.page, booking);
  await expect(
    booking.getByText(`You confirmed. Waiting for ${stageName} to confirm.`),
  ).toBeVisible();

  await artist.page.reload();
  await expect(
    gig.getByText(`${client.name} confirmed. Your turn: confirm it was done.`),
  ).toBeVisible();
  await confirmCompleted(artist.page, gig);

  // Both confirmed: the money is released, and the payout settles on the simulator's clock
  // (moved on while we wait, as transfers take seconds there).
  await expect
    .poll(() => walletLater([client, artist], artist))
    .toMatchObject({ earned: '735.00', pendingPayout: '0.00', held: '0.00' });
  await artist.page.reload();
  const earnings = artist.page.getByRole('region', { name: 'Booking summary' });
  await expect(earnings.getByText('GHS 735.00')).toBeVisible();
  await artist.page.getByRole('tab', { name: 'Wallet' }).click();
  const walletTab = artist.page.getByRole('tabpanel', { name: 'Wallet' });
  await expect(walletTab.getByText('Earned').locator('..')).toContainText('GHS 735.00');
  await expect(walletTab.getByRole('list', { name: 'Wallet activity' })).toContainText(
    'GHS 735.00',
  );

  // Exactly one payout: the booking total (the fee is the client's), to the artist's number.
  expect(await payoutsOf(artist)).toEqual({
    sent: ['-735.00'],
    failed: 0,
    receipts: [
      expect.stringContaining(
        `Ghana Gigs sent GHS 735.00 to your MTN mobile money number ending ${artist.phone.slice(-3)}`,
      ),
    ],
  });

  // The client sees it completed and paid out, and what they spent.
  await client.page.reload();
  await expect(booking.getByText('Completed', { exact: true })).toBeVisible();
  await expect(booking.getByText('Paid out', { exact: true })).toBeVisible();
  expect((await walletOf(client)).spent).toBe('771.75');

  await Promise.all([artist.context.close(), client.context.close()]);
});

test('a declined payment says why and offers Try again; the retry with another wallet succeeds', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const artist = await newPerson(browser, 'Esi', 'artist');
  const { id: artistId, stageName } = await newArtist(artist);
  const client = await newPerson(browser, 'Yaa', 'job_seeker');

  // Booked and accepted through the API: this test is about paying.
  const venue = `Alisa Hotel ${Date.now().toString(36)}`;
  await acceptedBooking(client, artist, {
    artistId,
    days: 5,
    hours: 3,
    venue,
    totalAmount: '735.00',
  });

  await client.page.goto('/dashboard?tab=bookings');
  const booking = myBooking(client.page, venue);
  await booking.getByRole('button', { name: `Pay ${total}` }).click();
  const paying = await payWith(client.page, `Pay ${stageName}`, WALLETS.declined, total);
  await expect(paying.getByText('Payment failed')).toBeVisible({ timeout: 20_000 });
  await expect(paying.getByRole('alert')).toContainText(PAYMENT_MESSAGES.declined);

  await paying.getByRole('button', { name: 'Try again' }).click();
  await expect(paying.getByLabel('Mobile money number')).toHaveValue(WALLETS.declined);
  await payWith(client.page, `Pay ${stageName}`, WALLETS.approves, total);
  await expect(paying.getByText(`Approve ${total} on your phone.`)).toBeVisible();
  await expect(paying.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await paying.getByRole('button', { name: 'Done' }).click();
  await expect(booking.getByText('Paid, held in escrow')).toBeVisible();
  // Only the charge that went through counts.
  expect((await walletOf(client)).spent).toBe('771.75');
  expect((await walletOf(artist)).held).toBe('735.00');

  await Promise.all([artist.context.close(), client.context.close()]);
});
