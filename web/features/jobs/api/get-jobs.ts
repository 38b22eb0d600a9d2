import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Category, JobListing } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';

interface JobSearch {
  q?: string | undefined;
  category?: Category | undefined;
  region?: string | undefined;
}

/**
 * Job browse: searched and filtered on the server, 20 at a time, newest first. With no search,
 * the key is the prefix of every query of the job market (browse lists, a job, the employer's
 * jobs and figures, applicants, the seeker's applications), through which its writes refresh.
 */
export function jobsQueryOptions(search?: JobSearch) {
  return infiniteQueryOptions({
    queryKey: search ? (['jobs', 'search', search] as const) : (['jobs'] as const),
    queryFn: ({ pageParam }) =>
      getPage<JobListing>(withQuery(api.jobs, { ...search, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useJobs(search: JobSearch) {
  return useInfiniteQuery(jobsQueryOptions(search));
}
