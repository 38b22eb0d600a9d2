import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { EmployerJobsSummary, Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, getPage, withQuery } from '../../../lib/api-client.ts';
/** My Jobs: the employer's jobs, active and closed, newest first, 20 at a time. */
export function employerJobsQueryOptions(employerId: number) {
  return infiniteQueryOptions({
    queryKey: ['jobs', 'employer', employerId] as const,
    queryFn: ({ pageParam }) =>
      getPage<Job>(withQuery(api.jobs, { employerId, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useEmployerJobs(employerId: number | undefined) {
  return useInfiniteQuery({
    ...employerJobsQueryOptions(employerId ?? 0),
    enabled: employerId !== undefined,
  });
}

/** Active Jobs, Total Applications and Inactive Jobs, counted by the server over every job. */
export function employerSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['jobs', 'employer', 'summary'] as const,
    queryFn: () => getJson<EmployerJobsSummary>(api.employerSummary),
  });
}

export function useEmployerSummary(options: { enabled?: boolean } = {}) {
  return useQuery({ ...employerSummaryQueryOptions(), enabled: options.enabled ?? true });
}
