import { expect, test } from 'vitest';
import { BOOKING_MESSAGES } from '../../contracts/bookings.ts';
import {
  expectFieldErrors,
  type SignedInUser,
  signUp,
  testAppFor,
} from '../../tests/helpers/test-app.ts';

const t = testAppFor('each');

async function artistWithRates(rates: { hourly: number | null; event: number | null }) {
  const user = await signUp(t, 'artist', { firstName: 'Kwame', lastName: 'Nkrumah' });
  const artist = await t.db
    .updateTable('artists')
    .set({
      stage_name: 'DJ Kwame',
      bio: 'Afrobeats and highlife all night.',
      performance_types: '["DJ","MC"]',
      hourly_rate_pesewas: rates.hourly,
      event_rate_pesewas: rates.event,
      rating: 4.66,
    })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, artistId: artist.id };
}

const inDays = (days: number) => new Date(t.now().getTime() + days * 86_400_000).toISOString();
const book = (
  client: SignedInUser | null,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: client?.cookie ?? '', ...headers },
    payload,
  });
const countBookings = async () => (await t.db.selectFrom('bookings').select('id').execute()).length;

function booking(artistId: number, overrides: Record<string, unknown> = {}) {
  return {
    artistId,
    eventDate: inDays(14),
    eventDuration: 3,
    eventType: 'Wedding',
    venue: 'Golden Tulip, Kumasi',
    eventDetails: null,
    totalAmount: '450.00',
    rateType: 'hourly',
    ...overrides,
  };
}

test('a client books an artist by the hour: 201 and the artist sees it', async () => {
  const { user: artistUser, artistId } = await artistWithRates({ hourly: 15000, event: 120000 });
  const client = await signUp(t, 'job_seeker', { firstName: 'Akosua', lastName: 'Frimpong' });
  const request = booking(artistId);
  const response = await book(client, request);
  expect(response.statusCode).toBe(201);
  // The request comes back as sent, with its client and status.
  expect(response.json()).toMatchObject({
    ...request,
    clientId: client.id,
    status: 'pending',
    client: { firstName: 'Akosua', lastName: 'Frimpong' },
  });
  const list = await t.app.inject({
    url: '/api/bookings/artist',
    headers: { cookie: artistUser.cookie },
  });
  expect(list.json()).toEqual([response.json()]);
  const otherUsers = await t.app.inject({
    url: '/api/bookings/artist',
    headers: { cookie: client.cookie },
  });
  expect(otherUsers.json()).toEqual([]);
});

test('a booking by the event uses the event rate', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: 120000 });
  const client = await signUp(t);
  const response = await book(client, booking(artistId, { rateType: 'event', totalAmount: 1200 }));
  expect(response.statusCode).toBe(201);
  expect(response.json().totalAmount).toBe('1200.00');
});

test('the server recomputes the amount: a wrong total is refused with 422', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: 120000 });
  const client = await signUp(t);
  const response = await book(client, booking(artistId, { totalAmount: '1.00' }));
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({
    message: BOOKING_MESSAGES.amountMismatch,
    errors: { totalAmount: BOOKING_MESSAGES.amountMismatch },
  });
  expect(await countBookings()).toBe(0);
});

test('without rateType the default follows the artist: hourly if it has an hourly rate, else event', async () => {
  const { artistId } = await artistWithRates({ hourly: null, event: 80000 });
  const client = await signUp(t);
  const response = await book(
    client,
    booking(artistId, { rateType: undefined, totalAmount: '800.00' }),
  );
  expect(response.statusCode).toBe(201);
  expect(response.json().rateType).toBe('event');
  const hourly = await book(client, booking(artistId, { rateType: 'hourly' }));
  expect(hourly.statusCode).toBe(422);
  expect(hourly.json().message).toBe(BOOKING_MESSAGES.noRate);
});

test('bookings validate with the spec messages and store nothing', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: null });
  const client = await signUp(t);
  const response = await book(client, {
    artistId,
    eventDate: '',
    eventDuration: 0,
    venue: ' ',
    totalAmount: '-5',
  });
  expectFieldErrors(response, {
    eventDate: BOOKING_MESSAGES.eventDate,
    eventDuration: BOOKING_MESSAGES.eventDuration,
    venue: BOOKING_MESSAGES.venue,
    totalAmount: BOOKING_MESSAGES.totalAmount,
  });
  const fractional = await book(client, booking(artistId, { eventDuration: 1.5 }));
  expect(fractional.json().errors).toEqual({ eventDuration: BOOKING_MESSAGES.eventDuration });
  expect(await countBookings()).toBe(0);
});

test('the event must be in the future', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: null });
  const client = await signUp(t);
  const response = await book(client, booking(artistId, { eventDate: inDays(-1) }));
  expectFieldErrors(response, { eventDate: BOOKING_MESSAGES.pastEvent });
  expect(await countBookings()).toBe(0);
});

test('event dates are read strictly: a bad zone or an impossible day is 400, never a 500 or another day', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: null });
  const client = await signUp(t);
  const year = t.now().getUTCFullYear() + 1;
  for (const eventDate of [
    `${year}-06-01T12:00:00+05`,
    `${year}-02-31T10:00:00Z`,
    `${year}-06-01T12:00:00`,
    `${year}-06-01T25:00:00Z`,
  ]) {
    const response = await book(client, booking(artistId, { eventDate }));
    expect(response.statusCode, eventDate).toBe(400);
    expect(response.json().errors, eventDate).toEqual({ eventDate: BOOKING_MESSAGES.eventDate });
  }
  expect(await countBookings()).toBe(0);
  // An offset means what it says: noon at +05:00 is 07:00 UTC.
  const offset = await book(
    client,
    booking(artistId, { eventDate: `${year}-06-01T12:00:00+05:00` }),
  );
  expect(offset.statusCode).toBe(201);
  expect(offset.json().eventDate).toBe(`${year}-06-01T07:00:00.000Z`);
});

test('events are booked at most two years ahead', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: null });
  const client = await signUp(t);
  for (const eventDate of ['9999-06-01T12:00:00Z', inDays(365 * 2 + 2)]) {
    const response = await book(client, booking(artistId, { eventDate }));
    expect(response.statusCode, eventDate).toBe(400);
    expect(response.json().errors).toEqual({ eventDate: BOOKING_MESSAGES.farEvent });
  }
  expect(await countBookings()).toBe(0);
  expect((await book(client, booking(artistId, { eventDate: inDays(700) }))).statusCode).toBe(201);
});

test('booking a missing artist is 404, booking yourself is 422, a guest is 401', async () => {
  const { user, artistId } = await artistWithRates({ hourly: 15000, event: null });
  const client = await signUp(t);
  expect((await book(client, booking(99999))).statusCode).toBe(404);
  expect((await book(user, booking(artistId))).statusCode).toBe(422);
  expect((await book(null, booking(artistId))).statusCode).toBe(401);
  expect(await countBookings()).toBe(0);
});

test('a booking replayed with its Idempotency-Key is stored once', async () => {
  const { artistId } = await artistWithRates({ hourly: 15000, event: null });
  const client = await signUp(t);
  const headers = { 'idempotency-key': 'booking-key-01' };
  const payload = booking(artistId);
  const first = await book(client, payload, headers);
  const replay = await book(client, payload, headers);
  expect(replay.json()).toEqual(first.json());
  expect(await countBookings()).toBe(1);
  const mismatch = await book(client, { ...payload, venue: 'Elsewhere' }, headers);
  expect(mismatch.statusCode).toBe(422);
});

test('GET /api/bookings/artist needs a signed-in user', async () => {
  expect((await t.app.inject({ url: '/api/bookings/artist' })).statusCode).toBe(401);
});
