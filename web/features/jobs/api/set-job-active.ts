import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { OutboxDraft, OutboxItem } from '../../../lib/outbox/outbox.ts';
import { useOutboxMutation } from '../../../lib/outbox/submit.ts';
import { employerJobsKey } from './get-employer-jobs.ts';
import { jobQueryOptions } from './get-job.ts';

export const JOB_ACTIVE_KIND = 'job-active';

export interface SetJobActiveVariables {
  jobId: number;
  jobTitle: string;
  isActive: boolean;
}

/** Closing a job (no new applications) or reopening it, as an outbox item. */
export function setJobActiveDraft(variables: SetJobActiveVariables): Omit<OutboxDraft, 'userId'> {
  return {
    kind: JOB_ACTIVE_KIND,
    method: 'PATCH',
    url: api.job(variables.jobId),
    body: { isActive: variables.isActive },
    title: `${variables.isActive ? 'Reopen' : 'Close'} ${variables.jobTitle}`,
    ref: variables.jobId,
  };
}

export function refreshAfterJobActive(queryClient: QueryClient, item: OutboxItem) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: employerJobsKey }),
    queryClient.invalidateQueries({ queryKey: jobQueryOptions(item.ref ?? 0).queryKey }),
  ]);
}

export function useSetJobActive() {
  return useOutboxMutation(setJobActiveDraft);
}
