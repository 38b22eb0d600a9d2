import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Artist, PerformanceType } from '../../../../contracts/artists.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';

interface ArtistSearch {
  q?: string | undefined;
  performanceType?: PerformanceType | undefined;
  region?: string | undefined;
}

/**
 * Artist browse: searched by stage name or bio and filtered on the server, 20 at a time. With
 * no search, the key is the prefix of every artists query (browse lists, a profile and its
 * availability, the artist's own profile), through which edits refresh them.
 */
export function artistsQueryOptions(search?: ArtistSearch) {
  return infiniteQueryOptions({
    queryKey: search ? (['artists', 'search', search] as const) : (['artists'] as const),
    queryFn: ({ pageParam }) =>
      getPage<Artist>(withQuery(api.artists, { ...search, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useArtists(search: ArtistSearch) {
  return useInfiniteQuery(artistsQueryOptions(search));
}
