/**
 * Headless screenshots of every screen at phone and desktop sizes, for a visual review.
 *
 *   npx vite build && DATABASE_PATH=.tmp/shots.db SEED_DEMO=1 PORT=4180 TEST_CLOCK=1 npx tsx api/server.ts &
 *   BASE_URL=http://127.0.0.1:4180 npx tsx scripts/screenshots.ts
 *
 * Writes .tmp/screens/<name>-<width>.png. Uses Debian's Chromium (CHROMIUM_PATH to override).
 * The payment screens need the dev payments provider (the default) and the test clock
 * (TEST_CLOCK=1, which moves the server past an event date); SCREENS=payments shoots only them.
 */
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page, request } from 'playwright-core';
import { DEMO_USERS } from '../api/db/seed-data.ts';
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
  const states = ONLY_PAYMENTS ? [] : await Promise.all(demos.map(([phone]) => demoSession(phone)));
  for (const size of SIZES) {
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
