import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { refundedToPayerNotice } from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import { post, postings } from '../payments/ledger.ts';
import { insertRefund, unrefundedCharges, updatePayment } from '../payments/payments-repository.ts';
import {
  cancelEngagement,
  type Engagement,
  type EngagementRef,
  lockEngagementOf,
  type PaymentRow,
} from './engagements-repository.ts';
import type { Side } from './process.ts';

/**
 * Money going back to the payer: a payment refunded in full or in part (a late cancellation's
 * split), each charge's refund queued with its ledger move, and calling off accepted work. Each
 * runs inside the caller's transaction, guarded by the state it starts from (escrow.ts).
 */

export const refOf = (payment: PaymentRow): EngagementRef => ({
  type: payment.engagement_type as EngagementRef['type'],
  id: payment.engagement_id,
});

export const receiptSubject = (engagement: Engagement) => ({ eventDate: engagement.eventStart });

/**
 * Gives the payer their money back in full, fee included: every successful charge of the
 * payment is refunded. False when the payment is not held or disputed any more.
 */
export async function refundPayment(
  trx: Kysely<Database>,
  payment: PaymentRow,
  reason: string,
  now: Date,
  resolution?: 'refund' | 'no_show',
): Promise<boolean> {
  await lockEngagementOf(trx, refOf(payment));
  const nowIso = now.toISOString();
  const refunded = await updatePayment(trx, payment.id, ['held', 'disputed'], {
    ...refundedAt(nowIso),
    ...(resolution ? { resolution, resolved_at: nowIso } : {}),
  });
  if (!refunded) return false;
  for (const charge of await unrefundedCharges(trx, payment.id)) {
    await startRefund(trx, payment, charge.reference, charge.amount_pesewas, reason, now);
  }
  return true;
}

/** A payment refunded at `nowIso`: no clock runs for it any more, and no freeze holds it. */
const refundedAt = (nowIso: string) => ({
  status: 'refunded' as const,
  refunded_at: nowIso,
  updated_at: nowIso,
  release_due_at: null,
  frozen_at: null,
  frozen_release_seconds: null,
});

/**
 * A client cancels a paid booking late: the policy's share of the price and fee goes back to
 * them (a part refund of their charge), and the rest stays in escrow until the event's end
 * (`keptDueAt`), when the artist's share is theirs and the fee's share ours (releaseKept). False
 * when the payment is not held any more.
 */
async function refundSplit(
  trx: Kysely<Database>,
  payment: PaymentRow,
  split: { refundAmount: number; refundFee: number; artistKeeps: number; feeKept: number },
  keptDueAt: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const refunded = await updatePayment(trx, payment.id, ['held'], {
    ...refundedAt(nowIso),
    kept_pesewas: split.artistKeeps,
    kept_fee_pesewas: split.feeKept,
    kept_due_at: keptDueAt,
  });
  if (!refunded) return false;
  let back = split.refundAmount + split.refundFee;
  for (const charge of await unrefundedCharges(trx, payment.id)) {
    // One charge paid it; any other landed twice and goes back whole.
    const amount = Math.min(back, charge.amount_pesewas);
    back -= amount;
    if (amount > 0) await startRefund(trx, payment, charge.reference, amount, 'cancelled', now);
  }
  return true;
}

/** Queues the full refund of one charge and moves its money out of escrow. */
export async function startRefund(
  trx: Kysely<Database>,
  payment: PaymentRow,
  chargeReference: string,
  amountPesewas: number,
  reason: string,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const queued = await insertRefund(trx, {
    payment_id: payment.id,
    charge_reference: chargeReference,
    amount_pesewas: amountPesewas,
    reason,
    next_check_at: nowIso,
    created_at: nowIso,
    updated_at: nowIso,
  });
  if (!queued) return;
  await post(
    trx,
    postings.refundStarted({ paymentId: payment.id, chargeReference, amountPesewas }),
    now,
  );
}

/**
 * One side calls off accepted work. Funded work is refunded in full, fee included, but for a
 * booking its client calls off late: then `split` (its policy's, process.ts cancellationOutcome)
 * says what goes back now and what the artist earns at the event's end. A charge still under
 * way is refunded when it lands. The payee whose payer called it off is told.
 */
export async function applyCancel(
  trx: Kysely<Database>,
  engagement: Engagement,
  payment: PaymentRow | undefined,
  side: Side,
  split: {
    percent: number;
    refundAmount: number;
    refundFee: number;
    artistKeeps: number;
    feeKept: number;
  },
  now: Date,
): Promise<void> {
  await cancelEngagement(trx, engagement, side);
  if (payment?.status !== 'held') return;
  const done =
    split.percent >= 100
      ? await refundPayment(trx, payment, 'cancelled', now)
      : await refundSplit(trx, payment, split, keptDue(engagement, now), now);
  if (done && side === 'payer') {
    await tellPayeeOfRefund(trx, payment, engagement, now, split.refundAmount);
  }
}

/** When a late cancellation's kept share goes: the event's end (now, if that has passed). */
const keptDue = (engagement: Engagement, now: Date) =>
  engagement.eventEnd && Date.parse(engagement.eventEnd) > now.getTime()
    ? engagement.eventEnd
    : now.toISOString();

export async function tellPayeeOfRefund(
  trx: Kysely<Database>,
  payment: PaymentRow,
  engagement: Engagement,
  now: Date,
  amountPesewas = payment.amount_pesewas,
): Promise<void> {
  await queueNotification(
    trx,
    payment.payee_id,
    refundedToPayerNotice({ ...receiptSubject(engagement), amountPesewas }),
    now,
  );
}
