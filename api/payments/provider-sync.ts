import type { Kysely } from 'kysely';
import { HANDSET_APPROVAL_SECONDS } from '../../contracts/payments.ts';
import type { Database, Db } from '../db/database.ts';
import {
  lockEngagementOfPayment,
  recordChargeFailure,
  recordChargeSuccess,
} from '../engagements/escrow.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import type { Log } from '../lib/log.ts';
import { paidOutReceipt, payoutFailedNotice, refundReceipt } from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import { post, postings } from './ledger.ts';
import {
  type ChargeRow,
  findCharge,
  markPayoutInitiated,
  type PayoutRow,
  type RefundRow,
  updateCharge,
  updatePayout,
  updateRefund,
} from './payments-repository.ts';
import { payoutDestination } from './payout-settings.ts';
import {
  type PaystackClient,
  PaystackError,
  TRANSFER_FEE_PESEWAS,
  type Transaction,
  type Transfer,
} from './paystack-client.ts';

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

/** Paystack's word for a transfer that did not reach the wallet. */
/** Transfer statuses that mean the money never reached the wallet. */
export const TRANSFER_FAILED_STATUSES = new Set(['failed', 'abandoned', 'blocked', 'rejected']);

const backoffSeconds = (tries: number) =>
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

// --- Payouts ---------------------------------------------------------------------------------

/**
 * Records what the provider says of a transfer, inside the caller's transaction: a success
 * takes the money off our balance and tells the payee; a failure or a reversal makes the payee
 * owed it again (Withdraw Funds retries) and tells them; still moving asks again later.
 */
export async function recordTransfer(
  trx: Kysely<Database>,
  payout: PayoutRow,
  transfer: Transfer,
  now: Date,
  log: Log,
): Promise<boolean> {
  await lockEngagementOfPayment(trx, payout.payment_id);
  const nowIso = now.toISOString();
  if (
    transfer.reference !== payout.reference ||
    transfer.currency !== 'GHS' ||
    transfer.amountPesewas !== payout.amount_pesewas
  ) {
    log.error(
      { alert: 'payment_mismatch', reference: payout.reference },
      'A transfer does not match our payout: left for an operator',
    );
    return false;
  }
  const movement = {
    paymentId: payout.payment_id,
    payeeId: payout.payee_id,
    reference: payout.reference,
    amountPesewas: payout.amount_pesewas,
  };
  const code = { transfer_code: transfer.transferCode, updated_at: nowIso };
  const failed = TRANSFER_FAILED_STATUSES.has(transfer.status);
  if (transfer.status === 'success' || transfer.status === 'reversed') {
    const paid = await updatePayout(trx, payout.reference, ['queued', 'pending'], {
      ...code,
      status: 'success',
      settled_at: nowIso,
      next_check_at: addSeconds(now, PAYMENT_TIMINGS.reversalCheckSeconds).toISOString(),
    });
    if (paid) {
      await post(trx, postings.payoutSucceeded(movement), now);
      await post(
        trx,
        postings.transferFee({
          paymentId: payout.payment_id,
          reference: payout.reference,
          feePesewas: TRANSFER_FEE_PESEWAS,
        }),
        now,
      );
      if (transfer.status === 'success') {
        await queueNotification(
          trx,
          payout.payee_id,
          paidOutReceipt({
            amountPesewas: payout.amount_pesewas,
            phone: payout.phone,
            network: payout.network as Parameters<typeof paidOutReceipt>[0]['network'],
          }),
          now,
        );
      }
    }
    if (transfer.status === 'success') {
      // Verified once more later; after that, only a reversal's webhook moves it.
      if (!paid) {
        await updatePayout(trx, payout.reference, ['success'], { next_check_at: null });
      }
      return paid;
    }
    const reversed = await updatePayout(trx, payout.reference, ['success'], {
      ...code,
      status: 'reversed',
      failure: transfer.gatewayResponse ?? 'reversed',
      next_check_at: null,
    });
    if (reversed) {
      await post(trx, postings.payoutReversed(movement), now);
      await queueNotification(
        trx,
        payout.payee_id,
        payoutFailedNotice({ amountPesewas: payout.amount_pesewas, phone: payout.phone }),
        now,
      );
    }
    return paid || reversed;
  }
  if (failed) {
    const recorded = await updatePayout(trx, payout.reference, ['queued', 'pending'], {
      ...code,
      status: 'failed',
      failure: transfer.gatewayResponse ?? transfer.status,
      settled_at: nowIso,
      next_check_at: null,
    });
    if (recorded) {
      await post(trx, postings.payoutFailed(movement), now);
      await queueNotification(
        trx,
        payout.payee_id,
        payoutFailedNotice({ amountPesewas: payout.amount_pesewas, phone: payout.phone }),
        now,
      );
    }
    return recorded;
  }
  await updatePayout(trx, payout.reference, ['queued', 'pending'], {
    ...code,
    status: 'pending',
    next_check_at: addSeconds(now, PAYMENT_TIMINGS.transferPollSeconds).toISOString(),
  });
  return false;
}

/** The provider refused the payout outright: the payee is owed it again. */
async function recordPayoutRefused(deps: ProviderDeps, payout: PayoutRow, reason: string) {
  const now = deps.clock();
  deps.log.error(
    { alert: 'payout_refused', reference: payout.reference, reason },
    'The provider refused a payout: the payee can retry with Withdraw Funds',
  );
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await updatePayout(trx, payout.reference, ['queued', 'pending'], {
      status: 'failed',
      failure: reason.slice(0, 200),
      settled_at: now.toISOString(),
      next_check_at: null,
      updated_at: now.toISOString(),
    });
    if (!recorded) return;
    await post(
      trx,
      postings.payoutFailed({
        paymentId: payout.payment_id,
        payeeId: payout.payee_id,
        reference: payout.reference,
        amountPesewas: payout.amount_pesewas,
      }),
      now,
    );
    await queueNotification(
      trx,
      payout.payee_id,
      payoutFailedNotice({ amountPesewas: payout.amount_pesewas, phone: payout.phone }),
      now,
    );
  });
}

async function retryPayoutLater(deps: ProviderDeps, payout: PayoutRow, error: unknown) {
  const now = deps.clock();
  const tries = payout.tries + 1;
  deps.log.warn({ reference: payout.reference, tries, err: error }, 'payout not sent yet');
  await deps.db
    .updateTable('payouts')
    .set({
      tries,
      claimed_by: null,
      lease_until: null,
      next_check_at: addSeconds(now, backoffSeconds(tries)).toISOString(),
    })
    .where('reference', '=', payout.reference)
    .execute();
}

/** The transfer as the provider knows it, or undefined when it knows no such reference. */
async function verifyTransferOrNone(
  client: PaystackClient,
  reference: string,
): Promise<Transfer | undefined> {
  try {
    return await client.verifyTransfer(reference);
  } catch (error) {
    if (error instanceof PaystackError && error.httpStatus === 404) return undefined;
    throw error;
  }
}

/**
 * Moves a payout on: a queued one is sent (after checking the provider has not got it already,
 * if it may have), a pending or paid one is verified. The reference is fixed, so asking twice
 * can never pay twice: the provider refuses the second, and we verify instead.
 */
export async function syncPayout(deps: ProviderDeps, payout: PayoutRow): Promise<void> {
  const { db, clock, log, client } = deps;
  try {
    let transfer: Transfer | undefined;
    if (payout.status !== 'queued' || payout.initiated_at !== null) {
      transfer = await verifyTransferOrNone(client, payout.reference);
    }
    if (!transfer && payout.status === 'queued') {
      let recipientCode = payout.recipient_code;
      try {
        recipientCode ??= await createRecipient(deps, payout);
      } catch (error) {
        if (!(error instanceof PaystackError) || error.httpStatus === 401) throw error;
        // The wallet was refused as a recipient (a wrong number or network).
        await recordPayoutRefused(deps, payout, error.message);
        return;
      }
      // From here on the provider may have the transfer: a crash now leaves initiated_at to say
      // "verify before asking again". Marked only while it may still go: not paused by a
      // suspension meanwhile, past its number's 24-hour hold; otherwise nothing is asked.
      if (
        !(await markPayoutInitiated(db, payout.reference, recipientCode, clock().toISOString()))
      ) {
        await updatePayout(db, payout.reference, ['queued'], {});
        return;
      }
      try {
        transfer = await client.initiateTransfer({
          amountPesewas: payout.amount_pesewas,
          recipientCode,
          reference: payout.reference,
          reason: 'Ghana Gigs payout',
        });
      } catch (error) {
        if (!(error instanceof PaystackError) || error.httpStatus === 401) throw error;
        // A duplicate reference means it was sent before: verify. Any other refusal stands.
        transfer = await verifyTransferOrNone(client, payout.reference);
        if (!transfer) {
          await recordPayoutRefused(deps, payout, error.message);
          return;
        }
      }
    }
    if (!transfer) {
      // Paid or pending by our records, unknown to the provider: an operator must look.
      log.error(
        { alert: 'payout_unknown', reference: payout.reference },
        'The provider knows no transfer for a payout we sent',
      );
      await retryPayoutLater(deps, payout, new Error('transfer not found'));
      return;
    }
    const found = transfer;
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('payouts')
        .selectAll()
        .where('reference', '=', payout.reference)
        .executeTakeFirstOrThrow();
      await recordTransfer(trx, current, found, clock(), log);
    });
  } catch (error) {
    // The provider unreachable, or our key refused: nothing was decided, so try again later.
    await retryPayoutLater(deps, payout, error);
  }
}

/** The payee's wallet as a transfer recipient (the provider answers the same one for a repeat). */
async function createRecipient(deps: ProviderDeps, payout: PayoutRow): Promise<string> {
  const { name } = await payoutDestination(deps.db, payout.payee_id, deps.clock());
  const recipient = await deps.client.createTransferRecipient({
    name: name || 'Ghana Gigs payee',
    phone: payout.phone,
    network: payout.network as Parameters<PaystackClient['createTransferRecipient']>[0]['network'],
  });
  return recipient.recipientCode;
}

// --- Refunds ---------------------------------------------------------------------------------

/** The refund reached the payer (the provider shows the charge reversed). */
export async function recordRefundProcessed(
  trx: Kysely<Database>,
  refund: RefundRow,
  now: Date,
): Promise<boolean> {
  await lockEngagementOfPayment(trx, refund.payment_id);
  const nowIso = now.toISOString();
  const recorded = await updateRefund(trx, refund.id, ['queued', 'pending'], {
    status: 'processed',
    processed_at: nowIso,
    next_check_at: null,
    updated_at: nowIso,
  });
  if (!recorded) return false;
  await post(
    trx,
    postings.refundProcessed({
      paymentId: refund.payment_id,
      chargeReference: refund.charge_reference,
      amountPesewas: refund.amount_pesewas,
    }),
    now,
  );
  const charge = (await findCharge(trx, refund.charge_reference)) as ChargeRow;
  await queueNotification(
    trx,
    charge.payer_id,
    refundReceipt({ totalPesewas: refund.amount_pesewas }),
    now,
  );
  return true;
}

/**
 * What the provider says of a refund asked for: processed (the charge shows reversed, or its
 * list of refunds has this amount processed), failed (every try of this amount it lists failed:
 * a stale failure of an earlier try does not count while a later one is under way), or pending.
 */
export async function refundAtProvider(
  deps: Pick<ProviderDeps, 'db' | 'client'>,
  refund: RefundRow,
): Promise<'processed' | 'failed' | 'pending'> {
  const charge = (await findCharge(deps.db, refund.charge_reference)) as ChargeRow;
  if (refund.amount_pesewas >= charge.amount_pesewas) {
    const transaction = await deps.client.verifyTransaction(refund.charge_reference);
    if (transaction.status === 'reversed') return 'processed';
  }
  const tries = (await deps.client.listRefunds(refund.charge_reference)).filter(
    (found) => found.amountPesewas === refund.amount_pesewas,
  );
  if (tries.some((found) => found.status === 'processed')) return 'processed';
  if (tries.length > 0 && tries.every((found) => found.status === 'failed')) return 'failed';
  return 'pending';
}

/**
 * Moves a refund on: a queued one is asked for (the whole charge, so asking twice cannot refund
 * twice: the provider refuses what was already refunded), a pending one is verified through its
 * charge, which the provider shows reversed once the payer has the money back.
 */
export async function syncRefund(deps: ProviderDeps, refund: RefundRow): Promise<void> {
  const { db, clock, log, client } = deps;
  const later = async (seconds: number, tries = refund.tries) =>
    db
      .updateTable('refunds')
      .set({
        tries,
        claimed_by: null,
        lease_until: null,
        next_check_at: addSeconds(clock(), seconds).toISOString(),
      })
      .where('id', '=', refund.id)
      .execute();
  try {
    const charge = (await findCharge(db, refund.charge_reference)) as ChargeRow;
    if (refund.amount_pesewas < charge.amount_pesewas) {
      // A part of the charge (a cancellation policy's share): the provider's list of the
      // charge's refunds says whether it was asked for (never twice) and processed.
      const asked = (await client.listRefunds(refund.charge_reference)).find(
        (found) => found.amountPesewas === refund.amount_pesewas,
      );
      const now = clock();
      if (!asked) {
        await client.createRefund({
          transactionReference: refund.charge_reference,
          amountPesewas: refund.amount_pesewas,
        });
      } else if (asked.status === 'processed') {
        await db.transaction().execute((trx) => recordRefundProcessed(trx, refund, clock()));
        return;
      }
      await updateRefund(db, refund.id, ['queued', 'pending'], {
        status: 'pending',
        ...(asked ? {} : { requested_at: now.toISOString() }),
        tries: refund.status === 'pending' ? refund.tries + 1 : refund.tries,
        claimed_by: null,
        lease_until: null,
        next_check_at: addSeconds(now, PAYMENT_TIMINGS.refundPollSeconds).toISOString(),
        updated_at: now.toISOString(),
      });
      return;
    }
    if (refund.status === 'queued') {
      try {
        await client.createRefund({ transactionReference: refund.charge_reference });
        const now = clock();
        await updateRefund(db, refund.id, ['queued'], {
          status: 'pending',
          requested_at: now.toISOString(),
          next_check_at: addSeconds(now, PAYMENT_TIMINGS.refundPollSeconds).toISOString(),
          updated_at: now.toISOString(),
        });
        return;
      } catch (error) {
        if (!(error instanceof PaystackError)) throw error;
        // Refused: perhaps asked before (a crash after the provider took it). Verify below.
        log.warn({ reference: refund.charge_reference, reason: error.message }, 'refund refused');
      }
    }
    const transaction = await client.verifyTransaction(refund.charge_reference);
    if (transaction.status === 'reversed') {
      await db.transaction().execute((trx) => recordRefundProcessed(trx, refund, clock()));
      return;
    }
    const tries = refund.tries + 1;
    await later(
      refund.status === 'pending' ? PAYMENT_TIMINGS.refundPollSeconds : backoffSeconds(tries),
      tries,
    );
  } catch (error) {
    const tries = refund.tries + 1;
    log.warn({ reference: refund.charge_reference, tries, err: error }, 'refund not moved on');
    await later(backoffSeconds(tries), tries);
  }
}
