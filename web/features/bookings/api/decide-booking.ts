import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { StatusChange } from '../../../../contracts/transitions.schemas.ts';
import type { OutboxDraft } from '../../../lib/outbox/outbox.ts';
import { useOutboxMutation } from '../../../lib/outbox/submit.ts';
import { artistBookingsKey } from './get-artist-bookings.ts';
import { clientBookingsQueryOptions } from './get-client-bookings.ts';

export const BOOKING_STATUS_KIND = 'booking-status';

export interface DecideBookingVariables {
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

/** The artist's answer to a request, or the client's "it happened", as an outbox item. */
export function decideBookingDraft(variables: DecideBookingVariables): Omit<OutboxDraft, 'userId'> {
  return {
    kind: BOOKING_STATUS_KIND,
    method: 'PATCH',
    url: api.booking(variables.bookingId),
    body: { status: variables.status } satisfies StatusChange,
    title: `${VERBS[variables.status]} ${variables.label}`,
    ref: variables.bookingId,
  };
}

export function refreshAfterBookingDecision(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: artistBookingsKey }),
    queryClient.invalidateQueries({ queryKey: clientBookingsQueryOptions().queryKey }),
  ]);
}

export function useDecideBooking() {
  return useOutboxMutation(decideBookingDraft);
}
