import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import {
  type ChargeRow,
  findCharge,
  findRefundOfCharge,
  type PayoutRow,
  updateRefund,
} from './payments-repository.ts';
import { recordTransfer } from './payout-sync.ts';
import { findPayout } from './payouts-repository.ts';
import {
  markProviderEventApplied,
  type ProviderEventRow,
  retryProviderEvent,
} from './provider-events-repository.ts';
import {
  chargeOutcome,
  PAYMENT_TIMINGS,
  type ProviderDeps,
  recordChargeOutcome,
  TRANSFER_FAILED_STATUSES,
} from './provider-sync.ts';
import { recordRefundProcessed, refundAtProvider } from './refund-sync.ts';

/**
 * Applying a provider's recorded events: the reconciler's work, never the webhook's (which only
 * records them). An event only names a reference: the provider is asked about it, and what the
 * provider says is recorded, in the transaction that marks the event applied. An event the
 * provider does not back yet is asked about again later, until it does or the provider's own
 * 72 hours of redelivery are over. Applying twice (two processes) changes things once: every
 * state change is guarded by the state it starts from.
 */

/** How long an event the provider does not back is asked about: its own redelivery window. */
const GIVE_UP_SECONDS = 72 * 60 * 60;

/** Whether the provider's own answer on a transfer agrees with the event that named it. */
function transferBacksEvent(event: string, status: string): boolean {
  if (event === 'transfer.success') return status === 'success' || status === 'reversed';
  if (event === 'transfer.reversed') return status === 'reversed';
  return TRANSFER_FAILED_STATUSES.has(status);
}

/** The provider does not back the event (yet). */
const NOT_YET = Symbol('not yet');

/** What applying one event found: the provider's word recorded, or not backed yet. */
type Applied = string | typeof NOT_YET;

/** Asks the provider about one recorded event and records its answer, or asks again later. */
export async function applyProviderEvent(
  deps: ProviderDeps,
  event: ProviderEventRow,
): Promise<void> {
  const { db, clock, log } = deps;
  let applied: Applied;
  try {
    applied = await apply(deps, event);
  } catch (error) {
    log.warn({ event: event.event, reference: event.reference, err: error }, 'event not applied');
    applied = NOT_YET;
  }
  if (applied !== NOT_YET) return;
  const now = clock();
  if (now.getTime() >= addSeconds(new Date(event.received_at), GIVE_UP_SECONDS).getTime()) {
    log.error(
      { alert: 'provider_event_unconfirmed', event: event.event, reference: event.reference },
      'The provider never backed an event: left to the polls and an operator',
    );
    await markProviderEventApplied(db, event.id, 'unconfirmed', now.toISOString());
    return;
  }
  const tries = event.tries + 1;
  const wait = Math.min(PAYMENT_TIMINGS.maxBackoffSeconds, pollSecondsOf(event) * 2 ** event.tries);
  await retryProviderEvent(
    db,
    { id: event.id, readAt: event.next_check_at },
    tries,
    addSeconds(now, wait).toISOString(),
  );
}

const pollSecondsOf = (event: ProviderEventRow) =>
  event.event === 'charge.success'
    ? PAYMENT_TIMINGS.chargePollSeconds
    : event.event.startsWith('transfer.')
      ? PAYMENT_TIMINGS.transferPollSeconds
      : PAYMENT_TIMINGS.refundPollSeconds;

async function apply(deps: ProviderDeps, event: ProviderEventRow): Promise<Applied> {
  const { db, clock, log, client } = deps;
  const done = (trx: Kysely<Database>, outcome: string) =>
    markProviderEventApplied(trx, event.id, outcome, clock().toISOString()).then(() => outcome);
  const unknown = (what: string) => {
    log.warn({ reference: event.reference }, `${event.event} for an unknown ${what}`);
    return done(db, 'unknown');
  };

  if (event.event === 'charge.success') {
    if (!(await findCharge(db, event.reference))) return unknown('charge');
    const transaction = await client.verifyTransaction(event.reference);
    return db.transaction().execute(async (trx) => {
      const charge = (await findCharge(trx, event.reference)) as ChargeRow;
      const outcome = chargeOutcome(charge, transaction);
      if (outcome.kind === 'waiting') return NOT_YET;
      await recordChargeOutcome(trx, charge, outcome, clock(), log);
      return done(trx, outcome.kind);
    });
  }

  if (event.event.startsWith('transfer.')) {
    if (!(await findPayout(db, event.reference))) return unknown('payout');
    const transfer = await client.verifyTransfer(event.reference);
    const failed = TRANSFER_FAILED_STATUSES.has(transfer.status);
    // A failure the provider states is recorded whatever the event said; anything else waits
    // until the provider agrees with the event (a reversal may show after its webhook).
    if (!transferBacksEvent(event.event, transfer.status) && !failed) return NOT_YET;
    return db.transaction().execute(async (trx) => {
      const payout = (await findPayout(trx, event.reference)) as PayoutRow;
      await recordTransfer(trx, payout, transfer, clock(), log);
      return done(trx, transfer.status);
    });
  }

  // refund.*: the event names the charge refunded. The polls may have recorded the refund
  // already; else the provider's own word on that refund decides (refundAtProvider).
  const refund = await findRefundOfCharge(db, event.reference);
  if (!refund) return unknown('refund');
  if (refund.status === 'processed') return done(db, 'processed');
  const atProvider = await refundAtProvider(deps, refund);
  if (atProvider === 'pending' || (atProvider === 'failed' && event.event !== 'refund.failed')) {
    return NOT_YET;
  }
  return db.transaction().execute(async (trx) => {
    const now = clock();
    if (atProvider === 'processed') {
      await recordRefundProcessed(trx, refund, now);
    } else {
      // Every try the provider knows of failed: asked for again; a refund.failed for the next
      // try is an event of its own.
      await updateRefund(trx, refund.id, ['pending'], {
        status: 'queued',
        tries: refund.tries + 1,
        next_check_at: addSeconds(now, PAYMENT_TIMINGS.refundPollSeconds).toISOString(),
      });
    }
    return done(trx, atProvider);
  });
}
