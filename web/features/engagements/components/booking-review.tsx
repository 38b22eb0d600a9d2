import type { Booking, ClientBooking } from '../../../../contracts/bookings.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { bookingReviews } from '../api/booking-reviews.ts';
import { EngagementReview } from './engagement-review.tsx';

/** The client reviews the artist after a completed booking, and reads the artist's review. */
export function ClientBookingReview({ booking }: { booking: ClientBooking }) {
  const artist = booking.artist.stageName;
  return (
    <EngagementReview
      review={booking.review}
      allowedActions={booking.allowedActions}
      target={{ id: booking.id, label: `${artist}, ${formatDateTime(booking.eventDate)}` }}
      otherName={artist}
      kinds={bookingReviews}
    />
  );
}

/** The artist reviews the client after a completed booking, and may reply to the client's. */
export function ArtistBookingReview({ booking }: { booking: Booking }) {
  const client = booking.client.firstName;
  return (
    <EngagementReview
      review={booking.review}
      allowedActions={booking.allowedActions}
      target={{ id: booking.id, label: `${client}, ${formatDateTime(booking.eventDate)}` }}
      otherName={client}
      kinds={bookingReviews}
    />
  );
}
