import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

export function getJobApplications(jobId: number): Promise<Application[]> {
  return getJson<Application[]>(api.jobApplications(jobId));
}

export function jobApplicationsQueryOptions(jobId: number) {
  return queryOptions({
    queryKey: ['applications', 'job', jobId] as const,
    queryFn: () => getJobApplications(jobId),
  });
}

export function useJobApplications(jobId: number | null) {
  return useQuery({ ...jobApplicationsQueryOptions(jobId ?? 0), enabled: jobId !== null });
}
