import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';
import { BOOKINGS_QUERY_KEY } from '../../../lib/query-keys.ts';

/**
 * My Bookings: the artists the signed-in user has booked, newest first, 20 at a time. Its key
 * is also the prefix of every bookings query (the artist's lists and figures extend it), through
 * which bookings writes refresh.
 */
export function bookingsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: BOOKINGS_QUERY_KEY,
    queryFn: ({ pageParam }) =>
      getPage<ClientBooking>(withQuery(api.clientBookings, { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useMyBookings() {
  return useInfiniteQuery(bookingsQueryOptions());
}
