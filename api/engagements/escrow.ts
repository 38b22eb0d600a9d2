import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import {
  disputeOpenedNotice,
  paymentHeldPayeeReceipt,
  paymentHeldPayerReceipt,
  paymentReleasedReceipt,
} from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import { post, postings } from '../payments/ledger.ts';
import {
  type ChargeRow,
  findPayment,
  updateCharge,
  updatePayment,
} from '../payments/payments-repository.ts';
import { payoutDestination } from '../payments/payout-settings.ts';
import { insertPayout } from '../payments/payouts-repository.ts';
import {
  completeEngagement,
  type Engagement,
  findEngagement,
  lockEngagementOf,
  type PaymentRow,
} from './engagements-repository.ts';
import { receiptSubject, refOf, startRefund } from './escrow-refunds.ts';

/**
 * The state changes of an escrow, each inside the caller's transaction so that the payment's
 * status, the ledger postings, the engagement's status, the payout or refund to make and the
 * receipts commit together or not at all. Each is guarded by the state it starts from, so a
 * second door doing the same thing (a duplicate webhook, the reconciler, another process)
 * changes nothing; the ledger's unique keys are the second lock.
 *
 *   unpaid --charge--> pending --success--> held --both confirm / 72 h--> released
 *     ^                   |                  |  \--dispute--> disputed --operator--> released
 *     '----failed---------'                  |                          \--operator--> refunded
 *                                            |--cancel (before the work, nobody confirmed)--> refunded
 *                                            '--payee suspended--> frozen (held, no clock)
 *                                                  --lifted--> held | --operator--> released, refunded
 *
 * The rules of each step live in one place each: charges, release and payouts here; the payer's
 * notice that starts their 72 hours (payer-notice.ts payerNoticeHook); refunds and cancel
 * (escrow-refunds.ts); the freeze (escrow-operator.ts freezePayeeMoney, thawPayeeMoney) and the
 * operator's decision (escrow-operator.ts applyResolution).
 */

/**
 * The payer has 72 hours to dispute: after a booking's event, and whenever the payee says the
 * work is done first, after the payer was sent the notice saying so.
 */
export const DISPUTE_WINDOW_SECONDS = 72 * 60 * 60;

/** The send hook of the payer's notice (notifications.ts SendHook; payerNoticeHook). */
export const PAYER_NOTICE_HOOK = 'payer_release_notice';

/** How the ledger's unique payout reference is made: fixed per payment and attempt. */
const payoutReference = (paymentId: number, attempt: number) =>
  `payout-${String(paymentId).padStart(10, '0')}-${attempt}`;

/**
 * Takes the lock of the payment's engagement (lockEngagement), so that its escrow changes one
 * at a time, whoever changes it: the two sides, the provider's webhooks, the reconciler in any
 * process. The engagement a payment is for never changes, so it may be read before the lock.
 */
export async function lockEngagementOfPayment(trx: Kysely<Database>, paymentId: number) {
  const payment = await findPayment(trx, paymentId);
  if (payment) await lockEngagementOf(trx, refOf(payment));
}

/**
 * The provider confirmed a charge (reference, amount and currency checked by the caller). Its
 * money is held for the engagement; or, when the engagement no longer wants it (cancelled,
 * expired, already paid by another charge), it goes back to the payer. False when the charge
 * was already recorded.
 */
export async function recordChargeSuccess(
  trx: Kysely<Database>,
  charge: ChargeRow,
  outcome: { providerFeePesewas: number; paidAt: string },
  now: Date,
): Promise<boolean> {
  await lockEngagementOfPayment(trx, charge.payment_id);
  const nowIso = now.toISOString();
  const recorded = await updateCharge(trx, charge.reference, ['initiating', 'pending', 'failed'], {
    status: 'success',
    step: 'success',
    step_at: nowIso,
    failure: null,
    message: null,
    provider_fee_pesewas: outcome.providerFeePesewas,
    paid_at: outcome.paidAt,
    next_check_at: null,
    updated_at: nowIso,
  });
  if (!recorded) return false;
  await post(
    trx,
    postings.chargeSucceeded({
      paymentId: charge.payment_id,
      reference: charge.reference,
      totalPesewas: charge.amount_pesewas,
      providerFeePesewas: outcome.providerFeePesewas,
    }),
    now,
  );
  const payment = (await findPayment(trx, charge.payment_id)) as PaymentRow;
  const engagement = (await findEngagement(trx, refOf(payment))) as Engagement;
  const awaited = payment.status === 'unpaid' || payment.status === 'pending';
  if (awaited && engagement.status === 'accepted') {
    // A booking's money goes to the artist by itself 72 hours after the event (or after it was
    // paid, if that was later), unless the client disputes; a job's clock starts when the
    // employer is told the worker says it is done. Money for a suspended payee is frozen.
    const due = eventReleaseDue(engagement, nowIso);
    await updatePayment(trx, payment.id, ['unpaid', 'pending'], {
      status: 'held',
      held_at: nowIso,
      ...(engagement.payeeSuspended
        ? { frozen_at: nowIso, frozen_release_seconds: secondsLeft(due, now), release_due_at: null }
        : { release_due_at: due }),
      updated_at: nowIso,
    });
    await queueNotification(
      trx,
      payment.payer_id,
      paymentHeldPayerReceipt({
        ...receiptSubject(engagement),
        totalPesewas: charge.amount_pesewas,
      }),
      now,
    );
    await queueNotification(
      trx,
      payment.payee_id,
      paymentHeldPayeeReceipt({
        ...receiptSubject(engagement),
        amountPesewas: payment.amount_pesewas,
      }),
      now,
    );
    return true;
  }
  // Not wanted: refunded in full. A payment that had nothing else in it is refunded.
  await startRefund(trx, payment, charge.reference, charge.amount_pesewas, 'not_needed', now);
  if (awaited) {
    await updatePayment(trx, payment.id, ['unpaid', 'pending'], {
      status: 'refunded',
      refunded_at: nowIso,
      updated_at: nowIso,
    });
  }
  return true;
}

/**
 * The provider says a charge failed, was declined or abandoned. The payment waits for another
 * charge unless one is already under way.
 */
export async function recordChargeFailure(
  trx: Kysely<Database>,
  charge: ChargeRow,
  failure: { reason: string; message: string | null },
  now: Date,
): Promise<boolean> {
  await lockEngagementOfPayment(trx, charge.payment_id);
  const nowIso = now.toISOString();
  const recorded = await updateCharge(trx, charge.reference, ['initiating', 'pending'], {
    status: 'failed',
    step: 'failed',
    step_at: nowIso,
    failure: failure.reason,
    message: failure.message,
    next_check_at: null,
    updated_at: nowIso,
  });
  if (!recorded) return false;
  const others = await trx
    .selectFrom('charges')
    .select('id')
    .where('payment_id', '=', charge.payment_id)
    .where('status', 'in', ['initiating', 'pending'])
    .executeTakeFirst();
  if (!others) {
    await updatePayment(trx, charge.payment_id, ['pending'], {
      status: 'unpaid',
      updated_at: nowIso,
    });
  }
  return true;
}

/** When a booking's money goes by itself: 72 hours after its event ends, or after it was paid. */
export function eventReleaseDue(engagement: Engagement, heldAt: string): string | null {
  if (!engagement.eventEnd) return null;
  const from = Math.max(Date.parse(engagement.eventEnd), Date.parse(heldAt));
  return addSeconds(new Date(from), DISPUTE_WINDOW_SECONDS).toISOString();
}

/** Seconds from `now` to `due`, never below zero; null without a due time. */
export const secondsLeft = (due: string | null, now: Date) =>
  due === null ? null : Math.max(0, Math.ceil((Date.parse(due) - now.getTime()) / 1000));

/**
 * Releases the escrow to the payee: the engagement is completed, the payee is owed the amount,
 * the fee is ours, and a payout to their mobile-money number is queued (the reconciler sends it
 * once this commits). False when the payment is not held or disputed any more, or, but for an
 * operator's decision, frozen.
 */
export async function release(
  trx: Kysely<Database>,
  payment: PaymentRow,
  now: Date,
  resolution?: 'release',
): Promise<boolean> {
  await lockEngagementOf(trx, refOf(payment));
  const nowIso = now.toISOString();
  const released = await updatePayment(
    trx,
    payment.id,
    ['held', 'disputed'],
    {
      status: 'released',
      released_at: nowIso,
      updated_at: nowIso,
      release_due_at: null,
      frozen_at: null,
      frozen_release_seconds: null,
      ...(resolution ? { resolution, resolved_at: nowIso } : {}),
    },
    { unfrozen: !resolution },
  );
  if (!released) return false;
  await post(
    trx,
    postings.released({
      paymentId: payment.id,
      payeeId: payment.payee_id,
      amountPesewas: payment.amount_pesewas,
      feePesewas: payment.fee_pesewas,
    }),
    now,
  );
  await completeEngagement(trx, refOf(payment), nowIso);
  await queuePayout(trx, payment, 1, now, { byOperator: resolution === 'release' });
  await queueNotification(
    trx,
    payment.payee_id,
    paymentReleasedReceipt({ amountPesewas: payment.amount_pesewas }),
    now,
  );
  return true;
}

/**
 * What a payment's payout carries: the amount when released; the artist's share of a booking a
 * client cancelled late (kept_pesewas), when that is what went to them.
 */
export const payoutAmount = (payment: PaymentRow) =>
  payment.status === 'refunded' && payment.kept_pesewas
    ? payment.kept_pesewas
    : payment.amount_pesewas;

/**
 * Queues attempt `attempt` of the payment's payout to the payee's payout number. It waits for
 * that number's 24-hour hold, if it has one; a suspended payee's payout is paused, unless an
 * operator released the money knowing of the suspension.
 */
export async function queuePayout(
  trx: Kysely<Database>,
  payment: PaymentRow,
  attempt: number,
  now: Date,
  { byOperator = false }: { byOperator?: boolean } = {},
): Promise<void> {
  const nowIso = now.toISOString();
  const destination = await payoutDestination(trx, payment.payee_id, now);
  const reference = payoutReference(payment.id, attempt);
  const paused = destination.suspended && !byOperator;
  const amountPesewas = payoutAmount(payment);
  await insertPayout(trx, {
    reference,
    payment_id: payment.id,
    payee_id: payment.payee_id,
    attempt,
    amount_pesewas: amountPesewas,
    phone: destination.phoneNumber,
    network: destination.network,
    hold_until: destination.heldUntil,
    paused_at: paused ? nowIso : null,
    next_check_at: paused ? null : (destination.heldUntil ?? nowIso),
    created_at: nowIso,
    updated_at: nowIso,
  });
  await post(
    trx,
    postings.payoutStarted({
      paymentId: payment.id,
      payeeId: payment.payee_id,
      reference,
      amountPesewas,
    }),
    now,
  );
}

/**
 * The event a client cancelled late has ended: what their policy left in escrow is released, the
 * artist's share to their wallet (and a payout queued), the fee's share ours. False when it is
 * not due or already went.
 */
export async function releaseKept(
  trx: Kysely<Database>,
  payment: PaymentRow,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  if (payment.kept_due_at === null || payment.kept_due_at > nowIso) return false;
  const result = await trx
    .updateTable('payments')
    .set({ kept_released_at: nowIso, updated_at: nowIso })
    .where('id', '=', payment.id)
    .where('status', '=', 'refunded')
    .where('kept_released_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const kept = payment.kept_pesewas ?? 0;
  await post(
    trx,
    postings.keptReleased({
      paymentId: payment.id,
      payeeId: payment.payee_id,
      keptPesewas: kept,
      keptFeePesewas: payment.kept_fee_pesewas ?? 0,
    }),
    now,
  );
  if (kept > 0) {
    await queuePayout(trx, payment, 1, now);
    await queueNotification(
      trx,
      payment.payee_id,
      paymentReleasedReceipt({ amountPesewas: kept }),
      now,
    );
  }
  return true;
}

// --- What the two sides do --------------------------------------------------------------------
// Each runs once the process (process.ts) allowed it, inside the service's transaction
// (engagements-service.ts act): no rule is judged here.

/** One side disputes: release is frozen until an operator decides; the other side is told. */
export async function applyDispute(
  trx: Kysely<Database>,
  engagement: Engagement,
  payment: PaymentRow,
  userId: number,
  reason: string,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  await updatePayment(trx, payment.id, ['held'], {
    status: 'disputed',
    disputed_at: nowIso,
    disputed_by: userId,
    dispute_reason: reason,
    // The operator decides now; a freeze for a suspension has nothing left to resume.
    release_due_at: null,
    frozen_at: null,
    frozen_release_seconds: null,
    updated_at: nowIso,
  });
  const otherSide = userId === engagement.payerId ? engagement.payeeId : engagement.payerId;
  await queueNotification(trx, otherSide, disputeOpenedNotice(receiptSubject(engagement)), now);
}
