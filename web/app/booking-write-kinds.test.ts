import { QueryClient, type QueryKey } from '@tanstack/react-query';
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

/** A write that `refreshes` these keys marks every one of `views` stale, and the jobs list not. */
function expectRefreshes(refreshes: readonly QueryKey[], views: readonly QueryKey[]) {
  const queryClient = new QueryClient();
  for (const key of [...views, ['jobs']]) queryClient.setQueryData(key, {});
  for (const queryKey of refreshes) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
  for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(false);
}

test("booking writes refresh the client's and the artist's lists and figures, nothing else", () => {
  const views = [
    bookingsQueryOptions().queryKey,
    artistBookingsQueryOptions('pending').queryKey,
    artistBookingsQueryOptions('upcoming').queryKey,
    artistBookingsSummaryQueryOptions().queryKey,
  ];
  for (const kind of [requestBooking, decideBooking]) {
    expectRefreshes(kind.refreshes, views);
  }
});

test("confirming or disputing a booking refreshes both sides' lists and the wallet, not jobs", () => {
  const views = [
    bookingsQueryOptions().queryKey,
    artistBookingsQueryOptions('confirmed').queryKey,
    WALLET_QUERY_KEY,
  ];
  for (const kind of [confirmBooking, reportBookingProblem]) {
    expectRefreshes(kind.refreshes, views);
  }
});
