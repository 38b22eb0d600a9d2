import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh database per run, so every run starts from the seed alone. Kept in the environment
// so the workers (which read this file again) and the tests that run an operator's command on
// the server's database (npm run admin:grant) name the same file.
process.env.E2E_DATABASE_PATH ??= `.tmp/e2e-${Date.now()}.db`;
const DATABASE_PATH = process.env.E2E_DATABASE_PATH;
// The USSD callback's secret path, shared with the workers the same way.
process.env.E2E_USSD_TOKEN ??= randomBytes(24).toString('hex');
const USSD_TOKEN = process.env.E2E_USSD_TOKEN;

const PHONE = { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 } };
/** The specs that move the server's test clock (TEST_CLOCK=1), which every test shares. */
const MOVES_SERVER_CLOCK = [
  'engagements.spec.ts',
  'payments-booking.spec.ts',
  'payments-job.spec.ts',
  'payout-code.spec.ts',
  'reviews.spec.ts',
  'trust.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    headless: true,
    locale: 'en-GB',
    timezoneId: 'Africa/Accra',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [
    // The phone is the primary target: every journey runs at 360 px.
    {
      name: 'mobile',
      testIgnore: MOVES_SERVER_CLOCK,
      use: PHONE,
    },
    // The journeys without demo-account sign-ins (codes are 60 s apart per phone) also run wide.
    {
      name: 'desktop',
      testMatch: ['visitor.spec.ts', 'access.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // The journeys that move the one server's clock run after every other, so a sign-in code
    // typed in another test never expires under it (a jump of two days between "Send Code" and
    // "Verify" did, now and then).
    {
      name: 'mobile-clock',
      testMatch: MOVES_SERVER_CLOCK,
      dependencies: ['mobile', 'desktop'],
      // One at a time: each reads "now" from a server clock the other would move meanwhile.
      workers: 1,
      use: PHONE,
    },
  ],
  webServer: {
    command: [
      'mkdir -p .tmp',
      'rm -f .tmp/e2e-*.db .tmp/e2e-*.db-*',
      'npm run build',
      // Payments go to the dev provider (the Paystack simulator), and the test clock lets the
      // escrow journeys move past an event date. Every test signs its people up from this one
      // address, more of them in an hour than the 60 codes an address may ask for in production.
      `DATABASE_PATH=${DATABASE_PATH} SEED_DEMO=1 PORT=${PORT} HOST=127.0.0.1 NODE_ENV=test LOG_LEVEL=warn PAYMENTS_PROVIDER=dev TEST_CLOCK=1 OTP_SENDS_PER_IP_HOUR=1000 USSD_CALLBACK_TOKEN=${USSD_TOKEN} npx tsx api/server.ts`,
    ].join(' && '),
    url: `${BASE_URL}/api/jobs`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
