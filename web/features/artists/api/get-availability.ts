import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityEntry } from '../../../../contracts/artists.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

/** Spec section 7: on failure an empty list is used. */
async function getAvailability(artistId: number): Promise<AvailabilityEntry[]> {
  try {
    return await getJson<AvailabilityEntry[]>(api.artistAvailability(artistId));
  } catch {
    return [];
  }
}

export function availabilityQueryOptions(artistId: number) {
  return queryOptions({
    queryKey: ['artists', 'detail', artistId, 'availability'] as const,
    queryFn: () => getAvailability(artistId),
  });
}

export function useAvailability(artistId: number) {
  return useQuery({
    ...availabilityQueryOptions(artistId),
    enabled: Number.isInteger(artistId) && artistId > 0,
  });
}
