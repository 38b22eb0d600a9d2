import { formatAmount, PRICE_FLOORS } from './money.ts';
import type { Completion, Payment } from './payments.ts';

/**
 * What the viewer of a deal (a booking, an application, a milestone) may do now, computed by the
 * server from the declared process (api/engagements/process.ts) at request time. The app draws
 * its buttons from it and never decides a money rule with the phone's clock; the server still
 * judges each request when it arrives.
 */
export const ENGAGEMENT_ACTIONS = ['pay', 'confirm', 'dispute', 'cancel', 'review'] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

/**
 * How much of a paid, accepted booking's price (service fee in the same proportion) comes back to
 * a client who cancels, by the time left before the event starts. An artist picks one on their
 * profile; artists who never chose are on `moderate`.
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Each policy's steps, longest notice first: with at least `notice` ms left, `percent` back. */
export const CANCELLATION_TIERS: Record<
  CancellationPolicy,
  readonly { notice: number; percent: number }[]
> = {
  flexible: [
    { notice: DAY, percent: 100 },
    { notice: 0, percent: 50 },
  ],
  moderate: [
    { notice: 7 * DAY, percent: 100 },
    { notice: 2 * DAY, percent: 50 },
    { notice: 0, percent: 0 },
  ],
  strict: [
    { notice: 14 * DAY, percent: 50 },
    { notice: 0, percent: 0 },
  ],
};

/** The percent of the price a client gets back cancelling `msBeforeStart` before the event. */
export function refundPercent(policy: CancellationPolicy, msBeforeStart: number): number {
  for (const tier of CANCELLATION_TIERS[policy]) {
    if (msBeforeStart >= tier.notice) return tier.percent;
  }
  return 0;
}

/** `percent` of an amount in pesewas, rounded half up to a pesewa (in the client's favour). */
const share = (pesewas: number, percent: number) => Math.floor((pesewas * percent + 50) / 100);

/**
 * How a client's cancellation of a paid booking splits the money, to the pesewa: the client gets
 * `refundAmount + refundFee` back, the artist earns `artistKeeps` after the event, the platform
 * keeps the rest of the fee. Every split in the ledger comes from here.
 */
export function cancellationSplit(amountPesewas: number, feePesewas: number, percent: number) {
  const refundAmount = share(amountPesewas, percent);
  const refundFee = share(feePesewas, percent);
  return {
    refundAmount,
    refundFee,
    artistKeeps: amountPesewas - refundAmount,
    feeKept: feePesewas - refundFee,
  };
}

/** One plain sentence per policy, shown on the profile and in the booking dialog. */
export const CANCELLATION_POLICY_SENTENCES: Record<CancellationPolicy, string> = {
  flexible:
    'Flexible: cancel 24 hours or more before the event for a full refund; later, half back.',
  moderate:
    'Moderate: cancel 7 days or more before the event for a full refund; 48 hours or more, half back; later, nothing back.',
  strict: 'Strict: cancel 14 days or more before the event for half back; later, nothing back.',
};

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** A job is paid in 1 to this many milestones; none set means one for the whole price. */
export const MILESTONES_MAX = 5;
export const MILESTONE_TITLE_MAX = 100;

/** One stage of a job's payment, funded, confirmed and released or refunded on its own. */
export interface Milestone {
  id: number;
  title: string;
  /** A "250.00" string: what the worker receives for this stage. */
  amount: string;
  /** `YYYY-MM-DD`, or null. */
  dueDate: string | null;
  payment: Payment;
  completion: Completion;
  allowedActions: EngagementAction[];
}

/** One milestone as the employer sets it: PUT /api/applications/:id/milestones. */
export interface MilestoneInput {
  title: string;
  amount: string;
  dueDate: string | null;
}

export interface MilestonesRequest {
  milestones: MilestoneInput[];
}

export const ENGAGEMENT_MESSAGES = {
  cancellationPolicy: 'Choose flexible, moderate or strict',
  milestonesCount: `Split the job into 1 to ${MILESTONES_MAX} milestones`,
  milestoneTitle: 'Give each milestone a title',
  milestoneTitleMax: `Keep each milestone title under ${MILESTONE_TITLE_MAX} characters`,
  milestoneAmount: `Each milestone must be at least GHS ${formatAmount(PRICE_FLOORS.fixedPrice)}`,
  milestoneDueDate: 'Enter a due date like 2027-03-14, or leave it empty',
  milestonesTotal: (total: string) => `The milestones must add up to the job's price, GHS ${total}`,
  milestonesLocked: 'Milestones can be changed only while nothing is paid',
  milestonesClosed: 'Milestones can be set only on a pending or accepted application',
  notEmployer: 'Only the employer can split the job into milestones',
  unknownMilestone: 'Unknown milestone',
} as const;
