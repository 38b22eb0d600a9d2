import { requestBooking } from '../features/bookings/api/create-booking.ts';
import {
  confirmApplication,
  reportApplicationProblem,
} from '../features/engagements/api/application-completion.ts';
import { applicationReviews } from '../features/engagements/api/application-reviews.ts';
import {
  confirmBooking,
  reportBookingProblem,
} from '../features/engagements/api/booking-completion.ts';
import { bookingReviews } from '../features/engagements/api/booking-reviews.ts';
import { decideApplication } from '../features/engagements/api/decide-application.ts';
import { decideBooking } from '../features/engagements/api/decide-booking.ts';
import {
  confirmMilestone,
  reportMilestoneProblem,
} from '../features/engagements/api/milestone-completion.ts';
import { applyToJob } from '../features/jobs/api/create-application.ts';
import { postJob } from '../features/jobs/api/create-job.ts';
import { setJobActive } from '../features/jobs/api/set-job-active.ts';
import type { AnyWriteKind } from '../lib/outbox/write-kind.ts';

/**
 * Every kind of write that goes through the outbox. The controller loads this with its sender,
 * to refresh and tell the user about the writes no form here is waiting for: from an earlier
 * visit, another tab or the service worker. A kind left out still sends, but unheard.
 */
export const WRITE_KINDS: readonly AnyWriteKind[] = [
  applyToJob,
  decideApplication,
  postJob,
  setJobActive,
  requestBooking,
  decideBooking,
  confirmBooking,
  reportBookingProblem,
  confirmApplication,
  reportApplicationProblem,
  confirmMilestone,
  reportMilestoneProblem,
  bookingReviews.leave,
  bookingReviews.edit,
  bookingReviews.reply,
  applicationReviews.leave,
  applicationReviews.edit,
  applicationReviews.reply,
];
