import type { Contact } from './contact.ts';
import type { EngagementAction, Milestone } from './engagements.ts';
import type { Category } from './jobs.ts';
import type { Completion, Payment } from './payments.ts';
import type { EngagementReviews } from './reviews.ts';

/**
 * Where an application or a booking stands. `completed` once the money is released (both sides
 * confirmed, or the wait for a dispute ran out); `cancelled` when either side called off accepted
 * work, or an accepted booking went unpaid too long (a funded one is refunded).
 */
export const STATUSES = ['pending', 'accepted', 'rejected', 'completed', 'cancelled'] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const COVER_LETTER_MAX = 5000;
export const APPLICATION_MESSAGES = {
  coverLetter: 'Cover letter is required',
  jobId: 'Choose a job to apply to',
  duplicate: 'You have already applied to this job',
  waiting: 'Your application to this job is saved on this phone and waiting to send',
  ownJob: 'You cannot apply to your own job',
  inactive: 'This job is no longer accepting applications',
  openApplications: (cap: number) =>
    `You have ${cap} applications waiting for an answer. Please wait for employers to reply before applying to more.`,
  hourly: 'You have sent many applications in the last hour. Please try again later.',
} as const;

export interface Application {
  id: number;
  jobId: number;
  coverLetter: string;
  status: Status;
  createdAt: string;
  job: { title: string; category: Category; region: string };
  applicant: { firstName: string; lastName: string; email: string | null };
  /**
   * The other side, once the employer accepted (contact.ts): the employer for the applicant,
   * the applicant for the employer; null before, after a rejection and after a cancellation.
   */
  contact: Contact | null;
  /** The job's price held in escrow: fixed price, or hourly rate x estimated hours. */
  payment: Payment;
  completion: Completion;
  /** Once it is completed, each side's review of the other, as the viewer sees them. */
  review: EngagementReviews;
  /**
   * What the viewer may do now (contracts/engagements.ts), on the first milestone not yet
   * settled; `payment` and `completion` above are that milestone's too.
   */
  allowedActions: EngagementAction[];
  /** The job's stages, in order; one for the whole price when the employer set none. */
  milestones: Milestone[];
}

/** GET /api/applications/user/summary: how many of the signed-in user's applications are in each status. */
export type ApplicationsSummary = Record<Status, number>;
