/**
 * Trust and safety: whether a listing is shown, reports from users, and what people are told.
 * Pure constants, types and helpers; the schemas are in moderation.schemas.ts.
 */

/**
 * Whether a job is shown. `published` is listed while open; `held` waits for an operator because
 * its text asked applicants for money; `under_review` was hidden by reports; `removed` by an
 * operator; `suspended` with its poster's account.
 */
export const JOB_MODERATION = [
  'published',
  'held',
  'under_review',
  'removed',
  'suspended',
] as const;
export type JobModeration = (typeof JOB_MODERATION)[number];

/** Whether an artist's profile is shown (an artist's text is never held: only jobs are). */
export type ArtistModeration = Exclude<JobModeration, 'held'>;

/** What a listing's owner sees of a state other than `published`. */
export const MODERATION_LABELS: Record<Exclude<JobModeration, 'published'>, string> = {
  held: 'Held for review',
  under_review: 'Under review',
  removed: 'Removed',
  suspended: 'Hidden',
};

/** What the owner of a listing that is not shown is told on its page. */
export const OWNER_NOTICES: Record<Exclude<JobModeration, 'published'>, string> = {
  held: 'Job posts may not ask applicants for money (a registration, application, training or medical fee, or MoMo before they can apply or start). Ghana Gigs will check it and publish it if it does not.',
  under_review: 'People reported it, so it is hidden from others until Ghana Gigs has checked it.',
  removed: 'Ghana Gigs removed it: it is not shown to anyone.',
  suspended: 'Your account is suspended: it is not shown to anyone.',
};

export const REPORT_TARGETS = ['job', 'artist', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['asks_for_money', 'fake', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  asks_for_money: 'Asks for money',
  fake: 'Fake or misleading',
  offensive: 'Offensive',
  other: 'Other',
};

/** Open reports from this many different people hide a listing until an operator reviews it. */
export const REPORTS_TO_HIDE = 3;
/**
 * A report counts toward hiding only from an account this many days old, or one with paid work:
 * accounts made a minute ago, however many and from wherever, hide nothing. Their reports still
 * reach the operators.
 */
export const REPORTER_MIN_AGE_DAYS = 7;
export const REPORT_DETAILS_MAX = 500;

export const MODERATION_MESSAGES = {
  held: 'Your job is held for review: job posts may not ask applicants for money (a registration, application, training or medical fee, or MoMo before they can apply or start). Ghana Gigs will check it and publish it if it does not.',
  heldTitle: 'Job held for review',
  /** GET of a job, an artist or a profile that reports hid, for anyone but its owner. */
  underReview: {
    job: 'This job is under review: people reported it, and it is hidden until Ghana Gigs has checked it.',
    artist:
      'This artist is under review: people reported the profile, and it is hidden until Ghana Gigs has checked it.',
    user: 'This profile is under review: people reported it, and it is hidden until Ghana Gigs has checked it.',
  } satisfies Record<ReportTarget, string>,
  reportTargetType: 'Choose what you are reporting',
  reportReason: 'Choose a reason',
  reportTargetId: 'Choose what you are reporting',
  reportDetails: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  reported: 'Thank you. Ghana Gigs will look into it.',
  duplicate: 'You have already reported this.',
  ownListing: 'You cannot report your own listing or profile.',
  suspended:
    'This account is suspended. If you think this is a mistake, contact Ghana Gigs support.',
  notAdmin: 'Only Ghana Gigs operators can do that.',
  moderationAction: 'Choose publish, remove, suspend or unsuspend',
  disputeDecision: 'Choose release or refund',
  profileNotRemovable: 'A profile cannot be removed: suspend the account instead.',
  ownerSuspended: 'The account behind this is suspended: it stays hidden.',
  selfSuspend: 'You cannot suspend your own account.',
  published: 'Published: it is shown on Ghana Gigs again.',
  removed: 'Removed from Ghana Gigs.',
  suspendedDone:
    'Account suspended: it cannot sign in, its listings are hidden and money on its way to it is frozen.',
  unsuspendedDone:
    'Suspension lifted: the account can sign in again, its listings are back and its payments go on.',
  notSuspended: 'This account is not suspended.',
} as const;

/**
 * What an operator does to a listing or a profile: `publish` shows it again (its open reports
 * are closed), `remove` takes a job or an artist down for good, `suspend` suspends the account
 * behind it (it cannot sign in, all its listings are hidden, and money on its way to it is
 * frozen), `unsuspend` lifts that (its listings come back and its payments' clocks go on).
 */
export const MODERATION_ACTIONS = ['publish', 'remove', 'suspend', 'unsuspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * An operator's decision on a disputed or frozen payment: release it to the payee, refund the
 * payer, or (a booking whose artist did not show) refund the client and count it against the
 * artist (cancelledByArtist).
 */
export const DISPUTE_DECISIONS = ['release', 'refund', 'no_show'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** A report as the API answers POST /api/reports. */
export interface Report {
  id: number;
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  createdAt: string;
}

/** Someone as the operator's screen names them. */
export interface PersonRef {
  id: number;
  name: string;
  phoneNumber: string;
  suspended: boolean;
}

/** A job held because its text asked applicants for money. */
export interface HeldJob {
  id: number;
  title: string;
  description: string;
  region: string;
  town: string | null;
  createdAt: string;
  poster: PersonRef;
  /** Why it was held: the kind of request and the words found. */
  reason: string;
}

/** One report in a reported listing's list. */
export interface ReportEntry {
  reason: ReportReason;
  details: string | null;
  createdAt: string;
}

/** A listing or a profile with open reports, for an operator to decide. */
export interface ReportedListing {
  targetType: ReportTarget;
  targetId: number;
  /** The job's title, the artist's stage name or the person's name. */
  title: string;
  owner: PersonRef;
  /** `published` (fewer than three reports so far) or hidden (`under_review` ...). */
  moderation: JobModeration;
  reports: ReportEntry[];
}

/** A disputed payment, as an operator decides it. */
export interface DisputeCase {
  paymentId: number;
  engagementType: 'booking' | 'application';
  engagementId: number;
  amount: string;
  serviceFee: string;
  disputedAt: string;
  disputedBy: 'payer' | 'payee';
  reason: string;
  payer: PersonRef;
  payee: PersonRef;
}

/**
 * Money stopped because its payee is suspended: a held payment frozen (release or refund), or
 * a released one whose payout is paused (release sends it).
 */
export interface FrozenPayment {
  paymentId: number;
  engagementType: 'booking' | 'application';
  engagementId: number;
  status: 'held' | 'released';
  amount: string;
  serviceFee: string;
  /** When it was frozen, or its payout paused. */
  frozenAt: string;
  payer: PersonRef;
  payee: PersonRef;
}

/** GET /api/admin/queue: what waits for an operator, oldest first. */
export interface AdminQueue {
  heldJobs: HeldJob[];
  reported: ReportedListing[];
  disputes: DisputeCase[];
  frozen: FrozenPayment[];
}

/** POST /api/admin/moderation's answer: the target's state after the action. */
export interface ModerationResult {
  targetType: ReportTarget;
  targetId: number;
  moderation: JobModeration;
  message: string;
}
