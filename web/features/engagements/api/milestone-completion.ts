import { api } from '../../../../contracts/paths.ts';
import { JOBS_QUERY_KEY } from '../../../lib/query-keys.ts';
import { confirmCompletionKind, reportProblemKind } from './payments.ts';

/** Employer or worker: one milestone's work was done; its money goes once both have said so. */
export const confirmMilestone = confirmCompletionKind({
  name: 'milestone-confirm',
  url: (id) => api.confirmEngagement('milestones', id),
  refreshes: JOBS_QUERY_KEY,
});

/** Employer or worker: something went wrong with one milestone; its payment stays held. */
export const reportMilestoneProblem = reportProblemKind({
  name: 'milestone-dispute',
  url: (id) => api.disputeEngagement('milestones', id),
  refreshes: JOBS_QUERY_KEY,
});
