import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, ApplicationsSummary } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, withQuery } from '../../../lib/api-client.ts';

/** Pending, Accepted and Completed, counted by the server over every application. */
export function userApplicationsSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['jobs', 'applications', 'summary'] as const,
    queryFn: () => getJson<ApplicationsSummary>(api.userApplicationsSummary),
  });
}

export function useUserApplicationsSummary() {
  return useQuery(userApplicationsSummaryQueryOptions());
}

/** The signed-in user's application to one job, or null: the job page's Applied and contact. */
export function applicationToJobQueryOptions(jobId: number) {
  return queryOptions({
    queryKey: ['jobs', 'applications', 'to-job', jobId] as const,
    queryFn: async () =>
      (await getJson<Application[]>(withQuery(api.userApplications, { jobId })))[0] ?? null,
  });
}

export function useApplicationToJob(jobId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...applicationToJobQueryOptions(jobId), enabled });
}
