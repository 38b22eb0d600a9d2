import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';
import {
  act,
  lockDeal,
  type PaymentRow,
  refOfPayment,
  TIMER,
  unpaidAcceptedBookings,
} from '../engagements/engagements-service.ts';
import { tellUntoldPayers } from '../engagements/payer-notice.ts';
import { judge } from '../engagements/process.ts';
import { startBackgroundLoop } from '../lib/background-loop.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import type { Log } from '../lib/log.ts';
import type { NotificationDispatcher } from '../notifications/notifications.ts';
import {
  claimDue,
  findPayment,
  paymentsDueForRelease,
  paymentsWithKeptDue,
  releaseClaims,
  renewClaim,
} from './payments-repository.ts';
import { syncPayout } from './payout-sync.ts';
import type { PaystackClient } from './paystack-client.ts';
import { applyProviderEvent } from './provider-events.ts';
import { dueProviderEvents } from './provider-events-repository.ts';
import { type ProviderDeps, syncCharge } from './provider-sync.ts';
import { syncRefund } from './refund-sync.ts';

/** An accepted booking must be paid within this, or it is cancelled and the date freed. */
const UNPAID_BOOKING_EXPIRY_SECONDS = 48 * 60 * 60;

const POLL_MS = 5_000;
const BATCH = 20;
/**
 * How long a claim holds a charge, payout or refund. It is renewed just before each row is
 * worked on, which takes at most three provider calls of 15 s; a crashed worker's rows are taken
 * up when it ends.
 */
const LEASE_SECONDS = 60;

export interface PaymentsWorker {
  /**
   * Runs a round now (after a commit that queued work, or a provider's event recorded); never
   * throws. In this process only: another process's worker finds the work on its own timer.
   */
  kick(): void;
  /** Resolves when the round under way is done. */
  idle(): Promise<void>;
  /** One full round, awaited: tests and the dev clock use it. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The reconciliation loop, the one place a provider's answer becomes a state change. The
 * provider's webhooks are only recorded (payments-service.ts) and applied here, at once when the
 * webhook kicks this process's loop, or on a later round if that process died first. Webhooks
 * can be lost, and a process can die between asking the provider and recording its answer, so
 * every charge, payout and refund still moving is also verified with the provider on a timer
 * until it is settled. It also applies the rules of time:
 * accepted bookings unpaid after 48 hours are cancelled, a payee's word that the work is done
 * has its payer's notice on its way, and held money whose dispute window ran out is released. Everything it works from is in the database, so it survives restarts, and
 * several processes may run one each on the same database: each claims the rows it calls the
 * provider about (with a lease), and every state change is guarded by the state it starts from.
 */
export function createPaymentsWorker(deps: {
  db: Db;
  clock: Clock;
  log: Log;
  client: PaystackClient;
  notifier: NotificationDispatcher;
  pollMs?: number;
  claimerId?: string;
}): PaymentsWorker {
  const { db, clock, log, notifier } = deps;
  const provider: ProviderDeps = { db, clock, log, client: deps.client };
  const claimer =
    deps.claimerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseUntil = () => addSeconds(clock(), LEASE_SECONDS).toISOString();
  const claim = () => ({
    claimer,
    now: clock().toISOString(),
    leaseUntil: leaseUntil(),
    limit: BATCH,
  });

  /** Works on each claimed row in turn, while this worker still holds it. */
  async function each<Row extends { id: number }>(
    table: 'charges' | 'payouts' | 'refunds',
    rows: Row[],
    sync: (row: Row) => Promise<void>,
  ): Promise<void> {
    for (const row of rows) {
      if (loop.isStopped()) return;
      if (!(await renewClaim(db, table, row.id, claimer, leaseUntil()))) continue;
      await sync(row);
    }
  }

  async function expireUnpaidBookings(): Promise<number> {
    const now = clock();
    const acceptedBefore = addSeconds(now, -UNPAID_BOOKING_EXPIRY_SECONDS).toISOString();
    const ids = await unpaidAcceptedBookings(db, acceptedBefore, BATCH);
    for (const id of ids) {
      await db.transaction().execute(async (trx) => {
        // Judged again under the lock (engagements-service.ts): a charge may have started since.
        const ref = { type: 'booking' as const, id };
        const { deal } = await lockDeal(trx, ref);
        if (judge(deal, 'expire_unpaid', 'timer', now) === 'go') {
          await act(trx, ref, 'expire_unpaid', TIMER, now);
        }
      });
    }
    return ids.length;
  }

  /**
   * Takes a timer's transition on each of these payments' deals, judged again under the lock
   * (a side may have acted since the rows were read).
   */
  async function actOnPayments(
    due: readonly { id: number }[],
    move: 'auto_release' | 'release_kept',
  ): Promise<number> {
    for (const { id } of due) {
      await db.transaction().execute(async (trx) => {
        const payment = (await findPayment(trx, id)) as PaymentRow;
        const now = clock();
        const ref = refOfPayment(payment);
        const { deal } = await lockDeal(trx, ref);
        if (judge(deal, move, 'timer', now) === 'go') await act(trx, ref, move, TIMER, now);
      });
    }
    return due.length;
  }

  /** Held money whose payer's time to dispute is over goes to the payee. */
  const releaseDue = async () =>
    actOnPayments(await paymentsDueForRelease(db, clock().toISOString(), BATCH), 'auto_release');

  /** What late cancellations left goes to the artists once their events are over. */
  const releaseKeptDue = async () =>
    actOnPayments(await paymentsWithKeptDue(db, clock().toISOString(), BATCH), 'release_kept');

  /** One pass over everything due; true when a batch was full and more is waiting. */
  async function round(): Promise<boolean> {
    let work = 0;
    work += await expireUnpaidBookings();
    work += await tellUntoldPayers(db, clock(), BATCH);
    work += await releaseDue();
    work += await releaseKeptDue();
    // The provider's events first (recorded by the webhook, or left by a process that died
    // before applying them): what they settle is not asked about again below.
    const events = await dueProviderEvents(db, clock().toISOString(), BATCH);
    for (const event of events) {
      if (loop.isStopped()) break;
      await applyProviderEvent(provider, event);
    }
    const charges = await claimDue(db, 'charges', ['initiating', 'pending'], claim());
    await each('charges', charges, (charge) => syncCharge(provider, charge));
    const payouts = await claimDue(db, 'payouts', ['queued', 'pending', 'success'], claim());
    await each('payouts', payouts, (payout) => syncPayout(provider, payout));
    const refunds = await claimDue(db, 'refunds', ['queued', 'pending'], claim());
    await each('refunds', refunds, (refund) => syncRefund(provider, refund));
    work += events.length + charges.length + payouts.length + refunds.length;
    if (work > 0) notifier.kick();
    return [events, charges, payouts, refunds].some((rows) => rows.length === BATCH);
  }

  const loop = startBackgroundLoop({
    round,
    pollMs: deps.pollMs ?? POLL_MS,
    onError: (error) => log.error({ err: error }, 'payments reconciliation failed'),
  });

  return {
    kick: loop.kick,
    idle: loop.idle,
    async runOnce() {
      await loop.idle();
      loop.kick();
      await loop.idle();
    },
    async stop() {
      await loop.stop();
      await releaseClaims(db, claimer).catch((error: unknown) =>
        log.error({ err: error }, 'could not release payment claims'),
      );
    },
  };
}
