import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { getPage, withQuery } from '../../../lib/api-client.ts';

/** My Bookings: the artists the signed-in user has booked, newest first, 20 at a time. */
export function clientBookingsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['bookings', 'client'] as const,
    queryFn: ({ pageParam }) =>
      getPage<ClientBooking>(withQuery(api.clientBookings, { cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useClientBookings() {
  return useInfiniteQuery(clientBookingsQueryOptions());
}
