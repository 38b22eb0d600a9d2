/** Paying, completion, the wallet and a funded hire (SCREENS=payments shoots only these). */
import type { Browser, BrowserContext } from 'playwright-core';
import { api } from '../../contracts/paths.ts';
import { signUp } from '../lib/browser-sign-in.ts';
import {
  accept,
  applyToJob,
  postFixedPriceJob,
  requestBooking,
  saveArtistProfile,
} from '../lib/engagement-setup.ts';
import { newContext, OUT, type Size, shot } from './shots.ts';

/** A booking of `artistId` for `days` ahead, accepted by the artist: ready to be paid. */
export async function acceptedBooking(
  client: BrowserContext,
  artist: BrowserContext,
  artistId: number,
  days: number,
  venue: string,
) {
  // The server's clock, which the test clock may have moved ahead of this machine's (a one-second
  // step is the way to read it).
  const tick = await client.request.post(api.devClock, { data: { advanceSeconds: 1 } });
  const serverNow = Date.parse(((await tick.json()) as { now: string }).now);
  const { id } = await requestBooking(client.request, {
    artistId,
    eventDate: new Date(serverNow + days * 86_400_000),
    hours: 3,
    eventType: 'Wedding reception',
    venue,
    totalAmount: '735.00',
  });
  await accept(artist.request, { booking: id });
}

/** The Approve link the dev provider put in the dev outbox for a prompt on `phone`. */
async function approveLink(context: BrowserContext, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const outbox = await context.request.get(`${api.devOutbox}?to=${encodeURIComponent(phone)}`);
    const body = ((await outbox.json()) as { body: string }[])[0]?.body ?? '';
    const link = /Approve: (\S+)/.exec(body)?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No payment prompt for ${phone}`);
}

/** Paying, completion and the wallet, for a client and an artist made for the purpose. */
export async function paymentScreens(browser: Browser, size: Size) {
  const artist = await newContext(browser, size);
  const client = await newContext(browser, size);
  await Promise.all([artist.clock.install(), client.clock.install()]);
  await signUp(artist.request, 'artist', {
    firstName: 'Yaw',
    lastName: 'Darko',
    region: 'Greater Accra',
  });
  const stageName = 'DJ Kasa';
  const { id: artistId } = await saveArtistProfile(artist.request, stageName);
  const { phone: clientPhone } = await signUp(client.request, 'employer', {
    firstName: 'Adwoa',
    lastName: 'Asantewaa',
    region: 'Greater Accra',
  });
  await acceptedBooking(client, artist, artistId, 1, 'Labadi Beach Hotel, Accra');

  const page = await client.newPage();
  await page.goto('/dashboard/employer?tab=bookings');
  await page.getByRole('button', { name: /^Pay GHS/ }).waitFor();
  await shot(page, 'pay-my-bookings-unpaid');
  await client.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.getByText('Paying needs a connection. Connect to the internet to pay.').waitFor();
  await shot(page, 'pay-offline');
  await client.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  await page.getByRole('button', { name: /^Pay GHS/ }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${stageName}` });
  await dialog.waitFor();
  await page.screenshot({ path: `${OUT}/pay-dialog-choose-${size.width}.png` });
  await dialog.getByRole('button', { name: /^Pay GHS/ }).click();
  await dialog.getByRole('timer').waitFor();
  await page.waitForTimeout(2200);
  await page.screenshot({ path: `${OUT}/pay-dialog-approve-${size.width}.png` });
  await page.request.get(await approveLink(client, clientPhone));
  await dialog.getByText('Payment received').waitFor({ timeout: 30_000 });
  await page.screenshot({ path: `${OUT}/pay-dialog-paid-${size.width}.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Paid, held in escrow').first().waitFor();
  await shot(page, 'pay-my-bookings-held');

  // A second booking: declined, then a wallet that asks for a code.
  await acceptedBooking(client, artist, artistId, 9, 'Movenpick Ambassador Hotel, Accra');
  await page.reload();
  await page.getByRole('button', { name: /^Pay GHS/ }).click();
  await dialog.getByLabel('Mobile money number').fill('+233240000001');
  await dialog.getByRole('button', { name: /^Pay GHS/ }).click();
  await dialog.getByText('Payment failed').waitFor();
  await page.screenshot({ path: `${OUT}/pay-dialog-failed-${size.width}.png` });
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await dialog.getByLabel('Mobile money number').fill('+233200000002');
  await dialog.getByRole('button', { name: /^Pay GHS/ }).click();
  await dialog.getByLabel('Code').waitFor();
  await page.screenshot({ path: `${OUT}/pay-dialog-otp-${size.width}.png` });
  await page.keyboard.press('Escape');

  // The event passes: two days on the server's clock and the browsers'.
  const moved = await client.request.post(api.devClock, { data: { advanceSeconds: 2 * 86_400 } });
  const { now } = (await moved.json()) as { now: string };
  await Promise.all([
    client.clock.setSystemTime(new Date(now)),
    artist.clock.setSystemTime(new Date(now)),
  ]);
  await page.reload();
  await page.getByRole('button', { name: 'Confirm Completed' }).waitFor();
  await shot(page, 'completion-client-turn');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  await page.getByRole('dialog', { name: 'Report a problem' }).waitFor();
  await page.screenshot({ path: `${OUT}/report-problem-${size.width}.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Confirm Completed' }).click();
  const asked = page.getByRole('dialog', { name: 'Confirm the work was done?' });
  await asked.waitFor();
  await page.screenshot({ path: `${OUT}/confirm-completed-dialog-${size.width}.png` });
  await asked.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText(/^You confirmed\. Waiting for/).waitFor();
  await shot(page, 'completion-client-waiting');

  const artistPage = await artist.newPage();
  await artistPage.goto('/dashboard/artist');
  await artistPage.getByRole('button', { name: 'Confirm Completed' }).waitFor();
  await shot(artistPage, 'completion-artist-turn');
  await artistPage.getByRole('button', { name: 'Confirm Completed' }).click();
  await artistPage
    .getByRole('dialog', { name: 'Confirm the work was done?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await artistPage.getByText('Completion Confirmed').waitFor();
  await client.request.post(api.devClock, { data: { advanceSeconds: 60 } });
  await artistPage.reload();
  await artistPage.getByRole('tab', { name: 'Wallet' }).click();
  await artistPage.getByRole('list', { name: 'Wallet activity' }).waitFor();
  await shot(artistPage, 'wallet-artist');
  await artistPage.getByRole('button', { name: 'Change' }).click();
  await shot(artistPage, 'wallet-payout-form');
  await page.reload();
  await page.getByText('Completed', { exact: true }).first().waitFor();
  await shot(page, 'pay-my-bookings-released');

  // A hire: the employer funds it, the worker waits for the money.
  const worker = await newContext(browser, size);
  await signUp(worker.request, 'job_seeker', {
    firstName: 'Kojo',
    lastName: 'Mensah',
    region: 'Central',
  });
  const job = await postFixedPriceJob(client.request, {
    title: 'Mason for a shop in Cape Coast',
    description: 'Build a block wall and plaster it.',
  });
  const { id: applicationId } = await applyToJob(worker.request, job.id);
  await accept(client.request, { application: applicationId });
  await page.goto('/dashboard/employer');
  await page.getByRole('button', { name: 'View Applicants' }).first().click();
  await page.getByRole('button', { name: 'Fund this job' }).waitFor();
  await shot(page, 'employer-applicants-fund');
  const workerPage = await worker.newPage();
  await workerPage.goto('/dashboard');
  await workerPage.getByText(/^Waiting for the employer to fund this job/).waitFor();
  await shot(workerPage, 'seeker-application-unfunded');
  await Promise.all([artist.close(), client.close(), worker.close()]);
}
