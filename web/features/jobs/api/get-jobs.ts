import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Category, JobListing } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';

export interface JobSearch {
  q?: string | undefined;
  category?: Category | undefined;
  region?: string | undefined;
}

/** The prefix of every job list (browse searches and the employer's own), for invalidation. */
export const jobListsKey = ['jobs'] as const;

/** Job browse: searched and filtered on the server, 20 at a time, newest first. */
export function jobSearchQueryOptions(search: JobSearch) {
  return infiniteQueryOptions({
    queryKey: [...jobListsKey, 'search', search] as const,
    queryFn: ({ pageParam }) =>
      getPage<JobListing>(withQuery(api.jobs, { ...search, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useJobSearch(search: JobSearch) {
  return useInfiniteQuery(jobSearchQueryOptions(search));
}
