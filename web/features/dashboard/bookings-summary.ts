import type { Booking } from '../../../contracts/bookings.ts';

/** Spec: accepted bookings with a future event date, soonest first. */
export function upcomingGigs<T extends Pick<Booking, 'status' | 'eventDate'>>(
  bookings: readonly T[],
  now: Date,
): T[] {
  return bookings
    .filter((booking) => booking.status === 'accepted' && new Date(booking.eventDate) > now)
    .sort((a, b) => new Date(a.eventDate).getTime() - new Date(b.eventDate).getTime());
}
