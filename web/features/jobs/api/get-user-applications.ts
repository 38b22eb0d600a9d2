import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Application, ApplicationsSummary } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, getPage, withQuery } from '../../../lib/api-client.ts';

/** The signed-in user's applications, newest first, 20 at a time. */
export function userApplicationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['jobs', 'applications', 'mine'] as const,
    queryFn: ({ pageParam }) =>
      getPage<Application>(withQuery(api.userApplications, { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useUserApplications() {
  return useInfiniteQuery(userApplicationsQueryOptions());
}

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
