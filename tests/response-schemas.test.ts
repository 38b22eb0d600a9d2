import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ArtistListSchema, JobListingsSchema } from '../contracts/answers.schemas.ts';
import { ArtistListQuerySchema } from '../contracts/artists.schemas.ts';
import { JobListQuerySchema } from '../contracts/jobs.schemas.ts';
import { PAYSTACK_PHONES, PAYSTACK_TEST_OTP } from './fixtures/paystack-server.ts';
import {
  acceptedApplication,
  acceptedBooking,
  call,
  createEscrowWorld,
  DAY,
  type EscrowWorld,
  HOUR,
  setPayoutNumber,
  startPaying,
} from './helpers/escrow-world.ts';
import { type SignedInUser, signUp, validJob } from './helpers/test-app.ts';

/**
 * Every route declares what it answers (`schema.response`, schemas in contracts/), and Fastify
 * writes each answer with its schema, leaving out any field the schema does not name. So a field
 * a handler makes and its schema forgets would vanish without a word; this test catches it. It
 * drives the real app through a marketplace's journey (sign-up, profiles, jobs, applications,
 * milestones, bookings, paying, confirming, disputes, reviews, the wallet, reports, the
 * operators' queue) and sends each route's real answer, as the handler made it (before it is
 * written), through the schema declared for its status, with undeclared fields refused.
 */

interface Answer {
  route: string;
  status: number;
  payload: unknown;
}

type ResponseContracts = Record<string, v.GenericSchema | { content: Record<string, unknown> }>;

const routes: RouteOptions[] = [];
const answers: Answer[] = [];
let world: EscrowWorld;

const routeName = (route: Pick<RouteOptions, 'url'>, method: string) => `${method} ${route.url}`;

/** Keeps each answer as the handler made it, as JSON would have written it without a schema. */
function watch(route: RouteOptions): void {
  routes.push(route);
  const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    answers.push({
      route: routeName(route, request.method),
      status: reply.statusCode,
      payload: JSON.parse(JSON.stringify(payload)),
    });
    return payload;
  };
  route.preSerialization = [route.preSerialization ?? []].flat().concat(record);
}

beforeAll(async () => {
  world = await createEscrowWorld({ onRoute: watch });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** The API's routes: every route but the web app's pages (hidden) and Fastify's HEAD twins. */
function apiRoutes() {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter(
        (method) => method !== 'HEAD' && !(route.schema as { hide?: boolean } | undefined)?.hide,
      )
      .map((method) => ({
        name: routeName(route, method),
        response: (route.schema as { response?: ResponseContracts } | undefined)?.response,
      })),
  );
}

/** The schema a route declared for a status: the status itself, else its class (4xx). */
function declaredFor(response: ResponseContracts | undefined, status: number) {
  return response?.[status] ?? response?.[`${Math.floor(status / 100)}xx`];
}

type Walkable = v.GenericSchema & {
  wrapped?: v.GenericSchema;
  entries?: Record<string, v.GenericSchema>;
  item?: v.GenericSchema;
  value?: v.GenericSchema;
  options?: v.GenericSchema[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of fields in `value` that `schema` does not declare (the serializer drops them). */
function undeclaredFields(schema: v.GenericSchema, value: unknown, path = ''): string[] {
  const s = schema as Walkable;
  switch (s.type) {
    case 'nullable':
    case 'optional':
    case 'nullish':
      return value === null || value === undefined || !s.wrapped
        ? []
        : undeclaredFields(s.wrapped, value, path);
    case 'object': {
      if (!isRecord(value) || !s.entries) return [];
      const entries = s.entries;
      return Object.entries(value).flatMap(([key, field]) => {
        const entry = entries[key];
        return entry ? undeclaredFields(entry, field, `${path}.${key}`) : [`${path}.${key}`];
      });
    }
    case 'array':
      return Array.isArray(value) && s.item
        ? value.flatMap((item, index) =>
            undeclaredFields(s.item as Walkable, item, `${path}[${index}]`),
          )
        : [];
    case 'record':
      return isRecord(value) && s.value
        ? Object.entries(value).flatMap(([key, field]) =>
            undeclaredFields(s.value as Walkable, field, `${path}.${key}`),
          )
        : [];
    case 'variant':
    case 'union': {
      const option = s.options?.find((candidate) => v.is(candidate, value));
      return option ? undeclaredFields(option, value, path) : [];
    }
    default:
      return [];
  }
}

/** What is wrong with an answer under its schema: fields it leaves out, values it refuses. */
function violations(schema: v.GenericSchema, value: unknown): string[] {
  const dropped = undeclaredFields(schema, value).map(
    (path) => `${path || '(body)'} is not declared`,
  );
  const result = v.safeParse(schema, value);
  const refused = result.success
    ? []
    : result.issues.map(
        (issue) =>
          `${issue.path?.map((item) => String(item.key)).join('.') || '(body)'}: ${issue.message}`,
      );
  return [...dropped, ...refused];
}

/** Answers with no JSON body to judge: plain text, picture bytes, cached pages, empty bodies. */
const NOT_JSON = new Set([
  'POST /api/ussd/:token',
  'GET /uploads/:name',
  'GET /api/jobs',
  'GET /api/artists',
  'POST /api/logout',
  'GET /api/logout',
]);

/** Routes the journey does not reach, each with why. */
const NOT_DRIVEN: Record<string, string> = {
  'GET /api/dev/payments/:reference/:answer': 'registered with the dev payments provider only',
  'POST /api/dev/clock': 'registered with TEST_CLOCK=1 only',
  'POST /api/wallet/withdraw':
    "answers the wallet in GET /api/wallet's schema; it has something to send only after a payout failed",
};

test('every API route declares its success answer and the one error shape', () => {
  const table = apiRoutes();
  expect(table.length).toBeGreaterThan(60);
  const undeclared = table
    .filter(
      ({ response }) =>
        !Object.keys(response ?? {}).some(
          (status) => status.startsWith('2') || status.startsWith('3'),
        ),
    )
    .map(({ name }) => name);
  expect(undeclared, 'routes without a success answer schema').toEqual([]);
  const noErrors = table
    .filter(({ response }) => !response?.['4xx'] || !response['5xx'])
    .map(({ name }) => name);
  expect(noErrors, 'routes without the error schema').toEqual([]);
});

const post = (who: SignedInUser | null, url: string, payload?: object) =>
  call(world.t, who, 'POST', url, payload);
const put = (who: SignedInUser | null, url: string, payload?: object) =>
  call(world.t, who, 'PUT', url, payload);
const patch = (who: SignedInUser | null, url: string, payload?: object) =>
  call(world.t, who, 'PATCH', url, payload);
const get = (who: SignedInUser | null, url: string) => call(world.t, who, 'GET', url);

async function ok(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status = 200,
) {
  const answer = await response;
  if (answer.statusCode !== status) {
    throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
  }
  return answer.json() as Record<string, unknown> & { id: number };
}

/** A marketplace's journey through every route, each real answer kept by `watch`. */
async function journey() {
  const { t } = world;
  await ok(get(null, '/api/health'));
  await ok(get(null, '/api/openapi.json'));

  // A booking: requested, accepted, paid through the OTP step, performed, confirmed, reviewed.
  const booking = await acceptedBooking(t, { daysAhead: 3 });
  const { artist, client, artistId } = booking;
  await ok(get(artist, '/api/auth/user'));
  await ok(put(client, '/api/me/language', { language: 'ak' }));
  const me = await ok(get(artist, '/api/artists/me'));
  await ok(
    put(artist, '/api/artists/me', {
      stageName: me.stageName,
      bio: 'Highlife and afrobeats all night.',
      performanceTypes: ['DJ'],
      region: 'Greater Accra',
      hourlyRate: '150.00',
      eventRate: null,
      cancellationPolicy: 'flexible',
    }),
  );
  const day = new Date(t.now().getTime() + 20 * DAY * 1000).toISOString().slice(0, 10);
  await ok(
    put(artist, '/api/artists/me/availability', {
      entries: [{ date: day, timeSlot: '18:00 - 23:00' }],
    }),
  );
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#a33' },
  })
    .png()
    .toBuffer();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/artists/me/portfolio',
    headers: { cookie: artist.cookie, 'content-type': 'image/png' },
    payload: png,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const picture = (uploaded.json() as { portfolio: { id: number; url: string }[] }).portfolio[0];
  expect((await t.app.inject({ url: picture?.url ?? '/' })).statusCode).toBe(200);
  await ok(
    t.app.inject({
      method: 'DELETE',
      url: `/api/artists/me/portfolio/${picture?.id}`,
      headers: { cookie: artist.cookie },
    }),
  );
  await ok(get(null, '/api/artists'));
  await ok(get(null, `/api/artists/${artistId}`));
  await ok(get(null, `/api/artists/${artistId}/availability`));
  await ok(get(null, `/api/artists/${artistId}/booked-days`));
  await ok(get(artist, '/api/bookings/artist'));
  await ok(get(artist, '/api/bookings/artist/summary'));
  await ok(get(client, '/api/bookings/client'));

  const started = await ok(
    post(client, `/api/bookings/${booking.id}/payment`, {
      phoneNumber: PAYSTACK_PHONES.otp,
      network: 'mtn',
    }),
    202,
  );
  const reference = String(started.reference);
  await ok(get(client, `/api/payments/${reference}`));
  await ok(post(client, `/api/payments/${reference}/otp`, { otp: PAYSTACK_TEST_OTP }));
  if (!(await world.sim.approve(reference))) throw new Error('nothing to approve');
  await ok(get(client, `/api/payments/${reference}`));
  // A second booking of the same days, paid, whose client reports a problem after the event.
  const troubled = await acceptedBooking(t, { daysAhead: 3 });
  const troubledPay = await startPaying(t, troubled.client, `/api/bookings/${troubled.id}/payment`);
  if (!(await world.sim.approve(troubledPay.reference))) throw new Error('nothing to approve');
  await world.advance(3 * DAY + 3 * HOUR);
  await ok(
    post(troubled.client, `/api/bookings/${troubled.id}/dispute`, {
      reason: 'The DJ left after half an hour.',
    }),
  );
  await ok(post(client, `/api/bookings/${booking.id}/confirm`));
  await ok(post(artist, `/api/bookings/${booking.id}/confirm`));
  await ok(get(client, '/api/bookings/client'));
  const review = await ok(
    post(client, '/api/reviews', { bookingId: booking.id, rating: 4, comment: 'Great night.' }),
    201,
  );
  await ok(patch(client, `/api/reviews/${review.id}`, { rating: 5, comment: 'A great night.' }));
  await ok(post(artist, `/api/reviews/${review.id}/reply`, { reply: 'Thank you!' }));
  await ok(post(artist, '/api/reviews', { bookingId: booking.id, rating: 5, comment: null }), 201);
  await ok(get(null, `/api/artists/${artistId}/reviews`));
  await ok(get(null, `/api/users/${client.id}/reviews`));
  await ok(get(null, `/api/users/${artist.id}/reviews/summary`));
  await ok(get(artist, '/api/bookings/artist'));

  // A second booking, cancelled by the artist before it is paid.
  const cancelled = await acceptedBooking(t, { daysAhead: 10 });
  await ok(post(cancelled.artist, `/api/bookings/${cancelled.id}/cancel`));

  // A job, an application hired, split into milestones, one paid and disputed.
  const application = await acceptedApplication(t);
  const { employer, seeker, jobId } = application;
  await ok(get(null, '/api/jobs'));
  await ok(get(null, `/api/jobs/${jobId}`));
  await ok(get(employer, '/api/jobs/summary'));
  await ok(get(seeker, '/api/applications/user'));
  await ok(get(seeker, '/api/applications/user/summary'));
  await ok(get(employer, `/api/applications/job/${jobId}`));
  const split = await ok(
    put(employer, `/api/applications/${application.id}/milestones`, {
      milestones: [
        { title: 'Pipes', amount: '250.00', dueDate: null },
        { title: 'Water heater', amount: '150.00', dueDate: null },
      ],
    }),
  );
  const [first, second] = split.milestones as { id: number }[];
  const paying = await startPaying(t, employer, `/api/milestones/${first?.id}/payment`);
  if (!(await world.sim.approve(paying.reference))) throw new Error('nothing to approve');
  await ok(post(seeker, `/api/milestones/${first?.id}/confirm`));
  await ok(
    post(employer, `/api/milestones/${first?.id}/dispute`, {
      reason: 'The pipes still leak after the work.',
    }),
  );
  await ok(post(employer, `/api/milestones/${second?.id}/cancel`));
  await ok(get(employer, `/api/applications/job/${jobId}`));

  // A second hire paid in one, disputed, then cancelled work elsewhere.
  const whole = await acceptedApplication(t);
  const wholePay = await startPaying(t, whole.employer, `/api/applications/${whole.id}/payment`);
  if (!(await world.sim.approve(wholePay.reference))) throw new Error('nothing to approve');
  await ok(post(whole.seeker, `/api/applications/${whole.id}/confirm`));
  await ok(
    post(whole.employer, `/api/applications/${whole.id}/dispute`, {
      reason: 'Nobody came to do the work on the day.',
    }),
  );
  const third = await acceptedApplication(t);
  await ok(post(third.employer, `/api/applications/${third.id}/cancel`));
  await ok(patch(employer, `/api/jobs/${jobId}`, { isActive: false }));
  await ok(post(employer, '/api/jobs', validJob), 201);

  // Reports and the operators' queue.
  await ok(
    post(seeker, '/api/reports', {
      targetType: 'artist',
      targetId: artistId,
      reason: 'fake',
      details: 'Not a real DJ',
    }),
    201,
  );
  const operator = await signUp(t, 'employer', { firstName: 'Yaw', lastName: 'Boateng' });
  await t.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', operator.id).execute();
  const queue = await ok(get(operator, '/api/admin/queue'));
  const [dispute] = queue.disputes as { paymentId: number }[];
  await ok(post(operator, `/api/admin/disputes/${dispute?.paymentId}`, { decision: 'refund' }));
  await ok(
    post(operator, '/api/admin/moderation', {
      targetType: 'artist',
      targetId: artistId,
      action: 'publish',
    }),
  );

  // Employers, the wallet, payouts, the dev outbox, signing out.
  await ok(get(null, `/api/employers/${employer.id}`));
  await ok(put(employer, '/api/employers/me', { businessName: 'Appiah Plumbing' }));
  await ok(get(artist, '/api/wallet'));
  await post(artist, '/api/wallet/withdraw');
  await ok(get(artist, '/api/me/payout'));
  await setPayoutNumber(world, artist, PAYSTACK_PHONES.testWallet);
  await ok(get(null, `/api/dev/outbox?to=${encodeURIComponent(artist.phone)}`));
  expect((await post(client, '/api/logout')).statusCode).toBe(204);
  await get(null, '/api/logout');
}

test('every answer the app gives is declared, field by field', async () => {
  await journey();
  const declared = new Map(apiRoutes().map((route) => [route.name, route.response]));
  const problems: string[] = [];
  for (const { route, status, payload } of answers) {
    const schema = declaredFor(declared.get(route), status);
    if (!schema) {
      problems.push(`${route} ${status}: no schema declared for this status`);
      continue;
    }
    if (!('kind' in schema)) continue;
    for (const problem of violations(schema, payload)) {
      problems.push(`${route} ${status}: ${problem}`);
    }
  }
  // The browsing lists go out from the list cache, written by their schemas: the items as the
  // services make them must fit too.
  const { services } = world.t.app;
  const { limit: _l, cursor: _c, ...jobFilter } = v.parse(JobListQuerySchema, {});
  const { limit: _al, cursor: _ac, ...artistFilter } = v.parse(ArtistListQuerySchema, {});
  const jobs = await services.jobs.list(jobFilter, { limit: 100 });
  const artists = await services.artists.list(artistFilter, { limit: 100 });
  expect(jobs.items.length).toBeGreaterThan(0);
  expect(artists.items.length).toBeGreaterThan(0);
  for (const problem of violations(JobListingsSchema, JSON.parse(JSON.stringify(jobs.items)))) {
    problems.push(`GET /api/jobs 200: ${problem}`);
  }
  for (const problem of violations(ArtistListSchema, JSON.parse(JSON.stringify(artists.items)))) {
    problems.push(`GET /api/artists 200: ${problem}`);
  }
  expect(problems).toEqual([]);

  // Every route answered at least once with a success, but those that answer no JSON body.
  const succeeded = new Set(answers.filter(({ status }) => status < 300).map(({ route }) => route));
  const missed = apiRoutes()
    .map(({ name }) => name)
    .filter((name) => !succeeded.has(name) && !NOT_JSON.has(name) && !(name in NOT_DRIVEN));
  expect(missed, 'routes the journey did not reach with a success').toEqual([]);
}, 120_000);
