import type { QueryClient } from '@tanstack/react-query';
import type { CreateJobInput } from '../../../../contracts/jobs.schemas.ts';
import type { Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import type { OutboxDraft } from '../../../lib/outbox/outbox.ts';
import { useOutboxMutation } from '../../../lib/outbox/submit.ts';
import { jobListsKey } from './get-jobs.ts';

export const JOB_KIND = 'job';

export interface CreateJobVariables {
  payload: CreateJobInput;
}

/** A job post as an outbox item: it gets its idempotency key when it is stored. */
export function jobDraft({ payload }: CreateJobVariables): Omit<OutboxDraft, 'userId'> {
  return {
    kind: JOB_KIND,
    method: 'POST',
    url: api.jobs,
    body: payload,
    title: `Job post: ${payload.title}`,
    ref: null,
  };
}

/** Once the server has it: every job list (browse searches and the employer's own, its figures). */
export function refreshAfterJob(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: jobListsKey });
}

export function useCreateJob() {
  return useOutboxMutation<CreateJobVariables, Job>(jobDraft);
}
