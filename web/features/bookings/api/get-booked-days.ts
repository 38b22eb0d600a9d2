import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

/** The days ('YYYY-MM-DD', from today on) the artist already has an accepted booking. */
export function bookedDaysQueryOptions(artistId: number) {
  return queryOptions({
    queryKey: ['bookings', 'booked-days', artistId] as const,
    queryFn: () => getJson<string[]>(api.artistBookedDays(artistId)),
  });
}

export function useBookedDays(artistId: number) {
  return useQuery({
    ...bookedDaysQueryOptions(artistId),
    enabled: Number.isInteger(artistId) && artistId > 0,
  });
}
