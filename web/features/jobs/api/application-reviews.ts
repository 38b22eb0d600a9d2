import { reviewKinds } from '../../../lib/reviews.ts';
import { jobsQueryOptions } from './get-jobs.ts';

/** Employer and worker review each other after a completed job; the cards show the reviews. */
export const applicationReviews = reviewKinds({
  name: 'application',
  engagementField: 'applicationId',
  refreshes: jobsQueryOptions().queryKey,
});
