import { bookingsQueryOptions } from './get-bookings.ts';
import { reviewKinds } from './reviews.ts';

/** Client and artist review each other after a completed booking; the cards show the reviews. */
export const bookingReviews = reviewKinds({
  name: 'booking',
  engagementField: 'bookingId',
  refreshes: bookingsQueryOptions().queryKey,
});
