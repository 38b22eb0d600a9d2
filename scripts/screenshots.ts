/**
 * Headless screenshots of every screen at phone and desktop sizes, for a visual review.
 *
 *   npx vite build && DATABASE_PATH=.tmp/shots.db SEED_DEMO=1 PORT=4180 npx tsx api/server.ts &
 *   BASE_URL=http://127.0.0.1:4180 npx tsx scripts/screenshots.ts
 *
 * Writes .tmp/screens/<name>-<width>.png. Uses Debian's Chromium (CHROMIUM_PATH to override).
 */
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page, request } from 'playwright-core';
import { DEMO_USERS } from '../api/db/seed-data.ts';
import { latestCode, signIn, signUp } from './lib/browser-sign-in.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { randomPhone } from './lib/sign-up.ts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:4180';
const OUT = '.tmp/screens';
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
  await page.goto('/dashboard?tab=bookings');
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
  const states = await Promise.all(demos.map(([phone]) => demoSession(phone)));
  for (const size of SIZES) {
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
