import type { Kysely } from 'kysely';
import { HANDSET_APPROVAL_SECONDS } from '../../contracts/payments.ts';
import type { Database, Db } from '../db/database.ts';
import { recordChargeFailure, recordChargeSuccess } from '../engagements/escrow.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import type { Log } from '../lib/log.ts';
import { type ChargeRow, findCharge, updateCharge } from './payments-repository.ts';
import { type PaystackClient, PaystackError } from './paystack-client.ts';
import type { Transaction } from './paystack-wire.ts';

/**
 * Asking the provider where a charge, a payout or a refund stands, and recording its answer.
 * The provider is asked outside any database transaction (a call may take 15 s and a write lock
 * must not wait on it); its answer is then recorded in one transaction, guarded by the state
 * the row was in, so an answer recorded twice (a webhook and the reconciler, two processes)
 * changes things once.
 */

export const PAYMENT_TIMINGS = {
  /** Paystack asks for 10 s or more between polls of one reference. */
  chargePollSeconds: 10,
  /**
   * A charge still not conclusive this long after its prompt is given up: the payer's 180 s on
   * the handset, and a minute for the networks' own delays. A success after that is still
   * credited (and refunded if no longer wanted).
   */
  abandonAfterSeconds: HANDSET_APPROVAL_SECONDS + 60,
  transferPollSeconds: 30,
  refundPollSeconds: 30,
  /** A paid transfer is verified once more after this, in case its reversal's webhook was lost. */
  reversalCheckSeconds: 60 * 60,
  maxBackoffSeconds: 60 * 60,
} as const;

/** Transfer statuses that mean the money never reached the wallet. */
export const TRANSFER_FAILED_STATUSES = new Set(['failed', 'abandoned', 'blocked', 'rejected']);

export const backoffSeconds = (tries: number) =>
  Math.min(PAYMENT_TIMINGS.maxBackoffSeconds, 30 * 2 ** Math.max(0, tries - 1));

export interface ProviderDeps {
  db: Db;
  clock: Clock;
  log: Log;
  client: PaystackClient;
}

// --- Charges ---------------------------------------------------------------------------------

export type ChargeOutcome =
  | { kind: 'success'; providerFeePesewas: number; paidAt: string }
  | {
      kind: 'failed';
      reason: 'declined' | 'abandoned' | 'reversed' | 'mismatch';
      message: string | null;
    }
  | { kind: 'waiting' };

/**
 * What a verified transaction means for our charge. Money is credited only when the provider
 * itself says success for exactly our reference, amount and currency: an event, a forged one
 * included, only tells us which reference to ask about.
 */
export function chargeOutcome(charge: ChargeRow, transaction: Transaction): ChargeOutcome {
  if (
    transaction.reference !== charge.reference ||
    transaction.currency !== 'GHS' ||
    transaction.amountPesewas !== charge.amount_pesewas
  ) {
    return {
      kind: 'failed',
      reason: 'mismatch',
      message: `The provider holds ${transaction.currency} ${transaction.amountPesewas} for ${transaction.reference}, not GHS ${charge.amount_pesewas}`,
    };
  }
  switch (transaction.status) {
    case 'success':
      return {
        kind: 'success',
        providerFeePesewas: transaction.feesPesewas ?? 0,
        paidAt: transaction.paidAt ?? new Date().toISOString(),
      };
    case 'failed':
      return { kind: 'failed', reason: 'declined', message: transaction.gatewayResponse };
    case 'abandoned':
      return { kind: 'failed', reason: 'abandoned', message: transaction.gatewayResponse };
    case 'reversed':
      return { kind: 'failed', reason: 'reversed', message: transaction.gatewayResponse };
    default:
      return { kind: 'waiting' };
  }
}

/** When the payer's time on the handset is over for good. */
const chargeGivenUpAt = (charge: ChargeRow) =>
  addSeconds(new Date(charge.step_at ?? charge.created_at), PAYMENT_TIMINGS.abandonAfterSeconds);

/**
 * Records a charge's outcome inside the caller's transaction: success holds the money (or
 * refunds it), failure frees the payment for another try, waiting asks again in 10 s, or gives
 * up once the payer's time is over. True when something changed.
 */
export async function recordChargeOutcome(
  trx: Kysely<Database>,
  charge: ChargeRow,
  outcome: ChargeOutcome,
  now: Date,
  log: Log,
): Promise<boolean> {
  if (outcome.kind === 'success') return recordChargeSuccess(trx, charge, outcome, now);
  if (outcome.kind === 'failed') {
    if (outcome.reason === 'mismatch') {
      log.error(
        { alert: 'payment_mismatch', reference: charge.reference, detail: outcome.message },
        'A charge does not match what the provider holds: not credited',
      );
    }
    return recordChargeFailure(trx, charge, outcome, now);
  }
  if (now.getTime() >= chargeGivenUpAt(charge).getTime()) {
    return recordChargeFailure(trx, charge, { reason: 'abandoned', message: null }, now);
  }
  await updateCharge(trx, charge.reference, ['initiating', 'pending'], {
    next_check_at: addSeconds(now, PAYMENT_TIMINGS.chargePollSeconds).toISOString(),
  });
  return false;
}

/** Asks the provider about a charge and records the answer (the reconciler's round). */
export async function syncCharge(deps: ProviderDeps, charge: ChargeRow): Promise<void> {
  const { db, clock, log, client } = deps;
  let outcome: ChargeOutcome;
  try {
    outcome = chargeOutcome(charge, await client.verifyTransaction(charge.reference));
  } catch (error) {
    const now = clock();
    // Never seen by the provider (the call that made it never arrived): given up once the
    // payer's time is over, since a charge in flight would have reached it long before.
    const unknown = error instanceof PaystackError && error.httpStatus !== 401;
    const givenUp = unknown && now.getTime() >= chargeGivenUpAt(charge).getTime();
    await db.transaction().execute(async (trx) => {
      if (givenUp) {
        await recordChargeFailure(trx, charge, { reason: 'abandoned', message: null }, now);
        return;
      }
      await updateCharge(trx, charge.reference, ['initiating', 'pending'], {
        next_check_at: addSeconds(now, PAYMENT_TIMINGS.chargePollSeconds).toISOString(),
      });
    });
    if (!unknown) log.warn({ reference: charge.reference, err: error }, 'charge not verified');
    return;
  }
  await db.transaction().execute(async (trx) => {
    const current = (await findCharge(trx, charge.reference)) as ChargeRow;
    await recordChargeOutcome(trx, current, outcome, clock(), log);
  });
}
