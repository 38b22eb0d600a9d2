import type { CreateBookingInput } from '../../../../contracts/bookings.schemas.ts';
import { api } from '../../../../contracts/paths.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { BOOKINGS_QUERY_KEY } from '../../../lib/query-keys.ts';

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
    title: t('Booking request for {stageName}', { stageName }),
    ref: payload.artistId,
  }),
  sent: {
    title: msg('Booking Request Sent'),
    description: msg('The artist will review your booking request and respond soon.'),
  },
  failed: { title: msg('Booking Failed'), fallback: msg('Failed to create booking request') },
  refreshes: [BOOKINGS_QUERY_KEY],
};
