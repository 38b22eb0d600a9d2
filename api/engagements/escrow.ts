import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import { ceilToMinute, soonTimeLabel } from '../lib/day-label.ts';
import {
  disputeOpenedNotice,
  payeeSaysDoneNotice,
  paymentHeldPayeeReceipt,
  paymentHeldPayerReceipt,
  paymentReleasedReceipt,
  refundedToPayerNotice,
} from '../notifications/messages.ts';
import {
  hookedMessageQueued,
  queueNotification,
  type SendHook,
} from '../notifications/notifications.ts';
import { post, postings } from '../payments/ledger.ts';
import {
  type ChargeRow,
  findPayment,
  heldPaymentsOfPayee,
  insertPayout,
  insertRefund,
  pausePayoutsOf,
  paymentsWithoutPayerNotice,
  resumePayouts,
  startReleaseClock,
  unrefundedCharges,
  updateCharge,
  updatePayment,
} from '../payments/payments-repository.ts';
import { payoutDestination } from '../payments/payout-settings.ts';
import {
  cancelEngagement,
  completeEngagement,
  type Engagement,
  type EngagementRef,
  findEngagement,
  lockEngagementOf,
  type PaymentRow,
} from './engagements-repository.ts';
import type { Side } from './process.ts';

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
 * The rules of each step live here, one place each: the work's date (workHasBegun), the payer's
 * notice that starts their 72 hours (payerNoticeHook), cancel, the freeze (freezePayeeMoney,
 * thawPayeeMoney) and the operator's decision (resolveDispute).
 */

/**
 * The payer has 72 hours to dispute: after a booking's event, and whenever the payee says the
 * work is done first, after the payer was sent the notice saying so.
 */
const DISPUTE_WINDOW_SECONDS = 72 * 60 * 60;

/**
 * How much later than the moment the payer's notice is put together its stated release time
 * lies: more than a send takes (the gateway gives up after 15 s), so the money never goes
 * before the time the SMS states, nor before 72 hours after the SMS was sent.
 */
const NOTICE_SEND_MARGIN_SECONDS = 60;

/** The send hook of the payer's notice (notifications.ts SendHook; payerNoticeHook). */
export const PAYER_NOTICE_HOOK = 'payer_release_notice';

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
  if (payment) await lockEngagementOf(trx, refOf(payment));
}

const receiptSubject = (engagement: Engagement) => ({ eventDate: engagement.eventStart });

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
function eventReleaseDue(engagement: Engagement, heldAt: string): string | null {
  if (!engagement.eventEnd) return null;
  const from = Math.max(Date.parse(engagement.eventEnd), Date.parse(heldAt));
  return addSeconds(new Date(from), DISPUTE_WINDOW_SECONDS).toISOString();
}

/** Seconds from `now` to `due`, never below zero; null without a due time. */
const secondsLeft = (due: string | null, now: Date) =>
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
    status: 'refunded',
    refunded_at: nowIso,
    updated_at: nowIso,
    release_due_at: null,
    frozen_at: null,
    frozen_release_seconds: null,
    ...(resolution ? { resolution, resolved_at: nowIso } : {}),
  });
  if (!refunded) return false;
  for (const charge of await unrefundedCharges(trx, payment.id)) {
    await startRefund(trx, payment, charge.reference, charge.amount_pesewas, reason, now);
  }
  return true;
}

/**
 * A client cancels a paid booking late: the policy's share of the price and fee goes back to
 * them (a part refund of their charge), and the rest stays in escrow until the event's end
 * (`keptDueAt`), when the artist's share is theirs and the fee's share ours (releaseKept). False
 * when the payment is not held any more.
 */
export async function refundSplit(
  trx: Kysely<Database>,
  payment: PaymentRow,
  split: { refundAmount: number; refundFee: number; artistKeeps: number; feeKept: number },
  keptDueAt: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const refunded = await updatePayment(trx, payment.id, ['held'], {
    status: 'refunded',
    refunded_at: nowIso,
    updated_at: nowIso,
    release_due_at: null,
    frozen_at: null,
    frozen_release_seconds: null,
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
// Each runs once the process (process.ts) allowed it, inside the service's transaction
// (engagements-service.ts act): no rule is judged here.

/**
 * One side confirms the work was done. When both sides have, the money is released (a frozen
 * payment waits for the operator). When the payee confirms first, the payer's clock stops until
 * the payer has been told (payerNoticeHook), and the notice is queued.
 */
export async function applyConfirm(
  trx: Kysely<Database>,
  engagement: Engagement,
  payment: PaymentRow,
  side: Side,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const column = side === 'payer' ? 'payer_confirmed_at' : 'payee_confirmed_at';
  const payeeFirst = side === 'payee' && payment.payer_confirmed_at === null;
  await updatePayment(trx, payment.id, ['held'], {
    [column]: nowIso,
    // The payee's word alone starts no clock: the payer's 72 hours run from their notice.
    ...(payeeFirst ? { release_due_at: null, frozen_release_seconds: null } : {}),
    updated_at: nowIso,
  });
  const current = (await findPayment(trx, payment.id)) as PaymentRow;
  if (current.payer_confirmed_at && current.payee_confirmed_at) {
    await release(trx, current, now);
  } else if (payeeFirst && current.frozen_at === null) {
    await queuePayerNotice(trx, current, engagement, now);
  }
}

/**
 * Queues the payer's notice that the payee says the work is done (payerNoticeHook sends it and
 * starts the clock), unless one is on its way; any clock set before it stops.
 */
async function queuePayerNotice(
  trx: Kysely<Database>,
  payment: PaymentRow,
  engagement: Engagement,
  now: Date,
): Promise<void> {
  if (await hookedMessageQueued(trx, PAYER_NOTICE_HOOK, payment.id)) return;
  if (payment.release_due_at !== null) {
    await updatePayment(trx, payment.id, ['held'], {
      release_due_at: null,
      updated_at: now.toISOString(),
    });
  }
  await queueNotification(
    trx,
    payment.payer_id,
    {
      ...payeeSaysDoneNotice({ ...receiptSubject(engagement), payeeName: engagement.payeeName }),
      sendHook: { name: PAYER_NOTICE_HOOK, ref: payment.id },
    },
    now,
  );
}

/**
 * The reconciler's round: every payment whose payee alone says the work is done has its payer's
 * notice on its way. Confirming queues it at once; this takes up any that has none (one
 * confirmed before notices existed, whose clock ran untold: it stops until the payer is told).
 * Answers how many notices it queued.
 */
export async function tellUntoldPayers(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<number> {
  let queued = 0;
  for (const { id } of await paymentsWithoutPayerNotice(db, PAYER_NOTICE_HOOK, limit)) {
    await db.transaction().execute(async (trx) => {
      await lockEngagementOfPayment(trx, id);
      const payment = await findPayment(trx, id);
      if (!awaitsPayerNotice(payment)) return;
      const engagement = (await findEngagement(trx, refOf(payment))) as Engagement;
      await queuePayerNotice(trx, payment, engagement, now);
      queued += 1;
    });
  }
  return queued;
}

/** Whether a payment still waits for its payer's notice to start its clock. */
const awaitsPayerNotice = (payment: PaymentRow | undefined): payment is PaymentRow =>
  payment !== undefined &&
  payment.status === 'held' &&
  payment.frozen_at === null &&
  payment.payer_notified_at === null &&
  payment.payee_confirmed_at !== null &&
  payment.payer_confirmed_at === null;

/**
 * The payer's notice as it goes. The payer's 72 hours run from the moment the SMS was sent, so
 * the clock is started by the sender once the gateway took the message, in the transaction
 * that records it sent; until then no clock runs, and a notice that cannot be sent (the gateway
 * down) is tried again and again while the money stays held. The time the SMS states is put
 * together just before it goes: 72 hours and a margin longer than a send from then, rounded up
 * to the minute (and no earlier than a booking's own 72 hours after its event); the clock is
 * set to that time, or to 72 hours after the actual send if that is later. So `autoReleaseAt`
 * is never earlier than the notice plus 72 hours, nor than what the notice said. A notice no
 * longer wanted (the payer confirmed or disputed meanwhile, the money is frozen, gone) is not
 * sent; a crash between sending and recording sends it again later, with a later time.
 */
export function payerNoticeHook(db: Kysely<Database>): SendHook {
  return {
    async prepare(paymentId, now) {
      const payment = await findPayment(db, paymentId);
      if (!awaitsPayerNotice(payment)) return null;
      const engagement = (await findEngagement(db, refOf(payment))) as Engagement;
      const fromNotice = ceilToMinute(
        addSeconds(now, DISPUTE_WINDOW_SECONDS + NOTICE_SEND_MARGIN_SECONDS),
      );
      const fromEvent = eventReleaseDue(engagement, payment.held_at ?? now.toISOString());
      const releaseAt =
        fromEvent && Date.parse(fromEvent) > fromNotice.getTime()
          ? fromEvent
          : fromNotice.toISOString();
      return { vars: { releaseAt: soonTimeLabel(releaseAt) }, state: releaseAt };
    },
    async sent(trx, paymentId, stated, sentAt) {
      await lockEngagementOfPayment(trx, paymentId);
      const fromSend = ceilToMinute(addSeconds(sentAt, DISPUTE_WINDOW_SECONDS)).toISOString();
      await startReleaseClock(trx, paymentId, {
        notifiedAt: sentAt.toISOString(),
        dueAt: fromSend > stated ? fromSend : stated,
      });
    },
  };
}

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

async function tellPayeeOfRefund(
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

// --- A suspended payee -------------------------------------------------------------------------

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

// --- The operator ------------------------------------------------------------------------------

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
