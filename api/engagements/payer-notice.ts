import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import { ceilToMinute, soonTimeLabel } from '../lib/day-label.ts';
import { payeeSaysDoneNotice } from '../notifications/messages.ts';
import {
  hookedMessageQueued,
  queueNotification,
  type SendHook,
} from '../notifications/notifications.ts';
import {
  findPayment,
  paymentsWithoutPayerNotice,
  startReleaseClock,
  updatePayment,
} from '../payments/payments-repository.ts';
import { type Engagement, findEngagement, type PaymentRow } from './engagements-repository.ts';
import {
  DISPUTE_WINDOW_SECONDS,
  eventReleaseDue,
  lockEngagementOfPayment,
  PAYER_NOTICE_HOOK,
  release,
} from './escrow.ts';
import { receiptSubject, refOf } from './escrow-refunds.ts';
import type { Side } from './process.ts';

/**
 * Confirming the work, and the payer's notice that starts their 72 hours when the payee says the
 * work is done first: queued when the payee confirms, taken up by the reconciler when missing,
 * and sent through its send hook (payerNoticeHook), which starts the clock.
 */

/**
 * How much later than the moment the payer's notice is put together its stated release time
 * lies: more than a send takes (the gateway gives up after 15 s), so the money never goes
 * before the time the SMS states, nor before 72 hours after the SMS was sent.
 */
const NOTICE_SEND_MARGIN_SECONDS = 60;

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
export async function queuePayerNotice(
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
export const awaitsPayerNotice = (payment: PaymentRow | undefined): payment is PaymentRow =>
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
