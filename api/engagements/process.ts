import type { Status } from '../../contracts/applications.ts';
import {
  type CancellationPolicy,
  cancellationSplit,
  type EngagementAction,
  refundPercent,
} from '../../contracts/engagements.ts';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import {
  cancelGuard,
  cancelWrongState,
  confirmed,
  confirmGuard,
  conflict,
  decisionWrongState,
  forbidden,
  notHeld,
  operatorOnly,
  payWrongState,
  type Refusal,
  rule,
} from './process-guards.ts';

/**
 * The life of every deal between a payer and a payee, declared once: its states, and for each
 * transition who may take it, from which states, on what condition of the server's clock, what
 * timer it starts, what money moves and who is told. A booking (the client pays the artist) and
 * an application (the employer pays the worker, in one or more milestones) live by the same
 * table; where they differ, the row says so. `allowedActions` derives what a viewer may do now
 * from it, and the engagements service (engagements-service.ts) refuses anything it refuses,
 * with the same words. Plain data and small pure functions: no SQL, no HTTP.
 */

export type DealKind = 'booking' | 'application';

/**
 * Where a deal (for a job with milestones: one milestone of it) is:
 *   requested --accept--> accepted --pay--> paying --charge_succeeded--> held
 *       \--reject--> rejected      ^             |                      |  \--freeze--> frozen
 *                                  '--charge_failed                     |        <--thaw--'
 *   held --confirm by both / auto_release / resolve_release--> released
 *   held --dispute--> disputed --resolve_*--> released | cancelled
 *   accepted, paying, held --cancel_by_payer | cancel_by_payee--> cancelled
 */
export const DEAL_STATES = [
  'requested',
  'rejected',
  'accepted',
  'paying',
  'held',
  'frozen',
  'disputed',
  'released',
  'cancelled',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** Who takes a transition: one of the two sides, an operator, the payment provider, a timer. */
export const ROLES = ['payer', 'payee', 'operator', 'provider', 'timer'] as const;
export type Role = (typeof ROLES)[number];
export type Side = 'payer' | 'payee';

/** What the process needs to know of a deal to judge a transition; built by the service. */
export interface Deal {
  kind: DealKind;
  state: DealState;
  /** The booking's or application's own status (the words of a refusal name it). */
  status: Status;
  /** What the payee receives and the service fee on top, pesewas; null while a job has no price. */
  amountPesewas: number | null;
  feePesewas: number;
  payerConfirmedAt: string | null;
  payeeConfirmedAt: string | null;
  /** When the money goes by itself unless disputed (held only). */
  releaseDueAt: string | null;
  /** A booking's event start, a job's start date (first minute); null for a job without one. */
  workStartsAt: string | null;
  /** A booking's event end (when a client's cancellation share is earned); null for jobs. */
  workEndsAt: string | null;
  /** When an accepted booking was accepted (48 hours to be paid). */
  acceptedAt: string | null;
  payeeSuspended: boolean;
  /** A booking's policy, copied from the artist's profile when it was requested. */
  cancellationPolicy: CancellationPolicy | null;
  /** When what a client's late cancellation left goes to the artist; null when nothing waits. */
  keptDueAt: string | null;
  /** Until when the viewer may review the completed deal; null when not completed. */
  reviewOpenUntil: string | null;
  /** Whether the viewer already reviewed it. */
  reviewed: boolean;
}

/** The named money movements of the ledger (ledger.ts postings), one per effect. */
export type MoneyEffect =
  | 'none'
  | 'charge_held'
  | 'release_to_payee'
  | 'refund_all'
  | 'refund_policy_split'
  | 'release_kept_share'
  | 'payout';

/** The notices (api/notifications/messages.ts) a transition queues, by who receives them. */
export type Notice =
  | 'decision'
  | 'payment_held'
  | 'payee_says_done'
  | 'payment_released'
  | 'dispute_opened'
  | 'refunded_to_payer';

export interface Transition {
  name: TransitionName;
  /** The button of the viewer it is, if it is one (allowedActions). */
  action?: EngagementAction;
  /** Who may take it, by kind of deal. */
  by: Record<DealKind, readonly Role[]>;
  from: readonly DealState[];
  /** Where it leads (the effect may end elsewhere when the provider's facts say so). */
  to: DealState;
  /** Already taken by this role: taking it again changes nothing (no error, nothing stored). */
  done?: (deal: Deal, role: Role) => boolean;
  /** What is said when the deal is not in a `from` state. */
  wrongState: (deal: Deal, role: Role) => Refusal;
  /** A rule on the server's clock or the deal, checked once the state is right. */
  guard?: (deal: Deal, role: Role, now: Date) => Refusal | null;
  /** The timer it starts (what the reconciler acts on later). */
  starts?:
    | 'pay_within_48h'
    | 'release_72h_after_event'
    | 'release_72h_after_notice'
    | 'release_kept_at_event_end'
    | 'none';
  money: MoneyEffect;
  tells: Partial<Record<Side, Notice>>;
}

export const TRANSITION_NAMES = [
  'accept',
  'reject',
  'pay',
  'charge_succeeded',
  'charge_failed',
  'payee_confirm',
  'payer_confirm',
  'payer_notice_sent',
  'auto_release',
  'dispute',
  'cancel_by_payer',
  'cancel_by_payee',
  'expire_unpaid',
  'resolve_release',
  'resolve_refund',
  'resolve_no_show',
  'release_kept',
  'freeze',
  'thaw',
  'review',
] as const;
export type TransitionName = (typeof TRANSITION_NAMES)[number];

const HOUR_MS = 60 * 60 * 1000;
/** An accepted booking must be paid within this, or it is cancelled and the day freed. */
export const PAY_WITHIN_MS = 48 * HOUR_MS;

const both: readonly Role[] = ['payer', 'payee'];
const sides = { booking: both, application: both };
const only = (role: Role) => ({ booking: [role], application: [role] });
const bookingOnly = (role: Role) => ({ booking: [role], application: [] });

/** THE table. Every transition of a deal, in the order of its life. */
export const PROCESS: Record<TransitionName, Transition> = {
  accept: {
    name: 'accept',
    by: { booking: ['payee'], application: ['payer'] },
    from: ['requested'],
    to: 'accepted',
    wrongState: (deal) => decisionWrongState(deal, 'accepted'),
    starts: 'pay_within_48h',
    money: 'none',
    tells: { payer: 'decision', payee: 'decision' },
  },
  reject: {
    name: 'reject',
    by: { booking: ['payee'], application: ['payer'] },
    from: ['requested'],
    to: 'rejected',
    wrongState: (deal) => decisionWrongState(deal, 'rejected'),
    money: 'none',
    tells: { payer: 'decision', payee: 'decision' },
  },
  pay: {
    name: 'pay',
    action: 'pay',
    by: only('payer'),
    from: ['accepted', 'paying'],
    to: 'paying',
    wrongState: payWrongState,
    guard: (deal) => {
      // Money for a suspended account would only be frozen: the payer is told at once.
      if (deal.payeeSuspended) return rule(PAYMENT_MESSAGES.payeeSuspended);
      if (!deal.amountPesewas) return rule(PAYMENT_MESSAGES.noPrice);
      return null;
    },
    money: 'none',
    tells: {},
  },
  charge_succeeded: {
    name: 'charge_succeeded',
    by: only('provider'),
    // From any other state the charge is not wanted and is refunded in full (escrow.ts).
    from: ['accepted', 'paying'],
    to: 'held',
    wrongState: () => conflict('Not awaiting money: refunded in full'),
    starts: 'release_72h_after_event',
    money: 'charge_held',
    tells: { payer: 'payment_held', payee: 'payment_held' },
  },
  charge_failed: {
    name: 'charge_failed',
    by: only('provider'),
    from: ['paying'],
    to: 'accepted',
    wrongState: () => conflict('No charge under way'),
    money: 'none',
    tells: {},
  },
  payee_confirm: {
    name: 'payee_confirm',
    action: 'confirm',
    by: only('payee'),
    from: ['held', 'frozen'],
    to: 'held',
    done: (deal) => deal.state === 'released' || confirmed(deal, 'payee'),
    wrongState: notHeld,
    guard: confirmGuard,
    // The payee's word alone starts no clock: the payer's 72 hours run from their notice.
    starts: 'none',
    money: 'release_to_payee',
    tells: { payer: 'payee_says_done' },
  },
  payer_confirm: {
    name: 'payer_confirm',
    action: 'confirm',
    by: only('payer'),
    from: ['held', 'frozen'],
    to: 'released',
    done: (deal) => deal.state === 'released' || confirmed(deal, 'payer'),
    wrongState: notHeld,
    guard: confirmGuard,
    money: 'release_to_payee',
    tells: { payee: 'payment_released' },
  },
  payer_notice_sent: {
    name: 'payer_notice_sent',
    by: only('timer'),
    from: ['held'],
    to: 'held',
    wrongState: () => conflict('The notice is no longer wanted'),
    starts: 'release_72h_after_notice',
    money: 'none',
    tells: {},
  },
  auto_release: {
    name: 'auto_release',
    by: only('timer'),
    from: ['held'],
    to: 'released',
    wrongState: () => conflict('Not held'),
    guard: (deal, _role, now) =>
      deal.releaseDueAt !== null && Date.parse(deal.releaseDueAt) <= now.getTime()
        ? null
        : rule('Not due yet'),
    money: 'release_to_payee',
    tells: { payee: 'payment_released' },
  },
  dispute: {
    name: 'dispute',
    action: 'dispute',
    by: sides,
    from: ['held', 'frozen'],
    to: 'disputed',
    done: (deal) => deal.state === 'disputed',
    wrongState: (deal) =>
      deal.status === 'completed' ? conflict(PAYMENT_MESSAGES.alreadyReleased) : notHeld(deal),
    money: 'none',
    tells: { payer: 'dispute_opened', payee: 'dispute_opened' },
  },
  cancel_by_payer: {
    name: 'cancel_by_payer',
    action: 'cancel',
    by: only('payer'),
    from: ['accepted', 'paying', 'held', 'frozen'],
    to: 'cancelled',
    done: (deal) => deal.state === 'cancelled' && deal.status === 'cancelled',
    wrongState: cancelWrongState,
    guard: cancelGuard,
    // A booking's policy splits a paid price (refundIfCancelledNow); a job is refunded in full.
    // What the client does not get back stays in escrow until the event's end: release_kept.
    starts: 'release_kept_at_event_end',
    money: 'refund_policy_split',
    tells: { payee: 'refunded_to_payer' },
  },
  cancel_by_payee: {
    name: 'cancel_by_payee',
    action: 'cancel',
    by: only('payee'),
    from: ['accepted', 'paying', 'held', 'frozen'],
    to: 'cancelled',
    done: (deal) => deal.state === 'cancelled' && deal.status === 'cancelled',
    wrongState: cancelWrongState,
    guard: cancelGuard,
    money: 'refund_all',
    tells: {},
  },
  expire_unpaid: {
    name: 'expire_unpaid',
    by: bookingOnly('timer'),
    from: ['accepted'],
    to: 'cancelled',
    wrongState: () => conflict('Paid or not accepted'),
    guard: (deal, _role, now) =>
      deal.acceptedAt !== null && Date.parse(deal.acceptedAt) + PAY_WITHIN_MS <= now.getTime()
        ? null
        : rule('Not due yet'),
    money: 'none',
    tells: {},
  },
  resolve_release: {
    name: 'resolve_release',
    by: only('operator'),
    from: ['disputed', 'frozen'],
    to: 'released',
    wrongState: operatorOnly,
    money: 'release_to_payee',
    tells: { payee: 'payment_released' },
  },
  resolve_refund: {
    name: 'resolve_refund',
    by: only('operator'),
    from: ['disputed', 'frozen'],
    to: 'cancelled',
    wrongState: operatorOnly,
    money: 'refund_all',
    tells: { payee: 'refunded_to_payer' },
  },
  resolve_no_show: {
    name: 'resolve_no_show',
    by: bookingOnly('operator'),
    from: ['disputed'],
    to: 'cancelled',
    wrongState: operatorOnly,
    // Counts in the artist's cancelledByArtist.
    money: 'refund_all',
    tells: { payee: 'refunded_to_payer' },
  },
  release_kept: {
    name: 'release_kept',
    by: bookingOnly('timer'),
    from: ['cancelled'],
    to: 'cancelled',
    wrongState: () => conflict('Nothing kept'),
    guard: (deal, _role, now) =>
      deal.keptDueAt !== null && Date.parse(deal.keptDueAt) <= now.getTime()
        ? null
        : rule('Nothing kept is due'),
    // The artist's share of a late cancellation, earned at the event's end; our fee's share.
    money: 'release_kept_share',
    tells: { payee: 'payment_released' },
  },
  freeze: {
    name: 'freeze',
    by: only('operator'),
    from: ['held'],
    to: 'frozen',
    wrongState: () => conflict('Not held'),
    money: 'none',
    tells: {},
  },
  thaw: {
    name: 'thaw',
    by: only('operator'),
    from: ['frozen'],
    to: 'held',
    wrongState: () => conflict('Not frozen'),
    money: 'none',
    tells: {},
  },
  review: {
    name: 'review',
    action: 'review',
    by: sides,
    from: ['released'],
    to: 'released',
    wrongState: () => rule('Only completed work can be reviewed'),
    guard: (deal, _role, now) => {
      if (deal.reviewed) return conflict('You already reviewed this');
      if (deal.reviewOpenUntil === null || now.toISOString() > deal.reviewOpenUntil) {
        return rule('The time to review this has passed');
      }
      return null;
    },
    money: 'none',
    tells: {},
  },
};

/** The transition a side's button takes. */
export function transitionOf(action: EngagementAction, side: Side): TransitionName {
  switch (action) {
    case 'confirm':
      return side === 'payer' ? 'payer_confirm' : 'payee_confirm';
    case 'cancel':
      return side === 'payer' ? 'cancel_by_payer' : 'cancel_by_payee';
    default:
      return action;
  }
}

/**
 * What the table says of `role` taking `name` now: 'go', 'done' (already taken: a repeat changes
 * nothing), or the refusal.
 */
export function judge(
  deal: Deal,
  name: TransitionName,
  role: Role,
  now: Date,
): 'go' | 'done' | Refusal {
  const transition = PROCESS[name];
  if (!transition.by[deal.kind].includes(role)) {
    if (role !== 'payer' && role !== 'payee') return conflict(`No ${name} for a ${deal.kind}`);
    return forbidden(
      role === 'payee' && name === 'pay' ? PAYMENT_MESSAGES.notPayer : PAYMENT_MESSAGES.notParty,
    );
  }
  if (transition.done?.(deal, role)) return 'done';
  if (!transition.from.includes(deal.state)) return transition.wrongState(deal, role);
  return transition.guard?.(deal, role, now) ?? 'go';
}

/** What `side` may do now, from the table and the server's clock, in ENGAGEMENT_ACTIONS order. */
export function allowedActions(deal: Deal, side: Side, now: Date): EngagementAction[] {
  const actions: EngagementAction[] = [];
  for (const action of ['pay', 'confirm', 'dispute', 'cancel', 'review'] as const) {
    if (judge(deal, transitionOf(action, side), side, now) === 'go') actions.push(action);
  }
  return actions;
}

/** The state of a deal from its record's status and its money. */
export function dealState(
  status: Status,
  payment: { status: string; frozen_at: string | null } | undefined,
): DealState {
  switch (status) {
    case 'pending':
      return 'requested';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'completed':
      return 'released';
    default:
      break;
  }
  switch (payment?.status) {
    case 'pending':
      return 'paying';
    case 'held':
      return payment.frozen_at === null ? 'held' : 'frozen';
    case 'disputed':
      return 'disputed';
    case 'released':
      return 'released';
    case 'refunded':
      return 'cancelled';
    default:
      return 'accepted';
  }
}

/**
 * How a cancellation by `side` now would split a paid deal, to the pesewa: what the payer gets
 * back (price and fee) and what the payee keeps. A booking cancelled by its client follows its
 * policy by the time left before the event; everything else is refunded in full.
 */
export function cancellationOutcome(deal: Deal, side: Side, now: Date) {
  const amount = deal.amountPesewas ?? 0;
  const percent =
    side === 'payer' && deal.kind === 'booking' && deal.cancellationPolicy && deal.workStartsAt
      ? refundPercent(deal.cancellationPolicy, Date.parse(deal.workStartsAt) - now.getTime())
      : 100;
  return { percent, ...cancellationSplit(amount, deal.feePesewas, percent) };
}
