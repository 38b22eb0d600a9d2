import { expect, type Page, test } from '@playwright/test';
import { CANCELLATION_POLICY_SENTENCES } from '../../contracts/engagements.ts';
import { api } from '../../contracts/paths.ts';
import {
  accept,
  applyToJob,
  postFixedPriceJob,
  requestBooking,
  saveArtistProfile,
} from '../../scripts/lib/engagement-setup.ts';
import {
  advanceTime,
  confirmCompleted,
  newPerson,
  type Person,
  payWith,
  WALLETS,
  walletOf,
  withFee,
} from './payments-support.ts';

const DAY = 86_400_000;
/** Three hours at GHS 245/hr: GHS 735.00, and the client pays GHS 771.75. */
const { total } = withFee(735_00);

/** An artist on the default policy (moderate), and a client with an accepted booking of them. */
async function acceptedBooking(browser: Parameters<typeof newPerson>[0], daysAhead: number) {
  const artist = await newPerson(browser, 'Kwame', 'artist');
  const stageName = `DJ Policy ${Date.now().toString(36)}`;
  const { id: artistId } = await saveArtistProfile(artist.context.request, stageName);
  const client = await newPerson(browser, 'Adjoa', 'employer');
  const now = await advanceTime([client, artist], 1);
  const venue = `Movenpick ${Date.now().toString(36)}`;
  const booking = await requestBooking(client.context.request, {
    artistId,
    eventDate: new Date(now + daysAhead * DAY),
    hours: 3,
    venue,
    totalAmount: '735.00',
  });
  expect(booking.cancellationPolicy).toBe('moderate');
  await accept(artist.context.request, { booking: booking.id });
  return { artist, client, artistId, stageName, venue, bookingId: booking.id };
}

function card(page: Page, venue: string) {
  return page.getByRole('listitem').filter({ hasText: venue });
}

/** The client pays from My Bookings with the wallet that approves. */
async function pay(client: Person, venue: string, stageName: string) {
  await client.page.goto('/dashboard?tab=bookings');
  const booking = card(client.page, venue);
  await booking.getByRole('button', { name: `Pay ${total}` }).click();
  const paying = await payWith(client.page, `Pay ${stageName}`, WALLETS.approves, total);
  await expect(paying.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
  await paying.getByRole('button', { name: 'Done' }).click();
  await expect(booking.getByText('Paid, held in escrow')).toBeVisible();
  return booking;
}

// Every payment here rings Paystack's one test wallet that approves, which takes 5 an hour:
// after each test the server's clock moves on an hour, so the specs after this one start afresh.
test.afterEach(async ({ request }) => {
  const moved = await request.post(api.devClock, { data: { advanceSeconds: 3600 } });
  expect(moved.ok(), await moved.text()).toBe(true);
});

test('a client cancels a moderate booking 3 days before: the dialog says half back, and half comes back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { artist, client, stageName, venue } = await acceptedBooking(browser, 3);
  const booking = await pay(client, venue, stageName);

  await booking.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = client.page.getByRole('dialog', { name: `Cancel your booking of ${stageName}?` });
  // Half of the price and half of the fee: GHS 367.50 + GHS 18.38.
  await expect(dialog.getByText(`You get back GHS 385.88 of the ${total} you paid.`)).toBeVisible();
  await expect(dialog.getByText(CANCELLATION_POLICY_SENTENCES.moderate)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(booking.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  expect((await walletOf(client)).spent).toBe('385.87');

  await Promise.all([artist.context.close(), client.context.close()]);
});

test('an artist cancels a paid booking: the client gets everything back, and the profile counts it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { artist, client, artistId, stageName, venue } = await acceptedBooking(browser, 3);
  await pay(client, venue, stageName);

  await artist.page.goto('/dashboard/artist');
  const gig = artist.page
    .getByRole('region', { name: 'Confirmed Bookings' })
    .getByRole('listitem')
    .filter({ hasText: venue });
  await gig.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = artist.page.getByRole('dialog', { name: `Cancel the booking of ${client.name}?` });
  await expect(dialog.getByText(`${client.name} gets back all ${total} they paid.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();

  expect((await walletOf(client)).spent).toBe('0.00');
  await client.page.goto(`/artists/${artistId}`);
  await expect(client.page.getByText('Cancelled 1 booking')).toBeVisible();

  await Promise.all([artist.context.close(), client.context.close()]);
});

test('a phone whose clock is a week wrong shows the right buttons', async ({ browser }) => {
  test.setTimeout(120_000);
  const { artist, client, stageName, venue } = await acceptedBooking(browser, 3);
  const booking = await pay(client, venue, stageName);

  // Before the event, on a phone a week ahead (past the event by its own clock): no Confirm.
  const before = await advanceTime([client, artist], 1);
  await client.context.clock.setSystemTime(new Date(before + 7 * DAY));
  await client.page.reload();
  await expect(booking.getByText('Paid, held in escrow')).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Confirm Completed' })).toHaveCount(0);

  // After the event, on a phone a week behind (before the event by its own clock): Confirm.
  const after = await advanceTime([client, artist], 4 * 86_400);
  await client.context.clock.setSystemTime(new Date(after - 7 * DAY));
  await client.page.reload();
  await expect(booking.getByRole('button', { name: 'Confirm Completed' })).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  await expect(booking.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

  await Promise.all([artist.context.close(), client.context.close()]);
});

test('an employer splits a job into two milestones, funds and releases the first, then the second', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const employer = await newPerson(browser, 'Ama', 'employer', 'Central');
  const worker = await newPerson(browser, 'Kojo', 'job_seeker', 'Central');
  const title = `Shop wall ${Date.now().toString(36)}`;
  await applyToJob(
    worker.context.request,
    (await postFixedPriceJob(employer.context.request, { title })).id,
  );

  const openApplicants = () =>
    employer.page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'View Applicants' })
      .click();
  await employer.page.goto('/dashboard/employer');
  await openApplicants();
  const applicant = employer.page.locator('li.deal-card').filter({ hasText: worker.name });
  await applicant.getByRole('button', { name: 'Accept' }).click();
  await expect(employer.page.getByText('Applicant Accepted')).toBeVisible();
  // The toast sits over the card's last button on a phone, and waits while a pointer is over it.
  await employer.page.getByRole('button', { name: 'Dismiss notification' }).click();

  // Two milestones that add up to the price.
  await applicant.getByRole('button', { name: 'Split into milestones' }).click();
  const split = employer.page.getByRole('dialog', { name: 'Pay in milestones' });
  await split.getByRole('button', { name: 'Add a milestone' }).click();
  await split.getByLabel('Title').nth(0).fill('Foundation');
  await split.getByLabel('Amount (GHS)').nth(0).fill('1000');
  await split.getByLabel('Title').nth(1).fill('Walls and roof');
  await split.getByLabel('Amount (GHS)').nth(1).fill('1500');
  await split.getByRole('button', { name: 'Save milestones' }).click();
  await expect(split).toBeHidden();
  const milestones = applicant.getByRole('list', { name: 'Milestones' }).locator('> li');
  await expect(milestones).toHaveCount(2);

  for (const [index, amount] of [
    [0, 1000_00],
    [1, 1500_00],
  ] as const) {
    const stage = milestones.nth(index);
    const { total: stageTotal } = withFee(amount);
    await stage.getByRole('button', { name: 'Fund this job' }).click();
    const paying = await payWith(employer.page, `Fund: ${title}`, WALLETS.approves, stageTotal);
    await expect(paying.getByText('Payment received')).toBeVisible({ timeout: 30_000 });
    await paying.getByRole('button', { name: 'Done' }).click();
    await expect(stage.getByText('Paid, held in escrow')).toBeVisible();
    // The other milestone is untouched by this one's money.
    if (index === 0) {
      await expect(milestones.nth(1).getByText('Unpaid', { exact: true })).toBeVisible();
    }
    await confirmCompleted(employer.page, stage);

    await worker.page.goto('/dashboard');
    const mine = worker.page
      .locator('li.deal-card')
      .filter({ hasText: title })
      .getByRole('list', { name: 'Milestones' })
      .locator('> li')
      .nth(index);
    await confirmCompleted(worker.page, mine);
    const earned = ((index === 0 ? 1000_00 : 2500_00) / 100).toFixed(2);
    await expect
      .poll(async () => {
        await advanceTime([employer, worker], 15);
        return (await walletOf(worker)).earned;
      })
      .toBe(earned);
    await employer.page.reload();
    await openApplicants();
    await expect(stage.getByText('Paid out', { exact: true })).toBeVisible();
  }

  await Promise.all([employer.context.close(), worker.context.close()]);
});
