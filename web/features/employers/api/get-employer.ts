import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployerProfile } from '../../../../contracts/employers.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

/** An employer's public profile. */
export function employerQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['employers', 'detail', id] as const,
    queryFn: () => getJson<EmployerProfile>(api.employer(id)),
  });
}

export function useEmployer(id: number) {
  return useQuery({ ...employerQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
