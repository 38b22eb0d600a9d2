import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Category, Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, getPage, withQuery } from '../../../lib/api-client.ts';

export interface JobFilters {
  category?: Category | undefined;
  region?: string | undefined;
  employerId?: number | undefined;
}

export interface JobSearch {
  q?: string | undefined;
  category?: Category | undefined;
  region?: string | undefined;
}

/** GET /api/jobs; 'all' filters are omitted (spec section 7). An employer's own list comes whole. */
export function getJobs(filters: JobFilters = {}): Promise<Job[]> {
  return getJson<Job[]>(withQuery(api.jobs, { ...filters }));
}

/** `jobsQueryOptions().queryKey` (no filters) is the prefix of every list, for invalidation. */
export function jobsQueryOptions(filters: JobFilters = {}) {
  return queryOptions({
    queryKey: ['jobs', filters] as const,
    queryFn: () => getJobs(filters),
  });
}

export function useJobs(filters: JobFilters = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...jobsQueryOptions(filters), enabled: options.enabled ?? true });
}

/** Job browse: searched and filtered on the server, 20 at a time, newest first. */
export function jobSearchQueryOptions(search: JobSearch) {
  return infiniteQueryOptions({
    queryKey: ['jobs', 'search', search] as const,
    queryFn: ({ pageParam }) => getPage<Job>(withQuery(api.jobs, { ...search, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useJobSearch(search: JobSearch) {
  return useInfiniteQuery(jobSearchQueryOptions(search));
}
