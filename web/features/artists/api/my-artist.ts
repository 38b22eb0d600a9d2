import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArtistProfileInput,
  AvailabilityInput,
} from '../../../../contracts/artists.schemas.ts';
import type { ArtistDetail, AvailabilityEntry, MyArtist } from '../../../../contracts/artists.ts';
import { api } from '../../../../contracts/paths.ts';
import { ApiError, getJson, sendJson } from '../../../lib/api-client.ts';
import { artistQueryOptions } from './get-artist.ts';
import { artistsQueryOptions } from './get-artists.ts';
import { availabilityQueryOptions } from './get-availability.ts';

/** The signed-in artist's own profile, with the ids of its pictures. */
function myArtistQueryOptions() {
  return queryOptions({
    queryKey: ['artists', 'me'] as const,
    queryFn: () => getJson<MyArtist>(api.myArtist),
  });
}

export function useMyArtist(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myArtistQueryOptions(), enabled: options.enabled ?? true });
}

/** After an edit, the public profile, the browse lists and the availability show it at once. */
function useRefreshArtist() {
  const queryClient = useQueryClient();
  return (mine: MyArtist) => {
    // Browse lists refetch when next shown; the profiles take the answer as it is. The public
    // profile is the Artist alone: the picture ids are the owner's business.
    void queryClient.invalidateQueries({
      queryKey: artistsQueryOptions().queryKey,
      refetchType: 'none',
    });
    const { portfolio: _ids, ...artist } = mine;
    queryClient.setQueryData(myArtistQueryOptions().queryKey, mine);
    // The paid-gigs and cancelled counts are not the profile's to change: kept as they were.
    queryClient.setQueryData<ArtistDetail>(artistQueryOptions(artist.id).queryKey, (shown) => ({
      ...artist,
      paidGigs: shown?.paidGigs ?? 0,
      cancelledByArtist: shown?.cancelledByArtist ?? 0,
    }));
    void queryClient.invalidateQueries({ queryKey: availabilityQueryOptions(artist.id).queryKey });
  };
}

export function useSaveArtistProfile() {
  const refresh = useRefreshArtist();
  return useMutation({
    mutationFn: (profile: ArtistProfileInput) => sendJson<MyArtist>('PUT', api.myArtist, profile),
    onSuccess: refresh,
  });
}

export function useSaveAvailability(artistId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilityInput) =>
      sendJson<AvailabilityEntry[]>('PUT', api.myAvailability, input),
    onSuccess: (entries) => {
      if (artistId !== undefined) {
        queryClient.setQueryData(availabilityQueryOptions(artistId).queryKey, entries);
      }
    },
  });
}

/** Pictures go up as the raw file; the server checks, shrinks and re-encodes them. */
async function uploadPicture(file: File): Promise<MyArtist> {
  const response = await fetch(api.myPortfolio, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': file.type },
    body: file,
  });
  if (!response.ok) {
    const text = await response.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    throw new ApiError(response.status, text, message, undefined);
  }
  return (await response.json()) as MyArtist;
}

export function useUploadPicture() {
  const refresh = useRefreshArtist();
  return useMutation({ mutationFn: uploadPicture, onSuccess: refresh });
}

export function useRemovePicture() {
  const refresh = useRefreshArtist();
  return useMutation({
    mutationFn: (pictureId: number) =>
      sendJson<MyArtist>('DELETE', api.myPortfolioPicture(pictureId)),
    onSuccess: refresh,
  });
}
