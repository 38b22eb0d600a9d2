import { JOBS_QUERY_KEY } from '../../../lib/query-keys.ts';
import { reviewKinds } from './reviews.ts';

/** Employer and worker review each other after a completed job; the cards show the reviews. */
export const applicationReviews = reviewKinds({
  name: 'application',
  engagementField: 'applicationId',
  refreshes: JOBS_QUERY_KEY,
});
