import { api } from '../../../../contracts/paths.ts';
import { JOBS_QUERY_KEY } from '../../../lib/query-keys.ts';
import { confirmCompletionKind, reportProblemKind } from './payments.ts';

/** Employer or worker: the work was done. The money goes to the worker once both have said so. */
export const confirmApplication = confirmCompletionKind({
  name: 'application-confirm',
  url: (id) => api.confirmEngagement('applications', id),
  refreshes: JOBS_QUERY_KEY,
});

/** Employer or worker: something went wrong; the payment stays held until an operator decides. */
export const reportApplicationProblem = reportProblemKind({
  name: 'application-dispute',
  url: (id) => api.disputeEngagement('applications', id),
  refreshes: JOBS_QUERY_KEY,
});
