import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, withQuery } from '../../../lib/api-client.ts';

export interface JobFilters {
  category?: Category | undefined;
  region?: string | undefined;
  employerId?: number | undefined;
}

/** GET /api/jobs; 'all' filters are omitted (spec section 7). */
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
