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
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { DEMO_USERS } from '../api/dev/seed/seed-data.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import {
  artistDemoScreens,
  clientDemoScreens,
  employerDemoScreens,
  reviewScreens,
  seekerDemoScreens,
} from './screenshots/demo-screens.ts';
import { paymentScreens } from './screenshots/payment-screens.ts';
import { demoSession, newContext, OUT, SIZES } from './screenshots/shots.ts';
import { trustScreens } from './screenshots/trust-screens.ts';
import { employerScreens, guestScreens } from './screenshots/visitor-screens.ts';

const ONLY_PAYMENTS = process.env.SCREENS === 'payments';
const ONLY_TRUST = process.env.SCREENS === 'trust';
const ONLY_REVIEWS = process.env.SCREENS === 'reviews';

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
