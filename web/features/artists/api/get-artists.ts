import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist, PerformanceType } from '../../../../contracts/artists.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, withQuery } from '../../../lib/api-client.ts';

export interface ArtistFilters {
  performanceType?: PerformanceType | undefined;
  region?: string | undefined;
}

export function getArtists(filters: ArtistFilters = {}): Promise<Artist[]> {
  return getJson<Artist[]>(withQuery(api.artists, { ...filters }));
}

export function artistsQueryOptions(filters: ArtistFilters = {}) {
  return queryOptions({
    queryKey: ['artists', filters] as const,
    queryFn: () => getArtists(filters),
  });
}

export function useArtists(filters: ArtistFilters = {}) {
  return useQuery(artistsQueryOptions(filters));
}
