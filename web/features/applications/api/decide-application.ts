import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { StatusChange } from '../../../../contracts/transitions.schemas.ts';
import type { OutboxDraft, OutboxItem } from '../../../lib/outbox/outbox.ts';
import { useOutboxMutation } from '../../../lib/outbox/submit.ts';
import { employerJobsKey } from '../../jobs/api/get-employer-jobs.ts';
import { jobApplicationsQueryOptions } from './get-job-applications.ts';
import { userApplicationsKey } from './get-user-applications.ts';

export const APPLICATION_STATUS_KIND = 'application-status';

export interface DecideApplicationVariables {
  applicationId: number;
  jobId: number;
  status: StatusChange['status'];
  applicantName: string;
}

const VERBS = { accepted: 'Accept', rejected: 'Reject', completed: 'Mark completed:' } as const;

/** An employer's decision as an outbox item, about the job whose applicants it changes. */
export function decideApplicationDraft(
  variables: DecideApplicationVariables,
): Omit<OutboxDraft, 'userId'> {
  return {
    kind: APPLICATION_STATUS_KIND,
    method: 'PATCH',
    url: api.application(variables.applicationId),
    body: { status: variables.status } satisfies StatusChange,
    title: `${VERBS[variables.status]} ${variables.applicantName}`,
    ref: variables.jobId,
  };
}

export function refreshAfterApplicationDecision(queryClient: QueryClient, item: OutboxItem) {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: jobApplicationsQueryOptions(item.ref ?? 0).queryKey,
    }),
    queryClient.invalidateQueries({ queryKey: userApplicationsKey }),
    queryClient.invalidateQueries({ queryKey: employerJobsKey }),
  ]);
}

export function useDecideApplication() {
  return useOutboxMutation(decideApplicationDraft);
}
