import * as v from 'valibot';
import { beforeAll, expect, test } from 'vitest';
import { CreateBookingSchema } from '../contracts/bookings.schemas.ts';
import { signUp, signUpArtist, testAppFor } from '../tests/helpers/test-app.ts';
import { type Actor, actorFromRow } from './auth/actor.ts';
import { Forbidden, InvalidInput, NotFound, RuleBroken } from './lib/domain-errors.ts';

/**
 * Another door than the web API (USSD, a payment webhook) reaches the same services on the
 * app, with plain input and an Actor, and meets the same rules, without any HTTP.
 */
const t = testAppFor('file');
let client: Actor;
let roleless: Actor;
let artistId: number;

const actorOf = async (id: number) =>
  actorFromRow(
    await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );

beforeAll(async () => {
  client = await actorOf((await signUp(t, 'employer')).id);
  const noRole = await signUp(t, 'job_seeker');
  await t.db.updateTable('users').set({ role: null }).where('id', '=', noRole.id).execute();
  roleless = await actorOf(noRole.id);
  artistId = (await signUpArtist(t, { hourly: 10_000 })).artistId;
});

const request = (totalAmount: string, eventDate = new Date(t.now().getTime() + 9 * 86_400_000)) =>
  v.parse(CreateBookingSchema, {
    artistId,
    eventDate: eventDate.toISOString(),
    eventDuration: 3,
    eventType: null,
    venue: 'Labadi Beach Hotel, Accra',
    eventDetails: null,
    totalAmount,
  });

test('a booking through the service meets the same rules as through the web API', async () => {
  const { bookings } = t.app.services;
  await expect(bookings.request(roleless, request('300.00'))).rejects.toBeInstanceOf(Forbidden);
  await expect(bookings.request(client, request('1.00'))).rejects.toBeInstanceOf(RuleBroken);
  await expect(
    bookings.request(client, request('300.00', new Date(t.now().getTime() - 60_000))),
  ).rejects.toBeInstanceOf(InvalidInput);
  expect(await t.db.selectFrom('bookings').selectAll().execute()).toEqual([]);

  const booking = await bookings.request(client, request('300.00'));
  expect(booking).toMatchObject({ artistId, clientId: client.id, totalAmount: '300.00' });
  // The artist is told, as for a request made on the web.
  const queued = await t.db.selectFrom('notifications').select('body').execute();
  expect(queued.map((row) => row.body).join('\n')).toMatch(/booking request/i);
});

test('an idempotency key makes a service write exactly-once, whichever door brings it', async () => {
  const { bookings } = t.app.services;
  const idempotency = {
    key: 'ussd-session-0001',
    scope: 'USSD book',
    requestHash: 'same-request',
    statusCode: 201,
  };
  const first = await bookings.request(client, request('300.00'), { idempotency });
  const again = await bookings.request(client, request('300.00'), { idempotency });
  expect(again).toEqual(first);
  const rows = await t.db.selectFrom('bookings').select('id').where('id', '=', first.id).execute();
  expect(rows).toHaveLength(1);
  await expect(
    bookings.request(client, request('300.00'), {
      idempotency: { ...idempotency, requestHash: 'another request' },
    }),
  ).rejects.toBeInstanceOf(RuleBroken);
});

test('a missing thing is NotFound, not an HTTP answer', async () => {
  await expect(t.app.services.jobs.find(999_999)).rejects.toBeInstanceOf(NotFound);
  await expect(t.app.services.artists.find(999_999)).rejects.toThrow('Artist not found');
});
