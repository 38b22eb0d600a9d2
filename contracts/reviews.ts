/**
 * Reviews of completed work. After a booking or a hired application is completed (its escrow
 * released), each side may review the other once, with 1 to 5 stars and an optional comment,
 * within REVIEW_RULES.windowDays; the author may change it for REVIEW_RULES.editDays; the
 * reviewed person may reply once.
 */

export const REVIEW_RULES = {
  /** Days after completion in which a review may be left. */
  windowDays: 30,
  /** Days after writing it in which the author may change a review. */
  editDays: 7,
  minRating: 1,
  maxRating: 5,
  /** A few sentences on a phone; longer is a cover letter, not a review. */
  commentMax: 1000,
  replyMax: 1000,
} as const;

/**
 * Paid work counts toward a rating, a review count and "Paid through Ghana Gigs: N gigs" only
 * from this amount, in pesewas (GHS 50.00): a gig paid a pesewa buys neither. Cheaper paid work
 * may still be reviewed, and its review is shown, marked as not counted. Of the reviews one
 * person wrote of another in one role, only the latest such one counts: three bookings by one
 * client are one voice in the artist's rating.
 */
export const COUNTED_WORK_MIN = 50_00;

/** Why a review shown does not count toward the rating. */
export const NOT_COUNTED_REASONS = ['paid_under_minimum', 'later_review'] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/** What the reviewed person was in the engagement. An artist's rating counts only 'artist'. */
export const REVIEW_SIDES = ['artist', 'client', 'employer', 'worker'] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

export const REVIEW_SIDE_LABELS: Record<ReviewSide, string> = {
  artist: 'as an artist',
  client: 'as a client',
  employer: 'as an employer',
  worker: 'as a worker',
};

export const REVIEW_MESSAGES = {
  engagement: 'Say which booking or job you are reviewing: a bookingId or an applicationId',
  rating: 'Choose from 1 to 5 stars',
  commentMax: `Keep your comment under ${REVIEW_RULES.commentMax} characters`,
  reply: 'Write your reply',
  replyMax: `Keep your reply under ${REVIEW_RULES.replyMax} characters`,
  bookingNotFound: 'Booking not found',
  applicationNotFound: 'Application not found',
  notParty: 'Only the two sides of this booking or job can review it',
  notCompleted: 'You can leave a review once the work is completed',
  windowClosed: `Reviews can be left up to ${REVIEW_RULES.windowDays} days after the work was completed`,
  duplicate: 'You have already reviewed this',
  notFound: 'Review not found',
  notAuthor: 'Only the one who wrote a review can change it',
  editClosed: `A review can be changed for ${REVIEW_RULES.editDays} days after it was written`,
  notSubject: 'Only the one who was reviewed can reply',
  alreadyReplied: 'You have already replied to this review',
} as const;

/** A review as anyone may read it: on a profile, or on the card of the work it is about. */
export interface Review {
  id: number;
  rating: number;
  comment: string | null;
  /** The reviewer's first name alone: enough to tell reviews apart, no more. */
  reviewer: { firstName: string };
  /** What the reviewed person was in the engagement. */
  side: ReviewSide;
  createdAt: string;
  /** When the author last changed it; null if never. */
  editedAt: string | null;
  reply: { text: string; createdAt: string } | null;
  /** Whether it counts toward the rating and the review count (see COUNTED_WORK_MIN). */
  counted: boolean;
  /**
   * Why it does not count, when it does not: the work was paid under COUNTED_WORK_MIN, or the
   * same author's later review of this person counts instead.
   */
  notCountedBecause: NotCountedReason | null;
}

/** The viewer's own review of the other side, with until when they may change it. */
export interface OwnReview extends Review {
  editableUntil: string;
}

/**
 * The reviews of one engagement as one of its two sides sees them, on the card of a completed
 * booking or application (`review` beside `payment` and `completion`).
 */
export interface EngagementReviews {
  /**
   * Until when the viewer may still leave a review: completion plus REVIEW_RULES.windowDays.
   * Null while the work is not completed (or was completed before completion dates were kept).
   */
  openUntil: string | null;
  /** What the viewer wrote about the other side. */
  mine: OwnReview | null;
  /** What the other side wrote about the viewer: they may reply to it once. */
  theirs: Review | null;
}

/** GET /api/users/:id/reviews/summary: a person's rating over the reviews of them that count. */
export interface RatingSummary {
  /** The mean of their counted reviews; null with none (no rating is made up). */
  rating: number | null;
  /** How many reviews count (see COUNTED_WORK_MIN); others may be shown, marked. */
  reviewCount: number;
}

/** A rating as people read it: one decimal ("4.7"). */
export function formatRating(rating: number | null): string | null {
  return rating === null ? null : (Math.round(rating * 10) / 10).toFixed(1);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when reviews may be left for work completed at `completedAt`. */
export const reviewWindowEnd = (completedAt: string): string =>
  new Date(Date.parse(completedAt) + REVIEW_RULES.windowDays * DAY_MS).toISOString();

/** Until when a review written at `createdAt` may be changed. */
export const reviewEditEnd = (createdAt: string): string =>
  new Date(Date.parse(createdAt) + REVIEW_RULES.editDays * DAY_MS).toISOString();
