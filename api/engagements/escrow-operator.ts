import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import {
  findPayment,
  heldPaymentsOfPayee,
  updatePayment,
} from '../payments/payments-repository.ts';
import { pausePayoutsOf, resumePayouts } from '../payments/payouts-repository.ts';
import {
  cancelEngagement,
  type Engagement,
  findEngagement,
  type PaymentRow,
} from './engagements-repository.ts';
import { lockEngagementOfPayment, release, secondsLeft } from './escrow.ts';
import { refOf, refundPayment, tellPayeeOfRefund } from './escrow-refunds.ts';
import { awaitsPayerNotice, queuePayerNotice } from './payer-notice.ts';

/**
 * What an operator does to money in escrow: freezing a suspended payee's payments and thawing
 * them when the suspension is lifted, deciding a payment in their queue, and letting a paused
 * payout go. Each inside the caller's transaction.
 */

/**
 * An operator suspended the payee: every payment on its way to them stops. Each held payment is
 * frozen (no release by itself: its clock's time left is kept) and waits in the operator's
 * queue to be released or refunded; their payouts not yet asked of the provider are paused.
 * Inside the suspension's transaction. (A disputed payment is the operator's already; a payout
 * already asked of the provider cannot be called back.)
 */
export async function freezePayeeMoney(
  trx: Kysely<Database>,
  payeeId: number,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  for (const id of await heldPaymentsOfPayee(trx, payeeId, false)) {
    await lockEngagementOfPayment(trx, id);
    const payment = (await findPayment(trx, id)) as PaymentRow;
    await updatePayment(
      trx,
      id,
      ['held'],
      {
        frozen_at: nowIso,
        frozen_release_seconds: secondsLeft(payment.release_due_at, now),
        release_due_at: null,
        updated_at: nowIso,
      },
      { unfrozen: true },
    );
  }
  await pausePayoutsOf(trx, payeeId, nowIso);
}

/**
 * The suspension is lifted: each frozen payment's clock resumes with the time it had left when
 * it stopped; one both sides confirmed meanwhile is released; a payee's word whose notice was
 * never sent (it was frozen first) gets its notice now. Paused payouts go again, each after its
 * number's hold.
 */
export async function thawPayeeMoney(
  trx: Kysely<Database>,
  payeeId: number,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  for (const id of await heldPaymentsOfPayee(trx, payeeId, true)) {
    await lockEngagementOfPayment(trx, id);
    const payment = (await findPayment(trx, id)) as PaymentRow;
    if (payment.status !== 'held' || payment.frozen_at === null) continue;
    const left = payment.frozen_release_seconds;
    await updatePayment(trx, id, ['held'], {
      frozen_at: null,
      frozen_release_seconds: null,
      release_due_at: left === null ? null : addSeconds(now, left).toISOString(),
      updated_at: nowIso,
    });
    const current = (await findPayment(trx, id)) as PaymentRow;
    if (current.payer_confirmed_at && current.payee_confirmed_at) {
      await release(trx, current, now);
    } else if (awaitsPayerNotice(current)) {
      const engagement = (await findEngagement(trx, refOf(current))) as Engagement;
      await queuePayerNotice(trx, current, engagement, now);
    }
  }
  await resumePayouts(trx, { payeeId }, nowIso);
}

/**
 * An operator's decision on a payment in their queue (a disputed one, or one frozen because its
 * payee is suspended), once the process allowed it: released to the payee (the engagement is
 * completed, the payout queued and sent, suspension or not: the operator decided) or refunded to
 * the payer in full (the engagement is cancelled).
 */
export async function applyResolution(
  trx: Kysely<Database>,
  payment: PaymentRow,
  decision: 'release' | 'refund' | 'no_show',
  now: Date,
): Promise<void> {
  const frozen = payment.status === 'held' && payment.frozen_at !== null;
  if (decision === 'release') {
    await release(trx, payment, now, 'release');
    return;
  }
  await refundPayment(trx, payment, frozen ? 'frozen' : 'dispute', now, decision);
  await cancelEngagement(trx, refOf(payment), decision === 'no_show' ? 'no_show' : 'operator');
  const engagement = (await findEngagement(trx, refOf(payment))) as Engagement;
  await tellPayeeOfRefund(trx, payment, engagement, now);
}

/**
 * A released payment whose payout was paused by its payee's suspension, released again by an
 * operator: its payout goes, recorded as the operator's release. False when none was paused.
 */
export async function releasePausedPayout(
  trx: Kysely<Database>,
  paymentId: number,
  now: Date,
): Promise<boolean> {
  if (!(await resumePayouts(trx, { paymentId }, now.toISOString()))) return false;
  await updatePayment(trx, paymentId, ['released'], {
    resolution: 'release',
    resolved_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  return true;
}
