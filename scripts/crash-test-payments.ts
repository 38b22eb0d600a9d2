/**
 * The crash test's payment mode (`npm run test:crash -- --payments`): the real server as a child
 * process with PAYMENTS_PROVIDER=paystack pointed at the Paystack simulator, which runs here in
 * the harness (on a clock 30 times faster than real time, so its transfers settle and its
 * webhook retries come within seconds), with payers approving every prompt on their handsets.
 * Writers drive deals (post a job, apply, accept, pay, then both confirm, or one side cancels)
 * while the server is killed with SIGKILL at random moments and restarted on the same database.
 * Then, with no more kills, every deal is finished and every payout and refund settles, and the
 * books are checked: ledger:check passes, every release was paid out exactly once and every
 * cancellation refunded once at the provider, every charge the provider took is in our ledger,
 * and the provider's balance is what our ledger says it holds.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../api/db/database.ts';
import { type PaystackSimulator, startPaystackSimulator } from '../api/dev/paystack-simulator.ts';
import { checkLedger } from '../api/payments/ledger-check.ts';
import { PAYSTACK_WEBHOOK_PATH } from '../api/payments/routes.ts';
import { dayOf } from '../contracts/dates.ts';
import { type ApiResponse, api } from './lib/http-api.ts';
import {
  freePort,
  killServer,
  type ServerOutput,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from './lib/server-process.ts';
import { type SignedInUser, signUpUsers } from './lib/sign-up.ts';

export interface PaymentsCrashTestOptions {
  rounds: number;
  /** The longest a round runs before its kill -9; each kill comes at a random moment in it. */
  roundMs: number;
  deals: number;
  writers: number;
  log?: (line: string) => void;
  keepDatabase?: boolean;
}

export interface PaymentsCrashTestReport {
  rounds: number;
  databasePath: string;
  deals: number;
  released: number;
  cancelled: number;
  /** Requests that died with the server and were sent again (with the same key where it has one). */
  retriedRequests: number;
  paymentsStarted: number;
  webhookDeliveries: number;
  webhookFailures: number;
  transfers: number;
  refunds: number;
  ledgerProblems: string[];
  /** Released payments not paid out exactly once at the provider. */
  payoutMismatches: number;
  /** Cancelled paid deals not refunded exactly once at the provider. */
  refundMismatches: number;
  /** Charges the provider took that our ledger does not hold. */
  lostCharges: number;
  providerBalance: { simulator: number; ledger: number };
  unfinishedDeals: number;
  integrity: string;
  finalExit: { code: number | null; signal: string | null; timedOut: boolean };
  serverErrorLogLines: number;
  problems: string[];
}

const SECRET = 'sk_test_crashcrashcrashcrashcrashcrashcrash';
/** The simulator's clock runs this many times faster than real time. */
const SIMULATOR_SPEED = 30;
const START_BALANCE = 10_000_000;

type Step =
  | 'post'
  | 'apply'
  | 'accept'
  | 'pay'
  | 'held'
  | 'confirm-payer'
  | 'confirm-payee'
  | 'cancel'
  | 'done';

interface Deal {
  n: number;
  employer: SignedInUser;
  seeker: SignedInUser;
  /** What the deal ends in: released to the worker, or cancelled and refunded. */
  ending: 'release' | 'cancel';
  pricePesewas: number;
  payerPhone: string;
  step: Step;
  jobId?: number;
  applicationId?: number;
  busy: boolean;
}

const keyOf = (deal: Deal, step: Step) => `crashpay-${deal.n}-${step}-${deal.employer.id}`;

export async function runPaymentsCrashTest(
  options: PaymentsCrashTestOptions,
): Promise<PaymentsCrashTestReport> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'gigs-crash-pay-'));
  const databasePath = join(dir, 'app.db');
  const problems: string[] = [];
  const outputs: ServerOutput[] = [];
  let retriedRequests = 0;
  let paymentsStarted = 0;

  const port = await freePort();
  const started = Date.now();
  const sim: PaystackSimulator = await startPaystackSimulator({
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
    // Lets the final phase move the server past claims and prompts a kill left hanging.
    TEST_CLOCK: '1',
  };
  const start = async () => {
    const server = await startServer({ databasePath, port, seedDemo: false, env });
    outputs.push(server.output);
    return server;
  };

  // Payers approve every prompt on their handsets, whether or not the server lived to say so.
  let approving = true;
  const approver = (async () => {
    while (approving) {
      for (const transaction of sim.transactions()) {
        if (transaction.status === 'ongoing') await sim.approve(transaction.reference);
      }
      await sleep(50);
    }
  })();

  let server: ServerProcess = await start();
  try {
    const employerCount = Math.max(1, Math.ceil(options.deals / 10));
    const employers = await signUpUsers(server.baseUrl, employerCount, 4, 'employer');
    const seekers = await signUpUsers(server.baseUrl, options.deals, 4, 'job_seeker');
    const deals: Deal[] = seekers.map((seeker, n) => ({
      n,
      employer: employers[n % employers.length] as SignedInUser,
      seeker,
      ending: randomInt(0, 5) === 0 ? 'cancel' : 'release',
      pricePesewas: randomInt(100, 900) * 100,
      payerPhone: `+23324${String(1_000_000 + n).padStart(7, '0')}`,
      step: 'post',
      busy: false,
    }));
    log(`signed up ${employers.length} employers and ${seekers.length} workers`);

    /** One request of a deal's step; false when the server did not answer (try again later). */
    async function advance(deal: Deal, baseUrl: string): Promise<boolean> {
      const send = async (
        who: SignedInUser,
        method: string,
        path: string,
        body?: unknown,
        key?: string,
      ): Promise<ApiResponse | undefined> => {
        try {
          return await api(baseUrl, method, path, {
            cookie: who.cookie,
            body,
            headers: key ? { 'idempotency-key': key } : {},
            timeoutMs: 20_000,
          });
        } catch {
          retriedRequests++;
          return undefined;
        }
      };
      const unexpected = (response: ApiResponse) =>
        problems.push(
          `deal ${deal.n} ${deal.step}: ${response.status} ${JSON.stringify(response.body)}`,
        );
      const application = `/api/applications/${deal.applicationId}`;
      switch (deal.step) {
        case 'post': {
          const response = await send(
            deal.employer,
            'POST',
            '/api/jobs',
            {
              title: `Crash test job ${deal.n}`,
              description: 'Paint a shop front in Accra, two coats, materials supplied.',
              category: 'skilled_trades',
              region: 'Greater Accra',
              jobType: 'fixed',
              hourlyRate: null,
              fixedPrice: (deal.pricePesewas / 100).toFixed(2),
              estimatedHours: null,
              requiredSkills: ['Painting'],
              // A deal that ends in a cancel starts in a month, so its employer may still call it
              // off once paid (paid work without a date has begun); one that ends in a release
              // has no date, so both may confirm at once.
              startDate: deal.ending === 'cancel' ? dayOf(Date.now() + 30 * 86_400_000) : null,
            },
            keyOf(deal, 'post'),
          );
          if (!response) return false;
          if (response.status !== 201) unexpected(response);
          else {
            deal.jobId = (response.body as { id: number }).id;
            deal.step = 'apply';
          }
          return true;
        }
        case 'apply': {
          const response = await send(
            deal.seeker,
            'POST',
            '/api/applications',
            { jobId: deal.jobId, coverLetter: `I will paint it well (${deal.n}).` },
            keyOf(deal, 'apply'),
          );
          if (!response) return false;
          if (response.status !== 201) unexpected(response);
          else {
            deal.applicationId = (response.body as { id: number }).id;
            deal.step = 'accept';
          }
          return true;
        }
        case 'accept': {
          const response = await send(
            deal.employer,
            'PATCH',
            application,
            { status: 'accepted' },
            keyOf(deal, 'accept'),
          );
          if (!response) return false;
          if (response.status !== 200) unexpected(response);
          else deal.step = 'pay';
          return true;
        }
        case 'pay': {
          // No key: paying is not replayed from an outbox; a second ask answers the charge
          // under way, and 409 says it is paid already.
          const response = await send(deal.employer, 'POST', `${application}/payment`, {
            phoneNumber: deal.payerPhone,
            network: 'mtn',
          });
          if (!response) return false;
          if (response.status === 202) paymentsStarted++;
          if (response.status === 202 || response.status === 409) deal.step = 'held';
          else unexpected(response);
          return true;
        }
        case 'held': {
          const response = await send(deal.seeker, 'GET', '/api/applications/user?limit=100');
          if (!response) return false;
          const mine = (response.body as { id: number; payment: { status: string } }[]).find(
            (item) => item.id === deal.applicationId,
          );
          const status = mine?.payment.status;
          if (status === 'held') deal.step = deal.ending === 'release' ? 'confirm-payer' : 'cancel';
          // The charge failed (it never reached the provider before a kill): pay again.
          else if (status === 'unpaid') deal.step = 'pay';
          else if (status !== 'pending') unexpected(response);
          return true;
        }
        case 'confirm-payer':
        case 'confirm-payee': {
          const who = deal.step === 'confirm-payer' ? deal.employer : deal.seeker;
          const response = await send(
            who,
            'POST',
            `${application}/confirm`,
            undefined,
            keyOf(deal, deal.step),
          );
          if (!response) return false;
          if (response.status !== 200) unexpected(response);
          else deal.step = deal.step === 'confirm-payer' ? 'confirm-payee' : 'done';
          return true;
        }
        case 'cancel': {
          const who = deal.n % 2 === 0 ? deal.employer : deal.seeker;
          const response = await send(
            who,
            'POST',
            `${application}/cancel`,
            undefined,
            keyOf(deal, 'cancel'),
          );
          if (!response) return false;
          if (response.status !== 200) unexpected(response);
          else deal.step = 'done';
          return true;
        }
        case 'done':
          return true;
      }
    }

    // Writers take the next deal that is not done and move it one step.
    let target = server.baseUrl;
    let down: Promise<void> | null = null;
    let stopWriters = false;
    const writer = async () => {
      while (!stopWriters) {
        if (down) await down;
        const open = deals.filter((candidate) => candidate.step !== 'done' && !candidate.busy);
        const deal = open[randomInt(0, Math.max(1, open.length))];
        if (!deal) {
          if (deals.every((candidate) => candidate.step === 'done')) return;
          await sleep(50);
          continue;
        }
        deal.busy = true;
        const answered = await advance(deal, target);
        deal.busy = false;
        await sleep(answered ? (deal.step === 'held' ? 100 : 0) : 50);
      }
    };
    const writers = Array.from({ length: options.writers }, writer);

    for (let round = 1; round <= options.rounds; round++) {
      const killAfter = randomInt(Math.floor(options.roundMs * 0.3), options.roundMs + 1);
      await sleep(killAfter);
      let reopen = () => {};
      down = new Promise((resolve) => {
        reopen = resolve;
      });
      await killServer(server);
      const done = deals.filter((deal) => deal.step === 'done').length;
      log(`round ${round}: kill -9 pid ${server.pid} after ${killAfter} ms; ${done} deals done`);
      server = await start();
      target = server.baseUrl;
      down = null;
      reopen();
    }

    // No more kills: move the server past the claims and prompts the last kill left hanging
    // (leases of 60 s, a payer's 240 s), then let every deal finish.
    await api(server.baseUrl, 'POST', '/api/dev/clock', { body: { advanceSeconds: 300 } });
    const finishBy = Date.now() + 240_000;
    while (deals.some((deal) => deal.step !== 'done') && Date.now() < finishBy) await sleep(200);
    stopWriters = true;
    await Promise.all(writers);

    // Every payout and refund settles (webhooks retried, transfers verified by the reconciler).
    const settleBy = Date.now() + 180_000;
    const openRows = () => {
      const sqlite = new SQLite(databasePath, { readonly: true });
      try {
        const count = (sqlText: string) => (sqlite.prepare(sqlText).get() as { n: number }).n;
        return (
          count("SELECT COUNT(*) AS n FROM payouts WHERE status IN ('queued', 'pending')") +
          count("SELECT COUNT(*) AS n FROM refunds WHERE status IN ('queued', 'pending')") +
          count("SELECT COUNT(*) AS n FROM charges WHERE status IN ('initiating', 'pending')")
        );
      } finally {
        sqlite.close();
      }
    };
    while (openRows() > 0 && Date.now() < settleBy) await sleep(500);
    approving = false;
    await approver;
    await sleep(1_000);
    const finalExit = await stopServer(server);
    if (finalExit.code !== 0) problems.push(`SIGTERM: exit ${finalExit.code}`);

    // The books.
    const db = openDatabase(databasePath);
    let report: Awaited<ReturnType<typeof checkLedger>>;
    let payments: { id: number; engagement_id: number; status: string; amount_pesewas: number }[];
    let charges: { reference: string; status: string }[];
    try {
      report = await checkLedger(db);
      payments = await db
        .selectFrom('payments')
        .select(['id', 'engagement_id', 'status', 'amount_pesewas'])
        .execute();
      charges = await db.selectFrom('charges').select(['reference', 'status']).execute();
    } finally {
      await db.destroy();
    }
    const paymentOf = new Map(payments.map((payment) => [payment.engagement_id, payment]));
    const successfulTransfers = sim.transfers().filter((transfer) => transfer.status === 'success');
    const paidOut = new Map<number, number>();
    for (const transfer of successfulTransfers) {
      const paymentId = Number(transfer.reference.split('-')[1]);
      paidOut.set(paymentId, (paidOut.get(paymentId) ?? 0) + 1);
    }
    const chargeStatus = new Map(charges.map((charge) => [charge.reference, charge.status]));
    const refundsByCharge = new Map<string, number>();
    for (const refund of sim.refunds()) {
      refundsByCharge.set(
        refund.transactionReference,
        (refundsByCharge.get(refund.transactionReference) ?? 0) + 1,
      );
    }
    let payoutMismatches = 0;
    let refundMismatches = 0;
    for (const deal of deals) {
      const payment = deal.applicationId ? paymentOf.get(deal.applicationId) : undefined;
      if (deal.step !== 'done' || !payment) continue;
      const expected = deal.ending === 'release' ? 'released' : 'refunded';
      if (payment.status !== expected) {
        problems.push(
          `deal ${deal.n}: payment ${payment.id} is ${payment.status}, not ${expected}`,
        );
      }
      const transfers = paidOut.get(payment.id) ?? 0;
      if (transfers !== (deal.ending === 'release' ? 1 : 0)) {
        payoutMismatches++;
        problems.push(`deal ${deal.n}: payment ${payment.id} paid out ${transfers} times`);
      }
    }
    for (const [reference, count] of refundsByCharge) {
      if (count !== 1) {
        refundMismatches++;
        problems.push(`charge ${reference} refunded ${count} times`);
      }
    }
    const cancelledPaid = payments.filter((payment) => payment.status === 'refunded').length;
    if (refundsByCharge.size < cancelledPaid) {
      refundMismatches += cancelledPaid - refundsByCharge.size;
      problems.push(`${cancelledPaid} payments refunded, ${refundsByCharge.size} refunds made`);
    }
    let lostCharges = 0;
    for (const transaction of sim.transactions()) {
      if (transaction.status !== 'success' && transaction.status !== 'reversed') continue;
      if (chargeStatus.get(transaction.reference) !== 'success') {
        lostCharges++;
        problems.push(
          `the provider took ${transaction.reference}; our charge is ${chargeStatus.get(transaction.reference)}`,
        );
      }
    }
    const providerBalance = {
      simulator: sim.balance() - START_BALANCE,
      ledger: report.providerBalancePesewas,
    };
    if (providerBalance.simulator !== providerBalance.ledger) {
      problems.push(
        `the provider holds ${providerBalance.simulator} for us, the ledger says ${providerBalance.ledger}`,
      );
    }
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
    return {
      rounds: options.rounds,
      databasePath,
      deals: deals.length,
      released: payments.filter((payment) => payment.status === 'released').length,
      cancelled: cancelledPaid,
      retriedRequests,
      paymentsStarted,
      webhookDeliveries: deliveries.length,
      webhookFailures: deliveries.filter((delivery) => !delivery.acknowledged).length,
      transfers: successfulTransfers.length,
      refunds: sim.refunds().length,
      ledgerProblems: report.problems,
      payoutMismatches,
      refundMismatches,
      lostCharges,
      providerBalance,
      unfinishedDeals: deals.filter((deal) => deal.step !== 'done').length,
      integrity,
      finalExit,
      serverErrorLogLines: outputs.reduce((sum, output) => sum + output.serverErrorLines, 0),
      problems,
    };
  } finally {
    approving = false;
    await approver;
    await killServer(server);
    await sim.close();
    if (!options.keepDatabase && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

export function formatPaymentsCrashReport(report: PaymentsCrashTestReport): string {
  const ghs = (pesewas: number) => `GHS ${(pesewas / 100).toFixed(2)}`;
  return [
    'Payments crash test summary',
    `  rounds (kill -9)          ${report.rounds}`,
    `  deals                     ${report.deals} (${report.released} released and paid out, ${report.cancelled} cancelled and refunded, ${report.unfinishedDeals} unfinished)`,
    `  requests retried          ${report.retriedRequests} (died with the server)`,
    `  payments started          ${report.paymentsStarted}`,
    `  webhooks                  ${report.webhookDeliveries} deliveries, ${report.webhookFailures} not acknowledged (server down) and retried`,
    `  at the provider           ${report.transfers} transfers, ${report.refunds} refunds`,
    `  paid out not exactly once ${report.payoutMismatches}`,
    `  refunded not exactly once ${report.refundMismatches}`,
    `  charges lost              ${report.lostCharges}`,
    `  provider balance          simulator ${ghs(report.providerBalance.simulator)}, ledger ${ghs(report.providerBalance.ledger)}`,
    `  ledger:check              ${report.ledgerProblems.length === 0 ? 'OK' : `${report.ledgerProblems.length} problems`}`,
    `  integrity_check           ${report.integrity}`,
    `  final SIGTERM             exit code ${report.finalExit.code}`,
    `  server log                ${report.serverErrorLogLines} 5xx lines`,
    ...(report.problems.length + report.ledgerProblems.length > 0
      ? [
          '  problems:',
          ...[...report.ledgerProblems, ...report.problems]
            .slice(0, 20)
            .map((problem) => `    - ${problem}`),
        ]
      : []),
  ].join('\n');
}

export function paymentsCrashTestPassed(report: PaymentsCrashTestReport): boolean {
  return (
    report.ledgerProblems.length === 0 &&
    report.payoutMismatches === 0 &&
    report.refundMismatches === 0 &&
    report.lostCharges === 0 &&
    report.unfinishedDeals === 0 &&
    report.providerBalance.simulator === report.providerBalance.ledger &&
    report.integrity === 'ok' &&
    report.finalExit.code === 0 &&
    report.problems.length === 0
  );
}
