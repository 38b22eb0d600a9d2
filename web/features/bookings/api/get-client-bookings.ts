import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { getJson } from '../../../lib/api-client.ts';

/** My Bookings: the artists the signed-in user has booked. */
export function clientBookingsQueryOptions() {
  return queryOptions({
    queryKey: ['bookings', 'client'] as const,
    queryFn: () => getJson<ClientBooking[]>(api.clientBookings),
  });
}

export function useClientBookings() {
  return useQuery(clientBookingsQueryOptions());
}
