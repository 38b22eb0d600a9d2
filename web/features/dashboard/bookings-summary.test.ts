import { expect, test } from 'vitest';
import { upcomingGigs } from './bookings-summary.ts';

test('upcoming gigs are accepted, in the future, soonest first', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const bookings = [
    { id: 1, status: 'accepted' as const, eventDate: '2026-07-01T18:00:00.000Z' },
    { id: 2, status: 'pending' as const, eventDate: '2026-06-10T18:00:00.000Z' },
    { id: 3, status: 'accepted' as const, eventDate: '2026-05-01T18:00:00.000Z' },
    { id: 4, status: 'accepted' as const, eventDate: '2026-06-02T18:00:00.000Z' },
  ];
  expect(upcomingGigs(bookings, now).map((booking) => booking.id)).toEqual([4, 1]);
});
