import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Application } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';

/** A job's applicants, newest first, 20 at a time (its poster only). */
export function jobApplicationsQueryOptions(jobId: number) {
  return infiniteQueryOptions({
    queryKey: ['jobs', 'detail', jobId, 'applications'] as const,
    queryFn: ({ pageParam }) =>
      getPage<Application>(withQuery(api.jobApplications(jobId), { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useJobApplications(jobId: number | null) {
  return useInfiniteQuery({ ...jobApplicationsQueryOptions(jobId ?? 0), enabled: jobId !== null });
}
