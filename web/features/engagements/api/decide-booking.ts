import { api } from '../../../../contracts/paths.ts';
import type { StatusChange } from '../../../../contracts/transitions.schemas.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { bookingsQueryOptions } from './get-bookings.ts';

interface DecideBookingVariables {
  bookingId: number;
  status: StatusChange['status'];
  /** Who or what it is about, for the outbox list: 'Ama Owusu, 12 Dec 2026'. */
  label: string;
}

// Whole sentences, translated when the write is made (its title is kept with it) or shown.
const TITLES = {
  accepted: (label: string) => t('Accept booking: {label}', { label }),
  rejected: (label: string) => t('Decline booking: {label}', { label }),
  completed: (label: string) => t('Mark completed: {label}', { label }),
} as const;
const SENT = {
  accepted: {
    title: msg('Booking Accepted'),
    note: (title: string) => t('{title}. The client will be told by SMS.', { title }),
  },
  rejected: {
    title: msg('Booking Declined'),
    note: (title: string) => t('{title}. The client will be told by SMS.', { title }),
  },
  completed: {
    title: msg('Marked Completed'),
    note: (title: string) => t('{title}. Thank you for booking.', { title }),
  },
} as const;

/** The artist's answer to a request, or the client's "it happened". */
export const decideBooking: WriteKind<DecideBookingVariables> = {
  name: 'booking-status',
  request: (variables) => ({
    method: 'PATCH',
    url: api.booking(variables.bookingId),
    body: { status: variables.status } satisfies StatusChange,
    title: TITLES[variables.status](variables.label),
    ref: variables.bookingId,
  }),
  sent: (item) => {
    const sent = SENT[(item.body as StatusChange).status];
    return { title: sent.title, description: sent.note(item.title) };
  },
  failed: { title: msg('Update Failed'), fallback: msg('Please try again.') },
  refreshes: [bookingsQueryOptions().queryKey],
};
