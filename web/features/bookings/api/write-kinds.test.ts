import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { WALLET_QUERY_KEY } from '../../../lib/payments.ts';
import { confirmBooking, reportBookingProblem } from './booking-completion.ts';
import { requestBooking } from './create-booking.ts';
import { decideBooking } from './decide-booking.ts';
import {
  artistBookingsQueryOptions,
  artistBookingsSummaryQueryOptions,
} from './get-artist-bookings.ts';
import { bookingsQueryOptions } from './get-bookings.ts';

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
