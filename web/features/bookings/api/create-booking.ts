import type { QueryClient } from '@tanstack/react-query';
import type { CreateBookingInput } from '../../../../contracts/bookings.schemas.ts';
import type { Booking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import type { OutboxDraft } from '../../../lib/outbox/outbox.ts';
import { useOutboxMutation } from '../../../lib/outbox/submit.ts';
import { artistBookingsKey } from './get-artist-bookings.ts';
import { clientBookingsQueryOptions } from './get-client-bookings.ts';

export const BOOKING_KIND = 'booking';

export interface CreateBookingVariables {
  payload: CreateBookingInput;
  stageName: string;
}

/** A booking request as an outbox item: it gets its idempotency key when it is stored. */
export function bookingDraft({
  payload,
  stageName,
}: CreateBookingVariables): Omit<OutboxDraft, 'userId'> {
  return {
    kind: BOOKING_KIND,
    method: 'POST',
    url: api.bookings,
    body: payload,
    title: `Booking request for ${stageName}`,
    ref: payload.artistId,
  };
}

/** Once the server has it: the client's bookings and the artist's requests. */
export function refreshAfterBooking(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: clientBookingsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: artistBookingsKey }),
  ]);
}

export function useCreateBooking() {
  return useOutboxMutation<CreateBookingVariables, Booking>(bookingDraft);
}
