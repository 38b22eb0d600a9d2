import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

export function jobQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['jobs', 'detail', id] as const,
    queryFn: () => getJson<Job>(api.job(id)),
  });
}

export function useJob(id: number) {
  return useQuery({ ...jobQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
