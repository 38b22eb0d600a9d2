import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { requestBooking } from '../features/bookings/api/create-booking.ts';
import {
  confirmBooking,
  reportBookingProblem,
} from '../features/engagements/api/booking-completion.ts';
import { decideBooking } from '../features/engagements/api/decide-booking.ts';
import {
  artistBookingsQueryOptions,
  artistBookingsSummaryQueryOptions,
} from '../features/engagements/api/get-artist-bookings.ts';
import { bookingsQueryOptions } from '../features/engagements/api/get-bookings.ts';
import { WALLET_QUERY_KEY } from '../lib/query-keys.ts';

test("booking writes refresh the client's and the artist's lists and figures, nothing else", () => {
  const views = [
    bookingsQueryOptions().queryKey,
    artistBookingsQueryOptions('pending').queryKey,
    artistBookingsQueryOptions('upcoming').queryKey,
    artistBookingsSummaryQueryOptions().queryKey,
  ];
  for (const kind of [requestBooking, decideBooking]) {
    const queryClient = new QueryClient();
    for (const key of [...views, ['jobs']]) queryClient.setQueryData(key, {});
    for (const queryKey of kind.refreshes) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
    for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(false);
  }
});

test("confirming or disputing a booking refreshes both sides' lists and the wallet, not jobs", () => {
  const views = [
    bookingsQueryOptions().queryKey,
    artistBookingsQueryOptions('confirmed').queryKey,
    WALLET_QUERY_KEY,
  ];
  for (const kind of [confirmBooking, reportBookingProblem]) {
    const queryClient = new QueryClient();
    for (const key of [...views, ['jobs']]) queryClient.setQueryData(key, {});
    for (const queryKey of kind.refreshes) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
    for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(false);
  }
});
