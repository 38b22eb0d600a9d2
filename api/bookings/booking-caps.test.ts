import { beforeEach, expect, test } from 'vitest';
import { BOOKING_MESSAGES } from '../../contracts/bookings.ts';
import {
  type SignedInUser,
  signUp,
  signUpArtist,
  testAppFor,
} from '../../tests/helpers/test-app.ts';
import { USAGE_CAPS } from '../lib/caps.ts';

const CAPS = USAGE_CAPS.bookingRequests;

const t = testAppFor('each', { config: { otpSendsPerIpHour: 1_000_000 } });
let client: SignedInUser;

beforeEach(async () => {
  client = await signUp(t, 'job_seeker');
});

async function newArtist(): Promise<{ id: number; userId: number }> {
  const user = await signUpArtist(t, { hourly: 10_000 });
  return { id: user.artistId, userId: user.id };
}

// Event days are counted from a fixed start, so a replay sends the very same body.
const START = Date.now();
let nextDay = 10;
function book(artistId: number, options: { day?: number; key?: string } = {}) {
  const day = options.day ?? nextDay++;
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: {
      cookie: client.cookie,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: {
      artistId,
      eventDate: new Date(START + day * 86_400_000).toISOString(),
      eventDuration: 1,
      venue: 'Accra International Conference Centre',
      totalAmount: '100.00',
    },
  });
}

const counts = async () => ({
  bookings: (await t.db.selectFrom('bookings').select('id').execute()).length,
  notifications: (await t.db.selectFrom('notifications').select('id').execute()).length,
});

test('a client has at most a few open requests with one artist; an answer frees a place', async () => {
  const artist = await newArtist();
  for (let i = 0; i < CAPS.openPerClientArtist; i++) {
    expect((await book(artist.id)).statusCode).toBe(201);
  }
  const before = await counts();
  const refused = await book(artist.id);
  expect(refused.statusCode).toBe(422);
  expect(refused.json().message).toBe(BOOKING_MESSAGES.openWithArtist(CAPS.openPerClientArtist));
  expect(await counts()).toEqual(before);

  // Another artist is fine, and so is this one once it has answered a request.
  expect((await book((await newArtist()).id)).statusCode).toBe(201);
  const [answered] = await t.db
    .selectFrom('bookings')
    .select('id')
    .where('artist_id', '=', artist.id)
    .execute();
  await t.db
    .updateTable('bookings')
    .set({ status: 'rejected' })
    .where('id', '=', answered?.id ?? 0)
    .execute();
  expect((await book(artist.id)).statusCode).toBe(201);
});

test('past the hourly cap a client is answered 429 with Retry-After, and nothing is saved', async () => {
  for (let i = 0; i < CAPS.perClientHour; i++) {
    // Different artists, so no other cap applies first.
    expect((await book((await newArtist()).id)).statusCode).toBe(201);
  }
  // Even when every one was answered at once, the hour's allowance is spent.
  await t.db.updateTable('bookings').set({ status: 'rejected' }).execute();
  const artist = await newArtist();
  const before = await counts();
  t.advance(10 * 60);
  const refused = await book(artist.id);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe(BOOKING_MESSAGES.hourly);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(49 * 60);
  expect(retryAfter).toBeLessThanOrEqual(50 * 60);
  expect(await counts()).toEqual(before);

  t.advance(retryAfter);
  expect((await book(artist.id)).statusCode).toBe(201);
});

test('open requests per client are capped across artists, counting only events to come', async () => {
  // Over two hours, so the hourly cap is not what stops it.
  for (let i = 0; i < CAPS.openPerClient; i++) {
    if (i === CAPS.perClientHour - 1) t.advance(60 * 60);
    expect((await book((await newArtist()).id)).statusCode).toBe(201);
  }
  t.advance(60 * 60);
  const artist = await newArtist();
  const refused = await book(artist.id);
  expect(refused.statusCode).toBe(422);
  expect(refused.json().message).toBe(BOOKING_MESSAGES.openRequests(CAPS.openPerClient));

  // A request for an event already past no longer counts as open.
  const [oldest] = await t.db.selectFrom('bookings').select('id').orderBy('id').execute();
  await t.db
    .updateTable('bookings')
    .set({ event_date: new Date(t.now().getTime() - 86_400_000).toISOString() })
    .where('id', '=', oldest?.id ?? 0)
    .execute();
  expect((await book(artist.id)).statusCode).toBe(201);
});

test('a replay with the same Idempotency-Key is answered from its record, whatever the caps', async () => {
  const artist = await newArtist();
  const first = await book(artist.id, { day: 9, key: 'caps-replay-0001' });
  for (let i = 1; i < CAPS.openPerClientArtist; i++) await book(artist.id);
  expect((await book(artist.id)).statusCode).toBe(422);
  const replay = await book(artist.id, { day: 9, key: 'caps-replay-0001' });
  expect(replay.statusCode).toBe(201);
  expect(replay.json().id).toBe(first.json().id);
});
