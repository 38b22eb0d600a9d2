import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

export function getUserApplications(): Promise<Application[]> {
  return getJson<Application[]>(api.userApplications);
}

export function userApplicationsQueryOptions() {
  return queryOptions({
    queryKey: ['applications', 'user'] as const,
    queryFn: getUserApplications,
  });
}

export function useUserApplications() {
  return useQuery(userApplicationsQueryOptions());
}
