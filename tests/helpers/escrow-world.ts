import { createHmac } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';
import type { PaystackSimulator } from '../../api/dev/paystack-simulator.ts';
import type { MessageTransport } from '../../api/otp/transport.ts';
import { checkLedger } from '../../api/payments/ledger-check.ts';
import { createPaystackClient } from '../../api/payments/paystack-client.ts';
import { PAYSTACK_WEBHOOK_PATH } from '../../api/payments/routes.ts';
import {
  PAYSTACK_PHONES,
  PAYSTACK_TEST_SECRET,
  startPaystackServer,
} from '../fixtures/paystack-server.ts';
import { createTestApp, type SignedInUser, signUp, type TestApp, validJob } from './test-app.ts';

type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

/**
 * A payments test's world: the real app on a real SQLite file, its Paystack client pointed at
 * the loopback simulator (frozen clock, moved with `sim.advance`), whose webhooks are delivered
 * to the app's own webhook route. The reconciler runs when a test says (`reconcile`), and when a
 * webhook wakes it: a call on `sim` returns once the rounds its deliveries woke are over.
 */
export interface EscrowWorld {
  t: TestApp;
  sim: PaystackSimulator;
  /** Runs one round of the reconciler, then sends the notifications it queued. */
  reconcile(): Promise<void>;
  /** Moves both clocks, the app's and the provider's, once the rounds under way are done. */
  advance(seconds: number): Promise<void>;
  /** `call` on the world's app with POST, and with GET. */
  post(
    who: SignedInUser | null,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(
    who: SignedInUser | null,
    url: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createEscrowWorld(
  options: {
    sameDataAs?: TestApp;
    sim?: PaystackSimulator;
    /** Where SMS go; the dev outbox unless a test points the app at the loopback gateway. */
    transport?: MessageTransport;
    /** Sees each route as it is added (a test may add hooks to it). */
    onRoute?: TestAppOptions['onRoute'];
  } = {},
): Promise<EscrowWorld> {
  let deliver: (body: Buffer, headers: Record<string, string>) => Promise<number> = async () => 503;
  const provider =
    options.sim ??
    (await startPaystackServer({ webhookTarget: (body, headers) => deliver(body, headers) }));
  const t = await createTestApp({
    ...(options.sameDataAs ? { sameDataAs: options.sameDataAs } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    payments: {
      client: createPaystackClient({ secretKey: PAYSTACK_TEST_SECRET, baseUrl: provider.url }),
      webhookSecret: PAYSTACK_TEST_SECRET,
      workerPollMs: 3_600_000,
    },
  });
  // The webhook only records its event and wakes this process's reconciler, which applies it.
  // A delivery answers at once (the round it woke may itself be waiting on the simulator); each
  // call on the simulator then returns once the rounds its deliveries woke, and the sends those
  // kicked, are over.
  const woken: Promise<void>[] = [];
  deliver = async (payload, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: PAYSTACK_WEBHOOK_PATH,
      headers,
      payload,
    });
    // The round, and the receipts it queued and kicked the sender for (as the webhook itself
    // did when it applied events): a later step must not find the sender still busy.
    woken.push(t.app.paymentsWorker.idle().then(() => t.app.notifier.idle()));
    return response.statusCode;
  };
  const settle = async () => {
    while (woken.length > 0) await Promise.all(woken.splice(0));
  };
  const sim = options.sim ? provider : settledAfterEachCall(provider, settle);
  return {
    t,
    sim,
    async reconcile() {
      await t.app.paymentsWorker.runOnce();
      t.app.notifier.kick();
      await t.app.notifier.idle();
    },
    async advance(seconds) {
      // Never under a round in flight: one that read the clock before the move and records
      // after it would mix two times (a notice's text and its clock, say).
      await t.app.paymentsWorker.idle();
      await t.app.notifier.idle();
      t.advance(seconds);
      await sim.advance(seconds * 1000);
    },
    post: (who, url, payload, headers = {}) => call(t, who, 'POST', url, payload, headers),
    get: (who, url, headers = {}) => call(t, who, 'GET', url, undefined, headers),
    async close() {
      await t.close();
      if (!options.sim) await sim.close();
    },
  };
}

/**
 * Another process on the world's data and provider, as one started beside it (or after it died)
 * would be; the test closes it.
 */
export function anotherProcess(world: Pick<EscrowWorld, 't' | 'sim'>): Promise<EscrowWorld> {
  return createEscrowWorld({ sameDataAs: world.t, sim: world.sim });
}

/**
 * A fresh world for each test of the file (made before it, closed after it), read through the
 * one object this answers: `world.t` is the running test's app.
 */
export function escrowWorldForEachTest(): EscrowWorld {
  let current: EscrowWorld | undefined;
  beforeEach(async () => {
    current = await createEscrowWorld();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as EscrowWorld, {
    get(_target, property) {
      if (!current) throw new Error('The escrow world exists only while a test runs');
      return Reflect.get(current, property);
    },
  });
}

/** The ledger check finds no problem; answers its report (balances, what is owed). */
export async function expectLedgerSound(t: TestApp) {
  const report = await checkLedger(t.db);
  expect(report.problems).toEqual([]);
  return report;
}

/**
 * Lets the provider settle what it was asked (transfers after 10 s, refunds after 30 s): a
 * reconciler round, `seconds` on both clocks, another round.
 */
export async function settleWithProvider(world: EscrowWorld, seconds = 30) {
  await world.reconcile();
  await world.advance(seconds);
  await world.reconcile();
}

/** The simulator, each of whose asynchronous calls also waits for `settle` before it returns. */
function settledAfterEachCall(sim: PaystackSimulator, settle: () => Promise<void>) {
  return new Proxy(sim, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return result instanceof Promise
          ? result.then(async (answer) => {
              await settle();
              return answer;
            })
          : result;
      };
    },
  });
}

export const DAY = 24 * 60 * 60;
export const HOUR = 60 * 60;

export interface Party extends SignedInUser {
  firstName: string;
}

/** An artist with an hourly rate of GHS 150 and a client; a request for 2 hours, 3 days ahead. */
export async function bookingParties(t: TestApp) {
  const artist = await signUp(t, 'artist', { firstName: 'Kofi', lastName: 'Kasa' });
  const client = await signUp(t, 'employer', { firstName: 'Ama', lastName: 'Owusu' });
  const { id: artistId } = await t.db
    .updateTable('artists')
    .set({ hourly_rate_pesewas: 15_000, stage_name: 'DJ Kasa' })
    .where('user_id', '=', artist.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { artist, client, artistId };
}

export async function call(
  t: TestApp,
  who: SignedInUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}

/** A webhook's raw body and headers as Paystack sends them, signed with `secret` (or ours). */
export function signedWebhook(body: object, secret = PAYSTACK_TEST_SECRET) {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': createHmac('sha512', secret).update(raw).digest('hex'),
    },
  };
}

/** Delivers `body` (an event, or its raw bytes) to the app's webhook route, signed with our key. */
export function deliverWebhook(t: TestApp, body: object) {
  const { raw, headers } = signedWebhook(body);
  return t.app.inject({ method: 'POST', url: PAYSTACK_WEBHOOK_PATH, headers, payload: raw });
}

/**
 * The body of a request for `hours` hours of an artist whose hourly rate is `hourlyRate` cedis
 * (GHS 150 unless told), for an event on the hour `daysAhead` days after `now`.
 */
export function bookingRequest(
  now: Date,
  artistId: number,
  { daysAhead = 3, hours = 2, hourlyRate = 150 } = {},
) {
  const eventDate = new Date(now.getTime() + daysAhead * DAY * 1000);
  eventDate.setUTCMinutes(0, 0, 0);
  return {
    artistId,
    eventDate: eventDate.toISOString(),
    eventDuration: hours,
    venue: 'Labadi Beach Hotel',
    totalAmount: (hourlyRate * hours).toFixed(2),
    rateType: 'hourly',
  };
}

/**
 * Books `hours` hours of the artist (at `hourlyRate` cedis, GHS 150 unless told) for an event
 * `daysAhead` days ahead; answers the booking id.
 */
export async function requestBooking(
  t: TestApp,
  client: SignedInUser,
  artistId: number,
  options: Parameters<typeof bookingRequest>[2] = {},
): Promise<number> {
  const response = await call(
    t,
    client,
    'POST',
    '/api/bookings',
    bookingRequest(t.now(), artistId, options),
  );
  if (response.statusCode !== 201) throw new Error(`booking: ${response.body}`);
  return response.json().id;
}

/** A booking the artist accepted: 2 hours at GHS 150, so GHS 300.00 plus the GHS 15.00 fee. */
export async function acceptedBooking(t: TestApp, options: { daysAhead?: number } = {}) {
  const parties = await bookingParties(t);
  const id = await requestBooking(t, parties.client, parties.artistId, options);
  const accepted = await call(t, parties.artist, 'PATCH', `/api/bookings/${id}`, {
    status: 'accepted',
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.body}`);
  return { ...parties, id };
}

/** Starts paying a booking or an application from `phone`; answers the 202's body. */
export async function startPaying(
  t: TestApp,
  payer: SignedInUser,
  url: string,
  phoneNumber: string = PAYSTACK_PHONES.ordinary,
  network = 'mtn',
) {
  const response = await call(t, payer, 'POST', url, { phoneNumber, network });
  if (response.statusCode !== 202) throw new Error(`pay: ${response.statusCode} ${response.body}`);
  return response.json() as { reference: string; status: string; displayText: string | null };
}

/** A booking accepted whose client started paying (the handset rings, nothing approved yet). */
export async function bookingBeingPaid(t: TestApp) {
  const booking = await acceptedBooking(t);
  const started = await startPaying(t, booking.client, `/api/bookings/${booking.id}/payment`);
  return { booking, started };
}

/** A booking accepted and paid (approved on the handset): its money is held. */
export async function paidBooking(world: EscrowWorld, options: { daysAhead?: number } = {}) {
  const booking = await acceptedBooking(world.t, options);
  const reference = await payAndApprove(
    world,
    booking.client,
    `/api/bookings/${booking.id}/payment`,
  );
  return { ...booking, reference };
}

/** Starts paying `url` as `payer` and approves it on the handset: the money is held. */
export async function payAndApprove(world: EscrowWorld, payer: SignedInUser, url: string) {
  const { reference } = await startPaying(world.t, payer, url);
  if (!(await world.sim.approve(reference))) throw new Error('nothing to approve');
  return reference;
}

/**
 * An employer's fixed-price job (GHS 400.00) with the seeker's application accepted; with a
 * start date `startDate` (YYYY-MM-DD) when given. `readCode` reads sign-in codes where the app
 * sends them (the dev outbox by default).
 */
export async function acceptedApplication(
  t: TestApp,
  options: {
    startDate?: string;
    readCode?: (app: FastifyInstance, phone: string) => Promise<string>;
  } = {},
) {
  const as = (role: 'employer' | 'job_seeker', firstName: string, lastName: string) =>
    options.readCode
      ? signUp(t, role, { firstName, lastName }, options.readCode)
      : signUp(t, role, { firstName, lastName });
  const employer = await as('employer', 'Kwesi', 'Appiah');
  const seeker = await as('job_seeker', 'Esi', 'Mensah');
  const job = await call(t, employer, 'POST', '/api/jobs', {
    ...validJob,
    jobType: 'fixed',
    hourlyRate: null,
    fixedPrice: '400.00',
    estimatedHours: null,
    startDate: options.startDate ?? null,
  });
  if (job.statusCode !== 201) throw new Error(`job: ${job.body}`);
  const applied = await call(t, seeker, 'POST', '/api/applications', {
    jobId: job.json().id,
    coverLetter: 'I can start on Monday.',
  });
  const id = applied.json().id as number;
  await call(t, employer, 'PATCH', `/api/applications/${id}`, { status: 'accepted' });
  return { employer, seeker, id, jobId: job.json().id as number };
}

/** The SMS a user was sent, newest first, sign-in codes left out. */
export async function smsTo(t: TestApp, user: SignedInUser): Promise<string[]> {
  t.app.notifier.kick();
  await t.app.notifier.idle();
  const response = await t.app.inject({
    url: `/api/dev/outbox?to=${encodeURIComponent(user.phone)}`,
  });
  return response
    .json<{ body: string }[]>()
    .map((message) => message.body)
    .filter((body) => !body.startsWith('Your Ghana Gigs code'));
}

/** The newest payout code the dev outbox holds for the user's sign-in phone. */
export async function payoutCodeOf(t: TestApp, user: SignedInUser): Promise<string> {
  const response = await t.app.inject({
    url: `/api/dev/outbox?to=${encodeURIComponent(user.phone)}`,
  });
  const body = response
    .json<{ body: string }[]>()
    .map((message) => message.body)
    .find((text) => text.includes('code to change your payout number'));
  const code = body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No payout code for ${user.phone}`);
  return code;
}

/**
 * Changes the user's payout number as the app does: a code to their sign-in phone (a minute
 * after any code before it, as the sign-in limits ask), then the change with it. Answers the
 * PUT's response.
 */
export async function setPayoutNumber(
  world: Pick<EscrowWorld, 't' | 'advance'>,
  user: SignedInUser,
  phoneNumber: string,
  network = 'mtn',
): Promise<LightMyRequestResponse> {
  await world.advance(61);
  const sent = await call(world.t, user, 'POST', '/api/me/payout/code');
  if (sent.statusCode !== 200) throw new Error(`payout code: ${sent.statusCode} ${sent.body}`);
  const code = await payoutCodeOf(world.t, user);
  return call(world.t, user, 'PUT', '/api/me/payout', { phoneNumber, network, code });
}

/** A job accepted and funded by its employer (GHS 400.00 held for the worker). */
export async function paidApplication(
  world: EscrowWorld,
  options: Parameters<typeof acceptedApplication>[1] = {},
) {
  const work = await acceptedApplication(world.t, options);
  await payAndApprove(world, work.employer, `/api/applications/${work.id}/payment`);
  return work;
}

/** A booking as its client sees it in their own list. */
export async function bookingOf(t: TestApp, id: number, client: SignedInUser) {
  const mine = await call(t, client, 'GET', '/api/bookings/client');
  return mine.json().find((booking: { id: number }) => booking.id === id);
}

/** A booking's status, as the database holds it. */
export const bookingStatusOf = async (t: Pick<TestApp, 'db'>, id: number) =>
  (
    await t.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** The payment row of a booking or an application, as the database holds it. */
export const paymentRow = (t: TestApp, engagementId: number) =>
  t.db
    .selectFrom('payments')
    .selectAll()
    .where('engagement_id', '=', engagementId)
    .executeTakeFirstOrThrow();

/** Everything the payments tables and the ledger hold, to prove a refusal changed nothing. */
export async function moneySnapshot(t: TestApp) {
  const tables = [
    'payments',
    'charges',
    'ledger_transactions',
    'ledger_entries',
    'provider_events',
  ] as const;
  const rows: Record<string, unknown> = {};
  for (const table of tables) {
    rows[table] = await t.db
      .selectFrom(table as 'payments')
      .selectAll()
      .execute();
  }
  return JSON.stringify(rows);
}
