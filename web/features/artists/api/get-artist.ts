import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistDetail } from '../../../../contracts/artists.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

function getArtist(id: number): Promise<ArtistDetail> {
  return getJson<ArtistDetail>(api.artist(id));
}

export function artistQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['artists', 'detail', id] as const,
    queryFn: () => getArtist(id),
  });
}

export function useArtist(id: number) {
  return useQuery({ ...artistQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
