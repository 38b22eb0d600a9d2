import type { Kysely } from 'kysely';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { STATUS_CHANGE_MESSAGES } from '../../contracts/transitions.ts';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import { Conflict, Forbidden, NotFound, RuleBroken } from '../lib/domain-errors.ts';
import { lockEngagement } from '../lib/locks.ts';
import {
  disputeOpenedNotice,
  paymentHeldPayeeReceipt,
  paymentHeldPayerReceipt,
  paymentReleasedReceipt,
  refundedToPayerNotice,
} from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import {
  completeEngagement,
  type Engagement,
  type EngagementRef,
  findEngagement,
  type PaymentRow,
  setEngagementStatus,
} from './engagements-repository.ts';
import { post, postings } from './ledger.ts';
import {
  type ChargeRow,
  findPayment,
  findPaymentOf,
  insertPayout,
  insertRefund,
  unrefundedCharges,
  updateCharge,
  updatePayment,
} from './payments-repository.ts';
import { payoutDestination } from './payout-settings.ts';

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
 *                                            '--cancel--> refunded
 */

/** The payer has 72 hours after the event (jobs: after the worker's confirmation) to dispute. */
const DISPUTE_WINDOW_SECONDS = 72 * 60 * 60;

/** How the ledger's unique payout reference is made: fixed per payment and attempt. */
const payoutReference = (paymentId: number, attempt: number) =>
  `payout-${String(paymentId).padStart(10, '0')}-${attempt}`;

const refOf = (payment: PaymentRow): EngagementRef => ({
  type: payment.engagement_type as EngagementRef['type'],
  id: payment.engagement_id,
});

/**
 * Takes the lock of the payment's engagement (lockEngagement), so that its escrow changes one
 * at a time, whoever changes it: the two sides, the provider's webhooks, the reconciler in any
 * process. The engagement a payment is for never changes, so it may be read before the lock.
 */
export async function lockEngagementOfPayment(trx: Kysely<Database>, paymentId: number) {
  const payment = await findPayment(trx, paymentId);
  if (payment) await lockEngagement(trx, refOf(payment));
}

const receiptSubject = (engagement: Engagement) => ({ eventDate: engagement.eventStart });

type Side = 'payer' | 'payee';

/** Which side of the engagement the user is on; only the two sides may act on its escrow. */
function sideOf(engagement: Engagement, userId: number): Side {
  if (engagement.payerId === userId) return 'payer';
  if (engagement.payeeId === userId) return 'payee';
  throw new Forbidden(PAYMENT_MESSAGES.notParty);
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
    await updatePayment(trx, payment.id, ['unpaid', 'pending'], {
      status: 'held',
      held_at: nowIso,
      // A booking's money goes to the artist by itself 72 hours after the event (or after it
      // was paid, if that was later), unless the client disputes; a job's clock starts when
      // the worker confirms.
      release_due_at: engagement.eventEnd
        ? addSeconds(
            new Date(Math.max(Date.parse(engagement.eventEnd), now.getTime())),
            DISPUTE_WINDOW_SECONDS,
          ).toISOString()
        : null,
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

/**
 * Releases the escrow to the payee: the engagement is completed, the payee is owed the amount,
 * the fee is ours, and a payout to their mobile-money number is queued (the reconciler sends it
 * once this commits). False when the payment is not held or disputed any more.
 */
export async function release(
  trx: Kysely<Database>,
  payment: PaymentRow,
  now: Date,
  resolution?: 'release',
): Promise<boolean> {
  await lockEngagement(trx, refOf(payment));
  const nowIso = now.toISOString();
  const released = await updatePayment(trx, payment.id, ['held', 'disputed'], {
    status: 'released',
    released_at: nowIso,
    updated_at: nowIso,
    ...(resolution ? { resolution, resolved_at: nowIso } : {}),
  });
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
  await queuePayout(trx, payment, 1, now);
  await queueNotification(
    trx,
    payment.payee_id,
    paymentReleasedReceipt({ amountPesewas: payment.amount_pesewas }),
    now,
  );
  return true;
}

/** Queues attempt `attempt` of the payment's payout to the payee's payout number. */
export async function queuePayout(
  trx: Kysely<Database>,
  payment: PaymentRow,
  attempt: number,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const destination = await payoutDestination(trx, payment.payee_id);
  const reference = payoutReference(payment.id, attempt);
  await insertPayout(trx, {
    reference,
    payment_id: payment.id,
    payee_id: payment.payee_id,
    attempt,
    amount_pesewas: payment.amount_pesewas,
    phone: destination.phoneNumber,
    network: destination.network,
    next_check_at: nowIso,
    created_at: nowIso,
    updated_at: nowIso,
  });
  await post(
    trx,
    postings.payoutStarted({
      paymentId: payment.id,
      payeeId: payment.payee_id,
      reference,
      amountPesewas: payment.amount_pesewas,
    }),
    now,
  );
}

/**
 * Gives the payer their money back in full, fee included: every successful charge of the
 * payment is refunded. False when the payment is not held or disputed any more.
 */
export async function refundPayment(
  trx: Kysely<Database>,
  payment: PaymentRow,
  reason: string,
  now: Date,
  resolution?: 'refund',
): Promise<boolean> {
  await lockEngagement(trx, refOf(payment));
  const nowIso = now.toISOString();
  const refunded = await updatePayment(trx, payment.id, ['held', 'disputed'], {
    status: 'refunded',
    refunded_at: nowIso,
    updated_at: nowIso,
    ...(resolution ? { resolution, resolved_at: nowIso } : {}),
  });
  if (!refunded) return false;
  for (const charge of await unrefundedCharges(trx, payment.id)) {
    await startRefund(trx, payment, charge.reference, charge.amount_pesewas, reason, now);
  }
  return true;
}

/** Queues the full refund of one charge and moves its money out of escrow. */
async function startRefund(
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

// --- What the two sides do --------------------------------------------------------------------

/** The escrow of an accepted engagement, refusing what cannot be confirmed or disputed yet. */
async function heldPaymentOf(trx: Kysely<Database>, engagement: Engagement): Promise<PaymentRow> {
  const payment = await findPaymentOf(trx, engagement);
  if (!payment || payment.status === 'unpaid' || payment.status === 'pending') {
    throw new RuleBroken(PAYMENT_MESSAGES.notFunded);
  }
  if (payment.status === 'disputed') throw new Conflict(PAYMENT_MESSAGES.disputed);
  if (payment.status === 'released') throw new Conflict(PAYMENT_MESSAGES.alreadyReleased);
  if (payment.status === 'refunded') {
    throw new Conflict(STATUS_CHANGE_MESSAGES.notAllowed(engagement.status, 'completed'));
  }
  return payment;
}

/**
 * One side confirms the work was done. A booking cannot be confirmed before its event starts,
 * a job not before it is funded. When both sides have confirmed, the money is released. A
 * job's worker confirming starts the payer's 72 hours to dispute. Confirming again changes
 * nothing. True when something changed.
 */
export async function confirmWork(
  trx: Kysely<Database>,
  engagement: Engagement,
  userId: number,
  now: Date,
): Promise<boolean> {
  const side = sideOf(engagement, userId);
  if (engagement.status === 'completed') return false;
  if (engagement.status !== 'accepted') {
    throw new Conflict(STATUS_CHANGE_MESSAGES.notAllowed(engagement.status, 'completed'));
  }
  const payment = await heldPaymentOf(trx, engagement);
  if (engagement.eventStart && now.getTime() < Date.parse(engagement.eventStart)) {
    throw new RuleBroken(PAYMENT_MESSAGES.tooEarly);
  }
  const nowIso = now.toISOString();
  const column = side === 'payer' ? 'payer_confirmed_at' : 'payee_confirmed_at';
  if (payment[column] !== null) return false;
  const startsWindow = side === 'payee' && engagement.type === 'application';
  await updatePayment(trx, payment.id, ['held'], {
    [column]: nowIso,
    ...(startsWindow
      ? { release_due_at: addSeconds(now, DISPUTE_WINDOW_SECONDS).toISOString() }
      : {}),
    updated_at: nowIso,
  });
  const current = (await findPayment(trx, payment.id)) as PaymentRow;
  if (current.payer_confirmed_at && current.payee_confirmed_at) await release(trx, current, now);
  return true;
}

/**
 * One side disputes: release is frozen until an operator decides. Disputing again changes
 * nothing. True when something changed.
 */
export async function disputeWork(
  trx: Kysely<Database>,
  engagement: Engagement,
  userId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  sideOf(engagement, userId);
  const payment = await findPaymentOf(trx, engagement);
  if (payment?.status === 'disputed') return false;
  if (engagement.status === 'completed') throw new Conflict(PAYMENT_MESSAGES.alreadyReleased);
  if (engagement.status !== 'accepted') {
    throw new Conflict(STATUS_CHANGE_MESSAGES.notAllowed(engagement.status, 'completed'));
  }
  const held = await heldPaymentOf(trx, engagement);
  const nowIso = now.toISOString();
  await updatePayment(trx, held.id, ['held'], {
    status: 'disputed',
    disputed_at: nowIso,
    disputed_by: userId,
    dispute_reason: reason,
    updated_at: nowIso,
  });
  const otherSide = userId === engagement.payerId ? engagement.payeeId : engagement.payerId;
  await queueNotification(trx, otherSide, disputeOpenedNotice(receiptSubject(engagement)), now);
  return true;
}

/**
 * Either side calls off accepted work: a booking before its event starts, a job before the
 * worker confirmed it done (after that, a dispute). Funded work is refunded in full, fee
 * included; a charge still under way is refunded when it lands. A disputed one is the
 * operator's to decide. Cancelling again changes nothing. True when something changed.
 */
export async function cancelWork(
  trx: Kysely<Database>,
  engagement: Engagement,
  userId: number,
  now: Date,
): Promise<boolean> {
  sideOf(engagement, userId);
  if (engagement.status === 'cancelled') return false;
  if (engagement.status !== 'accepted') throw new Conflict(PAYMENT_MESSAGES.notCancellable);
  if (engagement.eventStart && now.getTime() >= Date.parse(engagement.eventStart)) {
    throw new RuleBroken(PAYMENT_MESSAGES.cancelTooLate);
  }
  const payment = await findPaymentOf(trx, engagement);
  if (payment?.status === 'disputed') throw new Conflict(PAYMENT_MESSAGES.disputed);
  if (payment?.payee_confirmed_at) throw new RuleBroken(PAYMENT_MESSAGES.cancelAfterConfirm);
  await setEngagementStatus(trx, engagement, 'cancelled');
  if (payment?.status === 'held' && (await refundPayment(trx, payment, 'cancelled', now))) {
    // The payee who called it off knows; one whose payer did is told where the money went.
    if (userId === engagement.payerId) await tellPayeeOfRefund(trx, payment, engagement, now);
  }
  return true;
}

async function tellPayeeOfRefund(
  trx: Kysely<Database>,
  payment: PaymentRow,
  engagement: Engagement,
  now: Date,
): Promise<void> {
  await queueNotification(
    trx,
    payment.payee_id,
    refundedToPayerNotice({ ...receiptSubject(engagement), amountPesewas: payment.amount_pesewas }),
    now,
  );
}

/**
 * An operator's decision on a disputed payment, in one transaction: released to the payee (the
 * engagement is completed, the payout queued) or refunded to the payer in full (the engagement
 * is cancelled). The payout or refund is sent by the reconciler of any running server.
 */
export async function resolveDispute(
  db: Kysely<Database>,
  paymentId: number,
  decision: 'release' | 'refund',
  now: Date,
): Promise<PaymentRow> {
  return db.transaction().execute(async (trx) => {
    await lockEngagementOfPayment(trx, paymentId);
    const payment = await findPayment(trx, paymentId);
    if (!payment) throw new NotFound(`No payment ${paymentId}`);
    if (payment.status !== 'disputed') {
      throw new Conflict(`Payment ${paymentId} is ${payment.status}, not disputed`);
    }
    if (decision === 'release') {
      await release(trx, payment, now, 'release');
    } else {
      await refundPayment(trx, payment, 'dispute', now, 'refund');
      await setEngagementStatus(trx, refOf(payment), 'cancelled');
      const engagement = (await findEngagement(trx, refOf(payment))) as Engagement;
      await tellPayeeOfRefund(trx, payment, engagement, now);
    }
    return (await findPayment(trx, paymentId)) as PaymentRow;
  });
}
