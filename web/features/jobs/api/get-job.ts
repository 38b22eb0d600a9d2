import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '../../../../contracts/jobs.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

export function getJob(id: number): Promise<Job> {
  return getJson<Job>(api.job(id));
}

export function jobQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['job', id] as const,
    queryFn: () => getJob(id),
  });
}

export function useJob(id: number) {
  return useQuery({ ...jobQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
