import { expect, test } from 'vitest';
import { BOOKING_MESSAGES } from '../../contracts/bookings.ts';
import { bookingParties, call, DAY } from '../../tests/helpers/escrow-world.ts';
import { signUp, testAppFor } from '../../tests/helpers/test-app.ts';
import { dayLabel } from '../lib/day-label.ts';

const t = testAppFor('each');

/** A request for 2 hours at `hour`:00 UTC, `daysAhead` days from now. */
function requestFor(artistId: number, daysAhead: number, hour: number) {
  const eventDate = new Date(t.now().getTime() + daysAhead * DAY * 1000);
  eventDate.setUTCHours(hour, 0, 0, 0);
  return {
    artistId,
    eventDate: eventDate.toISOString(),
    eventDuration: 2,
    venue: 'Labadi Beach Hotel',
    totalAmount: '300.00',
    rateType: 'hourly',
  };
}

test('a request for a day the artist is already booked is refused at once, and nothing is saved', async () => {
  const { artist, client, artistId } = await bookingParties(t);
  const first = await call(t, client, 'POST', '/api/bookings', requestFor(artistId, 10, 10));
  expect(first.statusCode).toBe(201);
  // A request for a day with only a pending request is still taken: the artist chooses.
  const other = await signUp(t, 'job_seeker');
  const pending = await call(t, other, 'POST', '/api/bookings', requestFor(artistId, 10, 18));
  expect(pending.statusCode).toBe(201);

  await call(t, artist, 'PATCH', `/api/bookings/${first.json().id}`, { status: 'accepted' });
  const late = requestFor(artistId, 10, 20);
  const refused = await call(t, other, 'POST', '/api/bookings', late);
  const message = BOOKING_MESSAGES.bookedDay('DJ Kasa', dayLabel(late.eventDate));
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({ message, errors: { eventDate: message } });
  expect(message).toMatch(
    /^DJ Kasa is already booked on \d+ \w{3} \d{4}\. Please choose another date\.$/,
  );
  expect(await t.db.selectFrom('bookings').select('id').execute()).toHaveLength(2);

  // The next day is free.
  expect(
    (await call(t, other, 'POST', '/api/bookings', requestFor(artistId, 11, 20))).statusCode,
  ).toBe(201);
});

test("an artist's booked days are public, from today on, and free again once cancelled", async () => {
  const { artist, client, artistId } = await bookingParties(t);
  const booked = requestFor(artistId, 12, 15);
  const id = (await call(t, client, 'POST', '/api/bookings', booked)).json().id;
  await call(t, client, 'POST', '/api/bookings', requestFor(artistId, 14, 15));
  const daysOf = async () =>
    (await call(t, null, 'GET', `/api/artists/${artistId}/booked-days`)).json();
  // Pending requests take no day.
  expect(await daysOf()).toEqual([]);
  await call(t, artist, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' });
  expect(await daysOf()).toEqual([booked.eventDate.slice(0, 10)]);
  await call(t, client, 'POST', `/api/bookings/${id}/cancel`);
  expect(await daysOf()).toEqual([]);
  expect((await call(t, null, 'GET', '/api/artists/424242/booked-days')).statusCode).toBe(404);
});
