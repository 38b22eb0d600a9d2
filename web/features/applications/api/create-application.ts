import type { QueryClient } from '@tanstack/react-query';
import type { CreateApplication } from '../../../../contracts/applications.schemas.ts';
import { api } from '../../../../contracts/paths.ts';
import type { OutboxDraft, OutboxItem } from '../../../lib/outbox/outbox.ts';
import { useOutboxMutation } from '../../../lib/outbox/submit.ts';
import { employerJobsKey } from '../../jobs/api/get-employer-jobs.ts';
import { jobQueryOptions } from '../../jobs/api/get-job.ts';
import { jobApplicationsQueryOptions } from './get-job-applications.ts';
import { userApplicationsKey } from './get-user-applications.ts';

export const APPLICATION_KIND = 'application';

export interface CreateApplicationVariables {
  payload: CreateApplication;
  jobTitle: string;
}

/** An application as an outbox item: it gets its idempotency key when it is stored. */
export function applicationDraft({
  payload,
  jobTitle,
}: CreateApplicationVariables): Omit<OutboxDraft, 'userId'> {
  return {
    kind: APPLICATION_KIND,
    method: 'POST',
    url: api.applications,
    body: payload,
    title: `Application for ${jobTitle}`,
    ref: payload.jobId,
  };
}

/** Once the server has it, whenever that is: the lists and counts an application changes. */
export function refreshAfterApplication(queryClient: QueryClient, item: OutboxItem) {
  const jobId = item.ref ?? 0;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: jobApplicationsQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: userApplicationsKey }),
    queryClient.invalidateQueries({ queryKey: jobQueryOptions(jobId).queryKey }),
    queryClient.invalidateQueries({ queryKey: employerJobsKey }),
  ]);
}

export function useCreateApplication() {
  return useOutboxMutation(applicationDraft);
}
