import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { acceptedBooking, call, DAY, startPaying } from '../../tests/helpers/escrow-world.ts';
import {
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import type { Db } from '../db/database.ts';

/**
 * The `dev` provider as `npm start` runs it: the simulator on loopback on a real interval, our
 * real client, webhooks into our own route, prompts in the dev outbox; with TEST_CLOCK=1 the
 * server's clock (and the simulator's with it) moves by POST /api/dev/clock.
 */
let dir: string;
let database: TestDatabase;
let db: Db;
let app: FastifyInstance;
/** The helpers' view of this app; its clock is the server's own, moved only through the route. */
let t: TestApp;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-dev-pay-'));
  database = await createTestDatabase(dir);
  db = database.db;
  const config = testConfig({
    databasePath: database.databasePath,
    databaseUrl: database.databaseUrl,
    testClock: true,
  });
  app = await buildApp(config, { db, webRoot: join(dir, 'no-web-build') });
  t = {
    app,
    db,
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    uploadsDir: join(dir, 'uploads'),
    now: () => new Date(),
    advance: () => {
      throw new Error('move the clock with POST /api/dev/clock');
    },
    close: async () => {},
  };
});
afterEach(async () => {
  await app.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

const advanceClock = (advanceSeconds: number) =>
  app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceSeconds } });

async function promptTo(phone: string): Promise<string> {
  const outbox = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  const prompt = outbox
    .json<{ body: string }[]>()
    .find((message) => message.body.includes('Mobile Money: approve'));
  if (!prompt) throw new Error(`no prompt for ${phone}`);
  return prompt.body;
}

const pathOf = (link: string) => new URL(link).pathname;

test('the handset prompt is in the dev outbox, and its Approve link pays the booking', async () => {
  const booking = await acceptedBooking(t);
  const { reference } = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  const prompt = await promptTo('+233241234567');
  expect(prompt).toBe(
    `MTN Mobile Money: approve a payment of GHS 315.00 to Ghana Gigs? Approve: http://127.0.0.1:3000/api/dev/payments/${reference}/approve Decline: http://127.0.0.1:3000/api/dev/payments/${reference}/decline`,
  );
  const approve = prompt.match(/Approve: (\S+)/)?.[1] ?? '';
  const answered = await app.inject({ url: pathOf(approve) });
  expect(answered.statusCode).toBe(200);
  expect(answered.json().message).toMatch(/^Approved/);
  const progress = await call(t, booking.client, 'GET', `/api/payments/${reference}`);
  expect(progress.json().status).toBe('success');
  const mine = await call(t, booking.client, 'GET', '/api/bookings/client');
  expect(mine.json()[0].payment.status).toBe('held');
  // The prompt was answered: the link does nothing more.
  expect((await app.inject({ url: pathOf(approve) })).statusCode).toBe(404);
});

test('the Decline link fails the charge at once, though the provider sends no webhook for it', async () => {
  const booking = await acceptedBooking(t);
  const { reference } = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  const decline = (await promptTo('+233241234567')).match(/Decline: (\S+)/)?.[1] ?? '';
  expect((await app.inject({ url: pathOf(decline) })).statusCode).toBe(200);
  const progress = await call(t, booking.client, 'GET', `/api/payments/${reference}`);
  expect(progress.json()).toMatchObject({ status: 'failed', message: PAYMENT_MESSAGES.declined });
});

test('the links and the clock answer only this machine', async () => {
  const booking = await acceptedBooking(t);
  const { reference } = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  const remote = { remoteAddress: '203.0.113.7' };
  expect(
    (await app.inject({ url: `/api/dev/payments/${reference}/approve`, ...remote })).statusCode,
  ).toBe(403);
  const clock = await app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    payload: { advanceSeconds: DAY },
    ...remote,
  });
  expect(clock.statusCode).toBe(403);
  expect((await app.inject({ url: `/api/dev/payments/${reference}/maybe` })).statusCode).toBe(400);
});

test('TEST_CLOCK: moving the server past the event lets both sides confirm; the simulator follows', async () => {
  const booking = await acceptedBooking(t, { daysAhead: 1 });
  // The simulator's clock is the app's: the MTN test wallet approves by itself 5 s later.
  const { reference } = await startPaying(
    t,
    booking.client,
    `/api/bookings/${booking.id}/payment`,
    '+233551234987',
  );
  const moved = await advanceClock(6);
  expect(moved.statusCode).toBe(200);
  expect((await call(t, booking.client, 'GET', `/api/payments/${reference}`)).json().status).toBe(
    'success',
  );
  const early = await call(t, booking.client, 'POST', `/api/bookings/${booking.id}/confirm`);
  expect(early.statusCode).toBe(422);
  expect(early.json().message).toMatch(/^You can confirm the work is done from /);
  const later = await advanceClock(DAY + 3600);
  expect(Date.parse(later.json().now)).toBeGreaterThan(Date.now() + DAY * 1000);
  expect(
    (await call(t, booking.client, 'POST', `/api/bookings/${booking.id}/confirm`)).statusCode,
  ).toBe(200);
  expect((await advanceClock(0)).statusCode).toBe(400);
});

test('TEST_CLOCK: a prompt left unanswered past 180 s is abandoned by both clocks', async () => {
  const booking = await acceptedBooking(t);
  const { reference } = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  await advanceClock(250);
  const progress = await call(t, booking.client, 'GET', `/api/payments/${reference}`);
  expect(progress.json()).toMatchObject({ status: 'failed', message: PAYMENT_MESSAGES.abandoned });
});
