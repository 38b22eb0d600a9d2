import { api } from '../../../../contracts/paths.ts';
import type { StatusChange } from '../../../../contracts/transitions.schemas.ts';
import { msg } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { bookingsQueryOptions } from './get-bookings.ts';

interface DecideBookingVariables {
  bookingId: number;
  status: StatusChange['status'];
  /** Who or what it is about, for the outbox list: 'Ama Owusu, 12 Dec 2026'. */
  label: string;
}

const VERBS = {
  accepted: 'Accept booking:',
  rejected: 'Decline booking:',
  completed: 'Mark completed:',
} as const;
const SENT = {
  accepted: { title: msg('Booking Accepted'), note: 'The client will be told by SMS.' },
  rejected: { title: msg('Booking Declined'), note: 'The client will be told by SMS.' },
  completed: { title: msg('Marked Completed'), note: 'Thank you for booking.' },
} as const;

/** The artist's answer to a request, or the client's "it happened". */
export const decideBooking: WriteKind<DecideBookingVariables> = {
  name: 'booking-status',
  request: (variables) => ({
    method: 'PATCH',
    url: api.booking(variables.bookingId),
    body: { status: variables.status } satisfies StatusChange,
    title: `${VERBS[variables.status]} ${variables.label}`,
    ref: variables.bookingId,
  }),
  sent: (item) => {
    const sent = SENT[(item.body as StatusChange).status];
    return { title: sent.title, description: `${item.title}. ${sent.note}` };
  },
  failed: { title: msg('Update Failed'), fallback: 'Please try again.' },
  refreshes: [bookingsQueryOptions().queryKey],
};
