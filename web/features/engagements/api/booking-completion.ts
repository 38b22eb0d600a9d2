import { api } from '../../../../contracts/paths.ts';
import { bookingsQueryOptions } from './get-bookings.ts';
import { confirmCompletionKind, reportProblemKind } from './payments.ts';

/** Client or artist: the event took place. The money goes to the artist once both have said so. */
export const confirmBooking = confirmCompletionKind({
  name: 'booking-confirm',
  url: (id) => api.confirmEngagement('bookings', id),
  refreshes: bookingsQueryOptions().queryKey,
});

/** Client or artist: something went wrong; the payment stays held until an operator decides. */
export const reportBookingProblem = reportProblemKind({
  name: 'booking-dispute',
  url: (id) => api.disputeEngagement('bookings', id),
  refreshes: bookingsQueryOptions().queryKey,
});
