import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

export function getArtistBookings(): Promise<Booking[]> {
  return getJson<Booking[]>(api.artistBookings);
}

export function artistBookingsQueryOptions() {
  return queryOptions({
    queryKey: ['bookings', 'artist'] as const,
    queryFn: getArtistBookings,
  });
}

export function useArtistBookings() {
  return useQuery(artistBookingsQueryOptions());
}
