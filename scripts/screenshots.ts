/**
 * Headless screenshots of every screen at phone and desktop sizes, for a visual review.
 *
 *   npx vite build && DATABASE_PATH=.tmp/shots.db SEED_DEMO=1 PORT=4180 TEST_CLOCK=1 npx tsx api/server.ts &
 *   BASE_URL=http://127.0.0.1:4180 npx tsx scripts/screenshots.ts
 *
 * Writes .tmp/screens/<name>-<width>.png. Uses Debian's Chromium (CHROMIUM_PATH to override).
 * The payment screens need the dev payments provider (the default) and the test clock
 * (TEST_CLOCK=1, which moves the server past an event date); SCREENS=payments shoots only them.
 * SCREENS=trust shoots only trust and safety (who posts, Report, held and hidden listings, the
 * employer profile, the operator's screen); it makes an operator with `npm run admin:grant`, so
 * it needs the server's DATABASE_PATH in its own environment too.
 * SCREENS=reviews shoots only the screens that show ratings and reviews, from the demo data.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page, request } from 'playwright-core';
import { DEMO_USERS } from '../api/dev/seed/seed-data.ts';
import type { Artist } from '../contracts/artists.ts';
import type { Booking } from '../contracts/bookings.ts';
import type { Job } from '../contracts/jobs.ts';
import { api } from '../contracts/paths.ts';
import { latestCode, signIn, signUp } from './lib/browser-sign-in.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { randomPhone } from './lib/sign-up.ts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:4180';
const OUT = '.tmp/screens';
const ONLY_PAYMENTS = process.env.SCREENS === 'payments';
const ONLY_TRUST = process.env.SCREENS === 'trust';
const ONLY_REVIEWS = process.env.SCREENS === 'reviews';
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(250);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs a demo user in once (codes are 60 s apart per phone) and keeps the cookie. */
async function demoSession(phone: string): Promise<StorageState> {
  const client = await request.newContext({ baseURL: BASE_URL });
  await signIn(client, phone);
  const state = await client.storageState();
  await client.dispose();
  return state;
}

async function newContext(
  browser: Browser,
  size: (typeof SIZES)[number],
  storageState?: StorageState,
) {
  return browser.newContext({
    baseURL: BASE_URL,
    storageState,
    viewport: size,
    locale: 'en-GB',
    timezoneId: 'Africa/Accra',
  });
}

async function guestScreens(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/');
  await shot(page, 'landing');
  await page.goto('/jobs');
  await page.getByText(/job\(s\) found/).waitFor();
  await shot(page, 'jobs');
  await page.goto('/jobs?q=zzzzzz');
  await page.getByText('No jobs found').waitFor();
  await shot(page, 'jobs-empty');
  // Offline, a new search looks through the jobs saved on the phone.
  await page.goto('/jobs');
  await page.getByText(/job\(s\) found/).waitFor();
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('shop');
  await page.getByText(/saved job\(s\) found|Not saved on this phone/).waitFor();
  await shot(page, 'jobs-offline-search');
  await context.setOffline(false);
  await page.goto('/jobs');
  await page
    .getByRole('link', { name: /^View Details/ })
    .first()
    .click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shot(page, 'job-detail');
  await page.goto('/jobs/999999');
  await page.getByText('Job Not Found').waitFor();
  await shot(page, 'job-not-found');
  await page.goto('/artists');
  await page.getByText(/artist\(s\) found/).waitFor();
  await shot(page, 'artists');
  await page
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'About' }).waitFor();
  await shot(page, 'artist-about');
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await shot(page, 'artist-portfolio');
  await page.getByRole('tab', { name: 'Availability' }).click();
  await shot(page, 'artist-availability');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('list', { name: 'Reviews' }).waitFor();
  await shot(page, 'artist-reviews');
  await page.goto('/artists/999999');
  await page.getByText('Artist Not Found').waitFor();
  await shot(page, 'artist-not-found');
  await page.goto('/no-such-page');
  await page.getByText('404 Page Not Found').waitFor();
  await shot(page, 'not-found');

  await page.goto('/login');
  await shot(page, 'login-phone');
  await page.getByLabel('Phone Number').fill('+2331');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await shot(page, 'login-phone-error');
  const phone = randomPhone();
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByText('Enter Verification Code').waitFor();
  await shot(page, 'login-code');
  await page.getByLabel('Verification Code').fill(await latestCode(context.request, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
  await page.getByRole('button', { name: 'Complete Sign Up' }).click();
  await shot(page, 'login-profile');
  await page.close();
}

async function employerScreens(context: BrowserContext) {
  await signUp(context.request, 'employer', {
    firstName: 'Ama',
    lastName: 'Owusu',
    region: 'Ashanti',
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-employer');
  await page.goto('/post-job');
  await shot(page, 'post-job-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-1-blocked');
  await page.getByText('Skilled Trades').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-2-blocked');
  await page.getByLabel('Job Title').fill('Electrician to rewire a shop');
  await page
    .getByLabel('Description')
    .fill('Rewire a small shop in Adum, Kumasi, including new sockets and a distribution board.');
  await page.getByLabel('Required Skills').fill('Wiring, Safety, Solar, Testing');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-3-blocked');
  await page.getByLabel('Region').selectOption('Ashanti');
  await page.getByLabel('Hourly Rate (GHS)').fill('45');
  await page.getByLabel('Estimated Hours').fill('16');
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'post-job-4-review');
  await page.goto('/dashboard/employer');
  await page.getByText('Active Jobs', { exact: true }).waitFor();
  await shot(page, 'dashboard-employer-empty');
  await page.close();
}

async function employerDemoScreens(page: Page) {
  await page.goto('/dashboard/employer');
  await page.getByRole('button', { name: 'View Applicants' }).first().click();
  await shot(page, 'dashboard-employer-applicants');
  await page.getByRole('tab', { name: 'My Jobs' }).click();
  await shot(page, 'dashboard-employer');
  await page.getByRole('button', { name: 'Close Job' }).first().click();
  await page.getByRole('dialog', { name: 'Close this job?' }).waitFor();
  await page.screenshot({ path: `${OUT}/close-job-dialog-${page.viewportSize()?.width}.png` });
  await page.keyboard.press('Escape');
}

async function seekerDemoScreens(page: Page) {
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-seeker');
  await page.goto('/dashboard');
  await page.getByText('Total Earnings').waitFor();
  await shot(page, 'dashboard-seeker');
  await page.getByRole('tab', { name: 'Wallet' }).click();
  await shot(page, 'dashboard-seeker-wallet');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await shot(page, 'dashboard-seeker-profile');
  await page.goto('/jobs');
  await page
    .getByRole('link', { name: /^View Details/ })
    .nth(3)
    .click();
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'apply-dialog');
}

async function clientDemoScreens(page: Page) {
  await page.goto('/artists');
  await page
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'booking-dialog');
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-client');
  await page.getByRole('link', { name: 'My Bookings' }).click();
  await page.getByRole('list', { name: 'My bookings' }).waitFor();
  await shot(page, 'dashboard-my-bookings');
  await reviewDialogScreen(page);
}

/** The demo client's completed booking: Leave a review, and its dialog with four stars. */
async function reviewDialogScreen(page: Page) {
  await page.goto('/dashboard?tab=bookings');
  await page.getByRole('button', { name: 'Leave a review' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '4 out of 5 stars' }).check();
  await dialog.getByLabel(/Comment/).fill('Played all our requests and kept the elders dancing.');
  await shot(page, 'review-dialog');
}

/** Ratings and reviews alone (SCREENS=reviews): the artists list, a profile, the cards. */
async function reviewScreens(
  browser: Browser,
  size: (typeof SIZES)[number],
  states: { client: StorageState; artist: StorageState },
) {
  const guest = await newContext(browser, size);
  const page = await guest.newPage();
  await page.goto('/artists');
  await page.getByText(/artist\(s\) found/).waitFor();
  await shot(page, 'artists');
  await page
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await page.getByRole('tab', { name: 'About' }).waitFor();
  await shot(page, 'artist-about');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('list', { name: 'Reviews' }).waitFor();
  await shot(page, 'artist-reviews');
  await guest.close();
  const client = await newContext(browser, size, states.client);
  const clientPage = await client.newPage();
  await clientPage.goto('/dashboard?tab=bookings');
  await clientPage.getByRole('button', { name: 'Leave a review' }).first().waitFor();
  await shot(clientPage, 'dashboard-my-bookings');
  await reviewDialogScreen(clientPage);
  await client.close();
  const artist = await newContext(browser, size, states.artist);
  const artistPage = await artist.newPage();
  await artistPage.goto('/dashboard/artist');
  await artistPage.getByText('Completed Bookings').first().waitFor();
  await shot(artistPage, 'dashboard-artist');
  await artist.close();
}

async function artistDemoScreens(page: Page) {
  await page.goto('/');
  await page.getByText('Welcome back').waitFor();
  await shot(page, 'home-artist');
  await page.goto('/dashboard/artist');
  await page.getByText('Pending Requests').first().waitFor();
  await shot(page, 'dashboard-artist');
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await shot(page, 'dashboard-artist-calendar');
  await page.getByRole('tab', { name: 'Portfolio' }).click();
  await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
  await shot(page, 'dashboard-artist-portfolio');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Save Profile' }).waitFor();
  await shot(page, 'dashboard-artist-profile');
}

/** A booking of `artistId` for `days` ahead, accepted by the artist: ready to be paid. */
async function acceptedBooking(
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
  const created = await client.request.post(api.bookings, {
    data: {
      artistId,
      eventDate: new Date(serverNow + days * 86_400_000).toISOString(),
      eventDuration: 3,
      eventType: 'Wedding reception',
      venue,
      totalAmount: '735.00',
      rateType: 'hourly',
    },
  });
  const { id } = (await created.json()) as Booking;
  await artist.request.patch(api.booking(id), { data: { status: 'accepted' } });
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
async function paymentScreens(browser: Browser, size: (typeof SIZES)[number]) {
  const artist = await newContext(browser, size);
  const client = await newContext(browser, size);
  await Promise.all([artist.clock.install(), client.clock.install()]);
  await signUp(artist.request, 'artist', {
    firstName: 'Yaw',
    lastName: 'Darko',
    region: 'Greater Accra',
  });
  const stageName = 'DJ Kasa';
  const profile = await artist.request.put(api.myArtist, {
    data: {
      stageName,
      bio: null,
      performanceTypes: ['DJ'],
      region: 'Greater Accra',
      hourlyRate: '245',
      eventRate: null,
    },
  });
  const artistId = ((await profile.json()) as Artist).id;
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
  const posted = await client.request.post(api.jobs, {
    data: {
      title: 'Mason for a shop in Cape Coast',
      description: 'Build a block wall and plaster it.',
      category: 'skilled_trades',
      region: 'Central',
      jobType: 'fixed',
      hourlyRate: null,
      fixedPrice: '2500',
      estimatedHours: null,
      requiredSkills: ['Masonry'],
      startDate: null,
    },
  });
  const job = (await posted.json()) as Job;
  const applied = await worker.request.post(api.applications, {
    data: { jobId: job.id, coverLetter: 'I have built walls in Elmina for 8 years.' },
  });
  const { id: applicationId } = (await applied.json()) as { id: number };
  await client.request.patch(api.application(applicationId), { data: { status: 'accepted' } });
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

/** A job as the poster writes it: honest, or asking applicants for money (held for review). */
const TRUST_JOB = {
  title: 'Shop assistant in Madina',
  description: 'Sell provisions and keep the shop clean, Monday to Saturday, 8 am to 6 pm.',
  category: 'general_labor',
  region: 'Greater Accra',
  town: 'Madina',
  jobType: 'fixed',
  hourlyRate: null,
  fixedPrice: '900',
  estimatedHours: null,
  requiredSkills: ['Sales', 'Customer care'],
  startDate: null,
};
const SCAM_DESCRIPTION =
  'Sell provisions in our shop. Registration fee of GHS 50 is required from all applicants before the interview.';

/** A paid booking whose client disputed it after the event: one for the operator's queue. */
async function disputedBooking(browser: Browser, size: (typeof SIZES)[number]) {
  const artist = await newContext(browser, size);
  const client = await newContext(browser, size);
  await signUp(artist.request, 'artist', { firstName: 'Kofi', lastName: 'Kasa' });
  const profile = await artist.request.put(api.myArtist, {
    data: {
      stageName: 'DJ Kasa',
      bio: null,
      performanceTypes: ['DJ'],
      region: 'Greater Accra',
      hourlyRate: '245',
      eventRate: null,
    },
  });
  const artistId = ((await profile.json()) as Artist).id;
  await signUp(client.request, 'employer', { firstName: 'Adwoa', lastName: 'Asantewaa' });
  await acceptedBooking(client, artist, artistId, 1, 'Labadi Beach Hotel, Accra');
  const [booking] = (await (await client.request.get(api.clientBookings)).json()) as Booking[];
  if (!booking) throw new Error('No booking to dispute');
  const started = await client.request.post(api.payEngagement('bookings', booking.id), {
    data: { phoneNumber: '+233551234987', network: 'mtn' },
  });
  const { reference } = (await started.json()) as { reference: string };
  for (let attempt = 0; attempt < 60; attempt++) {
    const progress = await client.request.get(api.payment(reference));
    if (((await progress.json()) as { status: string }).status === 'success') break;
    await client.request.post(api.devClock, { data: { advanceSeconds: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await client.request.post(api.devClock, { data: { advanceSeconds: 2 * 86_400 } });
  const disputed = await client.request.post(api.disputeEngagement('bookings', booking.id), {
    data: { reason: 'The DJ played for one hour, not three.' },
  });
  if (!disputed.ok()) throw new Error(`dispute: ${await disputed.text()}`);
  await Promise.all([artist.close(), client.close()]);
}

/** Who posts, Report, held and hidden listings, the employer profile and the operator's view. */
async function trustScreens(browser: Browser, size: (typeof SIZES)[number]) {
  const employer = await newContext(browser, size);
  const { id: employerId } = await signUp(employer.request, 'employer', {
    firstName: 'Kwabena',
    lastName: 'Owusu',
    region: 'Greater Accra',
  });
  await employer.request.put(api.myEmployer, { data: { businessName: 'Owusu Provisions' } });
  const job = (await (await employer.request.post(api.jobs, { data: TRUST_JOB })).json()) as Job;
  const page = await employer.newPage();

  // The wizard: the town, and the warning before a post that will be held.
  await page.goto('/post-job');
  await page.getByText('General Labor').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Job Title').fill('Shop attendants wanted');
  await page.getByLabel('Description').fill(SCAM_DESCRIPTION);
  await page.getByLabel('Required Skills').fill('Sales');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Region').selectOption('Greater Accra');
  await page.getByLabel('Town or Area').fill('Madina');
  await page.getByText('Fixed Price', { exact: true }).click();
  await page.getByLabel('Fixed Price (GHS)').fill('600');
  await shot(page, 'trust-post-job-3-town');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Job held for review').waitFor();
  await shot(page, 'trust-post-job-4-held-warning');
  await page.getByRole('button', { name: 'Publish Job' }).click();
  await page.getByRole('heading', { name: 'Employer Dashboard' }).waitFor();
  await page.getByText('Held for review').first().waitFor();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await shot(page, 'trust-dashboard-employer-held');
  await page.getByRole('button', { name: 'Edit' }).click();
  await shot(page, 'trust-dashboard-business-name-form');
  await page.goto(`/employers/${employerId}`);
  await page.getByText('Jobs posted').waitFor();
  await shot(page, 'trust-employer-profile-own');

  // A visitor: the card and the page say who posts, where and when; Report.
  const visitor = await newContext(browser, size);
  await signUp(visitor.request, 'job_seeker', { firstName: 'Abena', lastName: 'Boateng' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/jobs');
  await visitorPage.getByText('By Owusu Provisions').first().waitFor();
  await shot(visitorPage, 'trust-jobs');
  await visitorPage.goto(`/jobs/${job.id}`);
  await visitorPage.getByRole('button', { name: 'Report this job' }).waitFor();
  await shot(visitorPage, 'trust-job-detail');
  await visitorPage.getByRole('button', { name: 'Report this job' }).click();
  const dialog = visitorPage.getByRole('dialog', { name: 'Report this job' });
  await dialog.getByText('Asks for money').click();
  await dialog.getByLabel('Details').fill('They asked me to send GHS 50 by MoMo to apply.');
  await visitorPage.screenshot({ path: `${OUT}/trust-report-dialog-${size.width}.png` });
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await visitorPage.getByText('Report sent').waitFor();
  await shot(visitorPage, 'trust-report-sent');
  await visitorPage.goto(`/employers/${employerId}`);
  await visitorPage.getByText('Jobs posted').waitFor();
  await shot(visitorPage, 'trust-employer-profile');
  await visitorPage.goto('/artists');
  await visitorPage
    .getByRole('link', { name: /^View Profile/ })
    .first()
    .click();
  await visitorPage.getByRole('button', { name: 'Report this artist' }).waitFor();
  await shot(visitorPage, 'trust-artist-profile');

  // Two more people report it: hidden until reviewed.
  for (const name of ['Esi', 'Yaa']) {
    const reporter = await newContext(browser, size);
    await signUp(reporter.request, 'job_seeker', { firstName: name });
    await reporter.request.post(api.reports, {
      data: { targetType: 'job', targetId: job.id, reason: 'fake' },
    });
    await reporter.close();
  }
  await visitorPage.goto(`/jobs/${job.id}`);
  await visitorPage.getByRole('heading', { name: 'Under Review' }).waitFor();
  await shot(visitorPage, 'trust-job-under-review');

  await disputedBooking(browser, size);

  // The operator's view.
  const operator = await newContext(browser, size);
  const { phone } = await signUp(operator.request, 'employer', {
    firstName: 'Efua',
    lastName: 'Sarpong',
  });
  const granted = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-grant.ts', phone],
    {
      encoding: 'utf8',
    },
  );
  if (granted.status !== 0) throw new Error(`admin:grant: ${granted.stderr}`);
  const operatorPage = await operator.newPage();
  await operatorPage.goto('/admin');
  await operatorPage.getByRole('heading', { name: /^Held posts/ }).waitFor();
  await shot(operatorPage, 'trust-admin');
  await operatorPage.getByRole('button', { name: 'Suspend' }).first().click();
  await operatorPage.getByRole('dialog').waitFor();
  await operatorPage.screenshot({ path: `${OUT}/trust-admin-confirm-${size.width}.png` });
  await operatorPage.keyboard.press('Escape');
  await operatorPage.getByRole('button', { name: 'Publish' }).nth(1).click();
  await operatorPage.getByText('Published: it is shown on Ghana Gigs again.').waitFor();
  await shot(operatorPage, 'trust-admin-published');
  await visitorPage.goto('/admin');
  await visitorPage.getByText('Only Ghana Gigs operators can do that.').waitFor();
  await shot(visitorPage, 'trust-admin-refused');
  await Promise.all([employer.close(), visitor.close(), operator.close()]);
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const demos = [
    [DEMO_USERS.employer.phoneNumber, employerDemoScreens],
    [DEMO_USERS.jobSeeker.phoneNumber, seekerDemoScreens],
    [DEMO_USERS.client.phoneNumber, clientDemoScreens],
    [DEMO_USERS.artist.phoneNumber, artistDemoScreens],
  ] as const;
  const only = ONLY_PAYMENTS || ONLY_TRUST;
  const states = only ? [] : await Promise.all(demos.map(([phone]) => demoSession(phone)));
  for (const size of SIZES) {
    if (!ONLY_PAYMENTS && !ONLY_REVIEWS) await trustScreens(browser, size);
    if (ONLY_TRUST) continue;
    if (ONLY_REVIEWS) {
      const [, , client, artist] = states;
      if (!client || !artist) throw new Error('The demo client and artist must sign in');
      await reviewScreens(browser, size, { client, artist });
      continue;
    }
    await paymentScreens(browser, size);
    if (ONLY_PAYMENTS) continue;
    for (const run of [guestScreens, employerScreens]) {
      const context = await newContext(browser, size);
      try {
        await run(context);
      } finally {
        await context.close();
      }
    }
    for (const [index, [, run]] of demos.entries()) {
      const context = await newContext(browser, size, states[index]);
      try {
        await run(await context.newPage());
      } finally {
        await context.close();
      }
    }
  }
  console.log(`Screenshots in ${OUT}/`);
} finally {
  await browser.close();
}
