import type { CreateBookingInput } from '../../../../contracts/bookings.schemas.ts';
import { api } from '../../../../contracts/paths.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { bookingsQueryOptions } from './get-bookings.ts';

interface CreateBookingVariables {
  payload: CreateBookingInput;
  stageName: string;
}

/** Send Booking Request: an outbox write, about the artist it books. */
export const requestBooking: WriteKind<CreateBookingVariables> = {
  name: 'booking',
  request: ({ payload, stageName }) => ({
    method: 'POST',
    url: api.bookings,
    body: payload,
    title: `Booking request for ${stageName}`,
    ref: payload.artistId,
  }),
  sent: {
    title: 'Booking Request Sent',
    description: 'The artist will review your booking request and respond soon.',
  },
  failed: { title: 'Booking Failed', fallback: 'Failed to create booking request' },
  refreshes: [bookingsQueryOptions().queryKey],
};
