import type { Kysely } from 'kysely';
import type { EngagementAction } from '../../contracts/engagements.ts';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import type { Database } from '../db/database.ts';
import {
  Conflict,
  type DomainError,
  Forbidden,
  NotFound,
  RuleBroken,
} from '../lib/domain-errors.ts';
import { lockEngagement } from '../lib/locks.ts';
import { findPayment, findPaymentOf } from '../payments/payments-repository.ts';
import {
  cancelEngagement,
  type Engagement,
  type EngagementRef,
  findEngagement,
  lockEngagementOf,
  type PaymentRow,
  paymentsOf,
} from './engagements-repository.ts';
import { applyDispute, lockEngagementOfPayment, release, releaseKept } from './escrow.ts';
import { applyResolution, releasePausedPayout } from './escrow-operator.ts';
import { applyCancel, refOf as refOfPayment } from './escrow-refunds.ts';
import { milestonesOf } from './milestones-repository.ts';
import { applyConfirm } from './payer-notice.ts';
import {
  cancellationOutcome,
  type Deal,
  dealState,
  judge,
  type Role,
  type Side,
  type TransitionName,
  transitionOf,
} from './process.ts';
import type { Refusal } from './process-guards.ts';

/**
 * The one service every door calls to move a deal: the web routes of bookings, applications and
 * milestones, outbox replays, USSD, the reconciler's timers, the operator. Each call, inside the
 * caller's transaction: lock the engagement, read it, ask the process (process.ts) whether this
 * doer may take this transition now, then apply its effects (escrow.ts: status, money through
 * the ledger, notices). A refusal is a domain error (domain-errors.ts); no HTTP here.
 */

/** Who acts: a user (one of the two sides, found from the deal), or the platform itself. */
export type Doer =
  | { kind: 'user'; userId: number }
  | { kind: 'operator' }
  | { kind: 'timer' }
  | { kind: 'provider' };

export const asUser = (userId: number): Doer => ({ kind: 'user', userId });
export const TIMER: Doer = { kind: 'timer' };
export const OPERATOR: Doer = { kind: 'operator' };

/** The process's view of an engagement and its money (reviews are the view's, not a move's). */
export function dealOf(engagement: Engagement, payment: PaymentRow | undefined): Deal {
  return {
    kind: engagement.type === 'booking' ? 'booking' : 'application',
    state: dealState(engagement.status, payment),
    status: engagement.status,
    amountPesewas: payment?.amount_pesewas ?? engagement.amountPesewas,
    feePesewas: payment?.fee_pesewas ?? 0,
    payerConfirmedAt: payment?.payer_confirmed_at ?? null,
    payeeConfirmedAt: payment?.payee_confirmed_at ?? null,
    releaseDueAt: payment?.release_due_at ?? null,
    workStartsAt: engagement.workStartsAt,
    workEndsAt: engagement.eventEnd,
    acceptedAt: engagement.acceptedAt,
    payeeSuspended: engagement.payeeSuspended,
    cancellationPolicy: engagement.cancellationPolicy,
    keptDueAt:
      payment?.kept_due_at && payment.kept_released_at === null ? payment.kept_due_at : null,
    reviewOpenUntil: null,
    reviewed: false,
  };
}

export type {
  Engagement,
  EngagementRef,
  EngagementType,
  PaymentRow,
} from './engagements-repository.ts';
/**
 * Reads a deal (reviews read its outcome: completed, when, who); locks one for a payment's
 * write; the accepted bookings still unpaid (the reconciler's 48-hour release).
 */
export {
  findEngagement,
  lockEngagementOf,
  unpaidAcceptedBookings,
} from './engagements-repository.ts';
/** A payee's suspension freezes what is on its way to them; lifting it thaws it. */
export { freezePayeeMoney, thawPayeeMoney } from './escrow-operator.ts';
/** The engagement a payment is for (one home: escrow-refunds.ts). */
export { refOf as refOfPayment } from './escrow-refunds.ts';
/**
 * The application a milestone is part of (operators name the job's card); whether anything was
 * asked of an application's stages yet, and setting them again while nothing was.
 */
export {
  anyChargeFor,
  applicationOfMilestone,
  replaceMilestones,
} from './milestones-repository.ts';

/** Which side of the engagement a user is on; nobody else may act on it. */
export function sideOf(engagement: Pick<Engagement, 'payerId' | 'payeeId'>, userId: number): Side {
  if (engagement.payerId === userId) return 'payer';
  if (engagement.payeeId === userId) return 'payee';
  throw new Forbidden(PAYMENT_MESSAGES.notParty);
}

const roleOf = (engagement: Engagement, doer: Doer): Role =>
  doer.kind === 'user' ? sideOf(engagement, doer.userId) : doer.kind;

/** A refusal of the process as the domain error routes map. */
export function refusalError(refusal: Refusal): DomainError {
  if (refusal.kind === 'forbidden') return new Forbidden(refusal.message);
  if (refusal.kind === 'conflict') return new Conflict(refusal.message);
  return new RuleBroken(refusal.message);
}

/** The engagement and its money, under its lock; NotFound with `notFound` when it is not there. */
export async function lockDeal(
  trx: Kysely<Database>,
  ref: EngagementRef,
  notFound = 'Not found',
): Promise<{ engagement: Engagement; payment: PaymentRow | undefined; deal: Deal }> {
  await lockEngagementOf(trx, ref);
  return readDeal(trx, ref, notFound);
}

/** The engagement and its money, read under the lock the caller took already. */
async function readDeal(
  trx: Kysely<Database>,
  ref: EngagementRef,
  notFound: string,
): Promise<{ engagement: Engagement; payment: PaymentRow | undefined; deal: Deal }> {
  const engagement = await findEngagement(trx, ref);
  if (!engagement) throw new NotFound(notFound);
  const payment = await findPaymentOf(trx, ref);
  return { engagement, payment, deal: dealOf(engagement, payment) };
}

/**
 * Takes a transition, or a side's button (`confirm`, `dispute`, `cancel`: the side's own
 * transition), in the caller's transaction. True when something changed; false when it was
 * already taken (a repeat changes nothing). Throws the process's refusal.
 */
export async function act(
  trx: Kysely<Database>,
  ref: EngagementRef,
  move: TransitionName | EngagementAction,
  doer: Doer,
  now: Date,
  input: { reason?: string; notFound?: string } = {},
): Promise<boolean> {
  const target = await dealTarget(trx, ref, move);
  const { engagement, payment, deal } = await readDeal(trx, target, input.notFound ?? 'Not found');
  const role = roleOf(engagement, doer);
  const name =
    (move === 'confirm' || move === 'cancel') && (role === 'payer' || role === 'payee')
      ? transitionOf(move, role)
      : (move as TransitionName);
  const verdict = judge(deal, name, role, now);
  if (verdict === 'done') return false;
  if (verdict !== 'go') throw refusalError(verdict);
  const held = payment as PaymentRow;
  switch (name) {
    case 'payer_confirm':
    case 'payee_confirm':
      await applyConfirm(trx, engagement, held, role as Side, now);
      return true;
    case 'dispute':
      await applyDispute(
        trx,
        engagement,
        held,
        (doer as { userId: number }).userId,
        input.reason ?? '',
        now,
      );
      return true;
    case 'cancel_by_payer':
    case 'cancel_by_payee': {
      const split = cancellationOutcome(deal, role as Side, now);
      await applyCancel(trx, engagement, payment, role as Side, split, now);
      return true;
    }
    case 'auto_release':
      return release(trx, held, now);
    case 'expire_unpaid':
      await cancelEngagement(trx, engagement, 'timer');
      return true;
    case 'release_kept':
      return releaseKept(trx, held, now);
    case 'resolve_release':
      await applyResolution(trx, held, 'release', now);
      return true;
    case 'resolve_refund':
      await applyResolution(trx, held, 'refund', now);
      return true;
    case 'resolve_no_show':
      await applyResolution(trx, held, 'no_show', now);
      return true;
    default:
      throw new Error(`${name} is not taken through act()`);
  }
}

/**
 * What an action acts on, locked (lockEngagementOf: a milestone after its application). An
 * application paid in one acts itself; when its employer split it into milestones, its first
 * milestone not yet settled does, but for calling off work of which nothing was paid or done (a
 * worker who withdraws, an employer who changed their mind): then the application as a whole,
 * stages and all. Everything else acts on what it names.
 */
export async function dealTarget(
  trx: Kysely<Database>,
  ref: EngagementRef,
  move: TransitionName | EngagementAction,
): Promise<EngagementRef> {
  if (ref.type !== 'application') {
    await lockEngagementOf(trx, ref);
    return ref;
  }
  await lockEngagement(trx, ref);
  const stages = (await milestonesOf(trx, [ref.id])).get(ref.id) ?? [];
  const open = stages.filter((stage) => stage.status === 'open');
  const first = open[0];
  if (!first) return ref;
  if (move === 'cancel' && stages.every((stage) => stage.status !== 'completed')) {
    const money = await paymentsOf(
      trx,
      'milestone',
      open.map((stage) => stage.id),
    );
    const holding = [...money.values()].some((row) => ['held', 'disputed'].includes(row.status));
    if (!holding) return ref;
  }
  // Its application's lock is held already: the milestone's own is all that is left to take.
  const target: EngagementRef = { type: 'milestone', id: first.id };
  await lockEngagement(trx, target);
  return target;
}

/**
 * An operator's decision on a payment in their queue, in one transaction: release, refund, or
 * (a booking's artist did not show) no_show. A released payment whose payout the suspension
 * paused can only be released again: its payout goes.
 */
export async function resolvePayment(
  db: Kysely<Database>,
  paymentId: number,
  decision: 'release' | 'refund' | 'no_show',
  now: Date,
): Promise<PaymentRow> {
  return db.transaction().execute(async (trx) => {
    await lockEngagementOfPayment(trx, paymentId);
    const payment = await findPayment(trx, paymentId);
    if (!payment) throw new NotFound(`No payment ${paymentId}`);
    if (payment.status === 'released' && decision === 'release') {
      if (await releasePausedPayout(trx, paymentId, now)) {
        return (await findPayment(trx, paymentId)) as PaymentRow;
      }
    }
    const frozen = payment.status === 'held' && payment.frozen_at !== null;
    if (payment.status !== 'disputed' && !frozen) {
      throw new Conflict(`Payment ${paymentId} is ${payment.status}, not disputed or frozen`);
    }
    const ref = refOfPayment(payment);
    const move = decision === 'release' ? 'resolve_release' : `resolve_${decision}`;
    await act(trx, ref, move as TransitionName, OPERATOR, now);
    return (await findPayment(trx, paymentId)) as PaymentRow;
  });
}
