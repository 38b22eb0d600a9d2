import type { Kysely } from 'kysely';
import type { EngagementAction, Milestone } from '../../contracts/engagements.ts';
import { formatAmount } from '../../contracts/money.ts';
import {
  type Completion,
  type Payment,
  type PaymentStatus,
  serviceFeePesewas,
} from '../../contracts/payments.ts';
import type { EngagementReviews } from '../../contracts/reviews.ts';
import type { Database } from '../db/database.ts';
import type { ListPage } from '../lib/keyset-page.ts';
import { withReviews } from '../reviews/engagement-reviews.ts';
import {
  type Engagement,
  type EngagementType,
  findEngagements,
  milestoneEngagements,
  newApplicationPayment,
  type PaymentRow,
  paymentsOf,
} from './engagements-repository.ts';
import { dealOf } from './engagements-service.ts';
import { milestonesOf } from './milestones-repository.ts';
import { allowedActions, cancellationOutcome, type Side } from './process.ts';

/**
 * A deal as its viewer (one of its two sides) sees it: its `payment` and `completion`, its
 * `review`, and `allowedActions`, what the viewer may do now by the process (process.ts) and the
 * server's clock; a booking also says `refundIfCancelledNow`. Before its escrow exists (nothing
 * was paid yet) the amount is the engagement's own and the fee what paying now would add; once
 * it exists, both are fixed in it.
 */
export interface DealFields {
  payment: Payment;
  completion: Completion;
  review: EngagementReviews;
  allowedActions: EngagementAction[];
}

function paymentView(
  amountPesewas: number | null,
  row: PaymentRow | undefined,
  workStartsAt: string | null,
  feePercent: number,
): { payment: Payment; completion: Completion } {
  const amount = row?.amount_pesewas ?? amountPesewas ?? 0;
  const fee = row?.fee_pesewas ?? serviceFeePesewas(amount, feePercent);
  return {
    payment: {
      status: (row?.status as PaymentStatus | undefined) ?? 'unpaid',
      amount: formatAmount(amount),
      serviceFee: formatAmount(fee),
      paidAt: row?.held_at ?? null,
      releasedAt: row?.released_at ?? null,
    },
    completion: {
      payerConfirmedAt: row?.payer_confirmed_at ?? null,
      payeeConfirmedAt: row?.payee_confirmed_at ?? null,
      disputedAt: row?.disputed_at ?? null,
      autoReleaseAt: row?.status === 'held' ? row.release_due_at : null,
      confirmableFrom: workStartsAt,
    },
  };
}

/**
 * What the payer would get back, fee included, if `side` cancelled now: the policy's share when
 * the client cancels a paid booking, everything when the payee does, "0.00" before payment; null
 * when `side` cannot cancel.
 */
function refundIfCancelledNow(
  engagement: Engagement,
  payment: PaymentRow | undefined,
  actions: EngagementAction[],
  side: Side,
  now: Date,
): string | null {
  if (!actions.includes('cancel')) return null;
  if (payment?.status !== 'held') return formatAmount(0);
  const split = cancellationOutcome(dealOf(engagement, payment), side, now);
  return formatAmount(split.refundAmount + split.refundFee);
}

const NO_REVIEW: EngagementReviews = { openUntil: null, mine: null, theirs: null };

/**
 * Adds each deal's fields as `viewerId` sees it: three queries for all of them, one fewer when
 * the caller read their engagements already.
 */
async function withDeals<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  items: T[],
  viewerId: number,
  feePercent: number,
  now: Date,
  read?: ReadonlyMap<number, Engagement>,
): Promise<(T & DealFields & { refundIfCancelledNow: string | null })[]> {
  const ids = items.map((item) => item.id);
  const engagements = read ?? (await findEngagements(db, type, ids));
  const payments = await paymentsOf(db, type, ids);
  // A milestone is not reviewed on its own: its application is, once settled.
  const reviewed =
    type === 'milestone'
      ? items.map((item) => ({ ...item, review: NO_REVIEW }))
      : await withReviews(db, type, items, viewerId);
  return reviewed.map((item) => {
    const engagement = engagements.get(item.id) as Engagement;
    const payment = payments.get(item.id);
    const side: Side = engagement.payerId === viewerId ? 'payer' : 'payee';
    const deal = {
      ...dealOf(engagement, payment),
      reviewOpenUntil: item.review.openUntil,
      reviewed: item.review.mine !== null,
    };
    const actions =
      engagement.payerId === viewerId || engagement.payeeId === viewerId
        ? allowedActions(deal, side, now)
        : [];
    return {
      ...item,
      ...paymentView(engagement.amountPesewas, payment, engagement.workStartsAt, feePercent),
      allowedActions: actions,
      refundIfCancelledNow: refundIfCancelledNow(engagement, payment, actions, side, now),
    };
  });
}

/** Bookings as their viewer sees them, with what they would get back cancelling now. */
export function bookingViews<T extends { id: number }>(
  db: Kysely<Database>,
  items: T[],
  viewerId: number,
  feePercent: number,
  now: Date,
) {
  return withDeals(db, 'booking', items, viewerId, feePercent, now);
}

/**
 * Applications as their viewer sees them, each with its `milestones` when its employer split it:
 * then its `payment`, `completion` and `allowedActions` are those of its first milestone not yet
 * settled (what the application's own routes act on), and once all are settled its last
 * milestone's money beside what the application itself offers (a review). Two queries more when
 * any of them has milestones (their stages and the stages' money).
 */
export async function applicationViews<T extends { id: number }>(
  db: Kysely<Database>,
  items: T[],
  viewerId: number,
  feePercent: number,
  now: Date,
): Promise<(T & DealFields & { milestones: Milestone[] })[]> {
  const ids = items.map((item) => item.id);
  const applications = await findEngagements(db, 'application', ids);
  const deals = await withDeals(db, 'application', items, viewerId, feePercent, now, applications);
  const stages = await milestonesOf(db, ids);
  const stageRows = [...stages.values()].flat();
  // The stages' deals are their applications', read above: not read again.
  const views = new Map(
    (
      await withDeals(
        db,
        'milestone',
        stageRows.map(({ id }) => ({ id })),
        viewerId,
        feePercent,
        now,
        milestoneEngagements(stageRows, applications),
      )
    ).map((view) => [view.id, view]),
  );
  return deals.map(({ refundIfCancelledNow: _, ...deal }) => {
    const rows = stages.get(deal.id) ?? [];
    const milestones: Milestone[] = rows.map((row) => {
      const view = views.get(row.id) as DealFields;
      return {
        id: row.id,
        title: row.title,
        amount: formatAmount(row.amount_pesewas),
        dueDate: row.due_date,
        payment: view.payment,
        completion: view.completion,
        allowedActions: view.allowedActions,
      };
    });
    const current = milestones[rows.findIndex((row) => row.status === 'open')] ?? milestones.at(-1);
    if (!current) return { ...(deal as unknown as T & DealFields), milestones };
    const settled = rows.every((row) => row.status !== 'open');
    return {
      ...(deal as unknown as T & DealFields),
      payment: current.payment,
      completion: current.completion,
      allowedActions: settled
        ? deal.allowedActions.filter((action) => action === 'review')
        : current.allowedActions,
      milestones,
    };
  });
}

/**
 * An application made just now, in this transaction, as its applicant sees it: nothing is paid,
 * decided or reviewed yet and a pending application offers its applicant no action, so the job
 * as stored is all there is to read.
 */
export function newApplicationView<T extends { id: number }>(
  item: T,
  job: Parameters<typeof newApplicationPayment>[0],
  feePercent: number,
): T & DealFields & { milestones: Milestone[] } {
  const { amountPesewas, workStartsAt } = newApplicationPayment(job);
  return {
    ...item,
    ...paymentView(amountPesewas, undefined, workStartsAt, feePercent),
    review: NO_REVIEW,
    allowedActions: [],
    milestones: [],
  };
}

/** A page through one of the two. */
export async function pageOf<T, U>(
  page: ListPage<T>,
  view: (items: T[]) => Promise<U[]>,
): Promise<ListPage<U>> {
  return { ...page, items: await view(page.items) };
}
