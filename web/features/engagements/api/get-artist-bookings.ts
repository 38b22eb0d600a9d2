import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ArtistBookingsSummary, Booking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson, getPage, withQuery } from '../../../lib/api-client.ts';

/**
 * The artist dashboard's lists: pending requests, confirmed and completed bookings (where the
 * client is reviewed), newest request first, and the calendar (accepted events still to come, soonest first).
 */
const VIEWS = {
  pending: { status: 'pending' },
  confirmed: { status: 'accepted' },
  completed: { status: 'completed' },
  upcoming: { status: 'accepted', upcoming: 'true' },
} as const;
export type ArtistBookingsView = keyof typeof VIEWS;

/** One of the artist's booking lists, 20 at a time. */
export function artistBookingsQueryOptions(view: ArtistBookingsView) {
  return infiniteQueryOptions({
    queryKey: ['bookings', 'artist', view] as const,
    queryFn: ({ pageParam }) =>
      getPage<Booking>(withQuery(api.artistBookings, { ...VIEWS[view], cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useArtistBookings(view: ArtistBookingsView) {
  return useInfiniteQuery(artistBookingsQueryOptions(view));
}

/** Pending Requests, Upcoming Gigs and Completed, counted by the server over every booking. */
export function artistBookingsSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['bookings', 'artist', 'summary'] as const,
    queryFn: () => getJson<ArtistBookingsSummary>(api.artistBookingsSummary),
  });
}

export function useArtistBookingsSummary() {
  return useQuery(artistBookingsSummaryQueryOptions());
}
