/**
 * The crash test's payment mode (`npm run test:crash -- --payments`): the real server as a child
 * process with PAYMENTS_PROVIDER=paystack pointed at the Paystack simulator, which runs here in
 * the harness (on a clock 30 times faster than real time, so its transfers settle and its
 * webhook retries come within seconds), and TEST_CLOCK=1 so the harness moves the server's clock.
 * Deals of every kind (a job paid at once, a job in 2 or 3 milestones, artists' bookings under
 * each cancellation policy with events at varied distances) live at random lives
 * (payment-deals.ts), with handsets, an operator, timers and webhooks acting beside them
 * (payment-outsiders.ts), while the server is killed with SIGKILL at random moments and
 * restarted on the same database. Then, with no more kills, every deal ends, the clock passes
 * every event and wait, all money settles, and the books are checked (payments-books.ts).
 */

import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { setOperator } from '../../api/auth/users-repository.ts';
import { openDatabase } from '../../api/db/database.ts';
import { startPaystackSimulator } from '../../api/dev/paystack-simulator.ts';
import { PAYSTACK_WEBHOOK_PATH } from '../../api/payments/routes.ts';
import {
  freePort,
  killServer,
  type ServerOutput,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from '../lib/server-process.ts';
import { type SignedInUser, signUpUsers } from '../lib/sign-up.ts';
import { type CrashDeal, DEAL_KINDS, type DealKind, newDeal, stepDeal } from './payment-deals.ts';
import { operatorLoop, ServerClock, startHandsets, timerLoop } from './payment-outsiders.ts';
import { checkBooks } from './payments-books.ts';
import type { PaymentsCrashTestOptions, PaymentsCrashTestReport } from './payments-report.ts';
import type { Policy } from './refund-policy.ts';

const SECRET = 'sk_test_crashcrashcrashcrashcrashcrashcrash';
/** The simulator's clock runs this many times faster than real time. */
const SIMULATOR_SPEED = 30;
const START_BALANCE = 10_000_000;
const HOUR = 3600;

/** Rows still waiting on the provider, or on a timer (a late cancellation's kept share). */
function openRows(databasePath: string): number {
  const sqlite = new SQLite(databasePath, { readonly: true });
  try {
    const count = (sqlText: string) => (sqlite.prepare(sqlText).get() as { n: number }).n;
    return (
      count("SELECT COUNT(*) AS n FROM payouts WHERE status IN ('queued', 'pending')") +
      count("SELECT COUNT(*) AS n FROM refunds WHERE status IN ('queued', 'pending')") +
      count("SELECT COUNT(*) AS n FROM charges WHERE status IN ('initiating', 'pending')") +
      count(
        'SELECT COUNT(*) AS n FROM payments WHERE kept_pesewas IS NOT NULL AND kept_released_at IS NULL AND (kept_pesewas + kept_fee_pesewas) > 0',
      )
    );
  } finally {
    sqlite.close();
  }
}

export async function runPaymentsCrashTest(
  options: PaymentsCrashTestOptions,
): Promise<PaymentsCrashTestReport> {
  const began = Date.now();
  const log = (line: string) =>
    options.log?.(`${((Date.now() - began) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  const dir = mkdtempSync(join(tmpdir(), 'gigs-crash-pay-'));
  const databasePath = join(dir, 'app.db');
  const problems: string[] = [];
  const outputs: ServerOutput[] = [];
  const actions: Record<string, number> = {};
  let retriedRequests = 0;
  const clock = new ServerClock();

  const port = await freePort();
  const started = Date.now();
  const sim = await startPaystackSimulator({
    secretKey: SECRET,
    now: () => started + (Date.now() - started) * SIMULATOR_SPEED,
    tickMs: 20,
    balancePesewas: START_BALANCE,
    webhookTarget: `http://127.0.0.1:${port}${PAYSTACK_WEBHOOK_PATH}`,
  });
  const env = {
    PAYMENTS_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: sim.url,
    TEST_CLOCK: '1',
  };
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        const server = await startServer({
          databasePath,
          port,
          seedDemo: false,
          env,
          readyTimeoutMs: 90_000,
        });
        outputs.push(server.output);
        return server;
      } catch (error) {
        // On a shared machine a start now and then dies before it listens: say so, start again.
        if (attempt === 3) throw error;
        log(`start ${attempt} failed: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  };

  let server: ServerProcess = await start();
  let target = server.baseUrl;
  let down: Promise<void> | null = null;
  const context = {
    baseUrl: () => target,
    serverNow: clock.now,
    gate: async () => {
      while (down) await down;
    },
    retried: () => {
      retriedRequests++;
    },
    count: (what: string, by = 1) => {
      actions[what] = (actions[what] ?? 0) + by;
    },
    problem: (line: string) => {
      problems.push(line);
    },
  };
  const stopHandsets = startHandsets(sim, context);
  try {
    // Two deals to a payer (a payer starts at most 10 charges an hour) and to a worker; an
    // artist each, so no two bookings want one artist's day.
    const kinds: DealKind[] = Array.from(
      { length: options.deals },
      (_, n) => DEAL_KINDS[n % DEAL_KINDS.length] as DealKind,
    );
    const bookings = kinds.filter((kind) => kind.startsWith('booking')).length;
    const jobs = kinds.length - bookings;
    const payers = await signUpUsers(server.baseUrl, Math.ceil(kinds.length / 2), 6, 'employer');
    const seekers = await signUpUsers(server.baseUrl, Math.ceil(jobs / 2), 6, 'job_seeker');
    const artists = await signUpUsers(server.baseUrl, bookings, 6, 'artist');
    const [operator] = await signUpUsers(server.baseUrl, 1, 1, 'employer');
    {
      const db = openDatabase(databasePath);
      try {
        await setOperator(db, (operator as SignedInUser).phone, true);
      } finally {
        await db.destroy();
      }
    }
    let jobN = 0;
    const deals: CrashDeal[] = kinds.map((kind, n) => {
      const payee = kind.startsWith('booking')
        ? artists.pop()
        : seekers[Math.floor(jobN++ / 2) % seekers.length];
      return newDeal(n, kind, payers[n % payers.length] as SignedInUser, payee as SignedInUser);
    });
    log(
      `signed up ${payers.length + seekers.length + bookings + 1} users for ${deals.length} deals`,
    );

    // Writers take a deal nobody is on and move it one step.
    let stopWriters = false;
    let stopOutsiders = false;
    const writer = async () => {
      while (!stopWriters) {
        await context.gate();
        const open = deals.filter((deal) => !deal.finished && !deal.busy);
        const deal = open[randomInt(0, Math.max(1, open.length))];
        if (!deal) {
          if (deals.every((candidate) => candidate.finished)) return;
          await sleep(50);
          continue;
        }
        deal.busy = true;
        const answered = await stepDeal(deal, context);
        deal.busy = false;
        await sleep(answered ? 10 : 50);
      }
    };
    const writers = Array.from({ length: options.writers }, writer);
    const outsiders = [
      operatorLoop(context, operator as SignedInUser, () => stopOutsiders),
      timerLoop(context, clock, sim, () => stopOutsiders || stopWriters),
    ];

    for (let round = 1; round <= options.rounds; round++) {
      const killAfter = randomInt(Math.floor(options.roundMs * 0.3), options.roundMs + 1);
      await sleep(killAfter);
      let reopen = () => {};
      down = new Promise((resolve) => {
        reopen = resolve;
      });
      await killServer(server);
      const done = deals.filter((deal) => deal.finished).length;
      log(`round ${round}: kill -9 pid ${server.pid} after ${killAfter} ms; ${done} deals ended`);
      server = await start();
      target = server.baseUrl;
      await clock.restore(server.baseUrl);
      down = null;
      reopen();
    }

    // No more kills: every deal goes on to its end (the timers moving the clock past events and
    // waits, the operator deciding disputes).
    const finishBy = Date.now() + 150_000;
    while (deals.some((deal) => !deal.finished) && Date.now() < finishBy) await sleep(200);
    stopWriters = true;
    await Promise.all(writers);
    log(`${deals.filter((deal) => deal.finished).length} deals ended; settling the money`);

    // Past every event's end (at most 451 hours after the clock when booked), 72-hour wait and
    // claim a kill left hanging, in whole hours (so no kept share falls due mid-hour), then until
    // every payout, refund and kept share has settled.
    const settleBy = Date.now() + 180_000;
    for (let leap = 0; leap < 6; leap++) {
      await clock.advance(server.baseUrl, 100 * HOUR);
      context.count('timer: hours moved', 100);
    }
    log(`clock +600 h: ${openRows(databasePath)} rows wait on the provider or a timer`);
    while (openRows(databasePath) > 0 && Date.now() < settleBy) {
      await sleep(500);
      if (openRows(databasePath) > 0) {
        await clock.advance(server.baseUrl, HOUR);
        context.count('timer: hours moved', 1);
      }
    }
    stopOutsiders = true;
    await Promise.all(outsiders);
    await stopHandsets();
    await sleep(1_000);
    const finalExit = await stopServer(server);
    if (finalExit.code !== 0) problems.push(`SIGTERM: exit ${finalExit.code}`);

    const db = openDatabase(databasePath);
    const cancels = deals.flatMap((deal) =>
      deal.bookingId && deal.policy
        ? deal.cancels.map((cancel) => ({
            ...cancel,
            bookingId: deal.bookingId as number,
            policy: deal.policy as Policy,
          }))
        : [],
    );
    const books = await checkBooks(db, sim, cancels, START_BALANCE).finally(() => db.destroy());
    let integrity = '';
    {
      const sqlite = new SQLite(databasePath, { readonly: true });
      try {
        integrity = String(sqlite.pragma('integrity_check', { simple: true }));
      } finally {
        sqlite.close();
      }
    }
    const deliveries = sim.deliveries();
    const dealsByKind: Record<string, number> = {};
    for (const deal of deals) dealsByKind[deal.kind] = (dealsByKind[deal.kind] ?? 0) + 1;
    const clockHours = actions['timer: hours moved'] ?? 0;
    delete actions['timer: hours moved'];
    return {
      ...books,
      problems: [...problems, ...books.problems],
      rounds: options.rounds,
      databasePath,
      dealsByKind,
      actions,
      retriedRequests,
      webhookDeliveries: deliveries.length,
      webhookFailures: deliveries.filter((delivery) => !delivery.acknowledged).length,
      clockHours,
      unfinishedDeals: deals.filter((deal) => !deal.finished).length,
      integrity,
      finalExit,
      serverErrorLogLines: outputs.reduce((sum, output) => sum + output.serverErrorLines, 0),
    };
  } finally {
    await stopHandsets();
    await killServer(server);
    await sim.close();
    if (!options.keepDatabase && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
