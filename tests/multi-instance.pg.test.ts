/**
 * Three API processes on one PostgreSQL database behind a round-robin proxy, as production runs
 * them behind nginx: a burst of applications, bookings, decisions and idempotent replays, each
 * request landing on whichever process the proxy picks. Exactly one row per intent, one
 * notification per event, never two accepted bookings on one day, and a rate counted once
 * across the processes. (npm run test:pg only: it needs TEST_POSTGRES_URL.)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, onTestFinished, test } from 'vitest';
import type { Db } from '../api/db/database.ts';
import { USAGE_CAPS } from '../api/lib/caps.ts';
import { api } from '../scripts/lib/http-api.ts';
import { startRoundRobinProxy } from '../scripts/lib/round-robin-proxy.ts';
import {
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from '../scripts/lib/server-process.ts';
import { type SignedInUser, signUpUser } from '../scripts/lib/sign-up.ts';
import { scratchDir } from './helpers/scratch.ts';
import { createTestDatabase, randomPhone } from './helpers/test-app.ts';

const INSTANCES = 3;

/** Starts the three servers on one database and the proxy in front of them. */
async function cluster() {
  const dir = scratchDir('gigs-cluster-');
  const database = await createTestDatabase(dir);
  onTestFinished(() => database.drop());
  if (!database.databaseUrl) throw new Error('the multi-instance test runs on PostgreSQL only');
  // One server secret for all, as DATABASE_URL requires: a code sent by one signs in on another.
  const serverSecret = randomBytes(32).toString('base64');
  const start = () =>
    startServer({
      databasePath: database.databasePath,
      seedDemo: false,
      env: {
        DATABASE_URL: database.databaseUrl as string,
        SERVER_SECRET: serverSecret,
        USER_WRITE_CAPS: '1',
      },
      // Three servers compiling the app at once on a busy machine can take a while.
      readyTimeoutMs: 120_000,
    });
  // One after another, as a rolling start does; whichever started is stopped at the end.
  const servers: ServerProcess[] = [];
  onTestFinished(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
  });
  for (let index = 0; index < INSTANCES; index++) servers.push(await start());
  const proxy = await startRoundRobinProxy(servers.map((server) => server.port));
  onTestFinished(() => proxy.close());
  return { db: database.db, servers, proxy };
}

type Call = { status: number; body: unknown };

/** A write through the proxy, with an Idempotency-Key when given. */
const write = (
  baseUrl: string,
  who: SignedInUser,
  method: 'POST' | 'PATCH',
  path: string,
  body: object,
  key?: string,
): Promise<Call> =>
  api(baseUrl, method, path, {
    cookie: who.cookie,
    body,
    headers: key ? { 'idempotency-key': key } : {},
    timeoutMs: 60_000,
  });

const idOf = (call: Call) => (call.body as { id: number }).id;

/** Waits until every notification is folded and every one due sent by one of the processes. */
async function allDueSent(db: Db) {
  for (let waited = 0; waited < 30_000; waited += 200) {
    const due = await db
      .selectFrom('notifications')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([
            eb('status', '=', 'pending'),
            eb('next_attempt_at', '<=', new Date().toISOString()),
          ]),
        ]),
      )
      .execute();
    if (due.length === 0) return;
    await sleep(200);
  }
  throw new Error('notifications were still due after 30 s');
}

/** What one user was told: their notifications, and the messages the dev transport sent them. */
async function toldTo(db: Db, user: SignedInUser) {
  const notifications = await db
    .selectFrom('notifications')
    .select(['kind', 'status', 'summarised_count'])
    .where('user_id', '=', user.id)
    .execute();
  const sent = await db
    .selectFrom('message_outbox')
    .select('body')
    .where('to_phone', '=', user.phone)
    .where('body', 'not like', 'Your Ghana Gigs code is%')
    .execute();
  return { notifications, sent };
}

test('three processes behind a proxy: one row per intent, one notification per event, no double booking, one rate', async () => {
  const { db, servers, proxy } = await cluster();
  const base = proxy.url;
  const signUp = (role: 'employer' | 'job_seeker' | 'artist') =>
    signUpUser(base, randomPhone(), role);

  const employer = await signUp('employer');
  const seekers = await Promise.all(Array.from({ length: 12 }, () => signUp('job_seeker')));
  const clients = await Promise.all(Array.from({ length: 6 }, () => signUp('job_seeker')));
  const artistUser = await signUp('artist');
  const { id: artistId } = await db
    .updateTable('artists')
    .set({ event_rate_pesewas: 150_000 })
    .where('user_id', '=', artistUser.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await write(base, employer, 'POST', '/api/jobs', {
    title: 'Plumber needed in Kumasi',
    description: 'Fix leaking pipes and install a new water heater in a family house.',
    category: 'skilled_trades',
    region: 'Ashanti',
    jobType: 'fixed',
    hourlyRate: null,
    fixedPrice: '900.00',
    estimatedHours: null,
    requiredSkills: ['Plumbing'],
    startDate: null,
  });
  expect(job.status).toBe(201);
  const jobId = idOf(job);

  // Applications: each seeker's request three times with one key (a phone's outbox retrying
  // through a flaky network) and once more with another key (a second tap), all at once.
  const application = { jobId, coverLetter: 'I have fitted pipes in Kumasi for ten years.' };
  const applied = await Promise.all(
    seekers.map(async (seeker) => {
      const key = randomUUID();
      const calls = await Promise.all([
        ...[1, 2, 3].map(() => write(base, seeker, 'POST', '/api/applications', application, key)),
        write(base, seeker, 'POST', '/api/applications', application, randomUUID()),
      ]);
      return { seeker, calls };
    }),
  );
  for (const { seeker, calls } of applied) {
    const created = calls.filter((call) => call.status === 201);
    expect(created.length, `seeker ${seeker.id}`).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map(idOf)).size).toBe(1);
    expect(calls.filter((call) => call.status !== 201).map((call) => call.status)).toEqual(
      Array(calls.length - created.length).fill(409),
    );
  }
  const applications = await db
    .selectFrom('applications')
    .select('applicant_id')
    .where('job_id', '=', jobId)
    .execute();
  expect(applications.map((row) => row.applicant_id).sort()).toEqual(
    seekers.map((seeker) => seeker.id).sort(),
  );

  // Bookings: six clients ask for the same evening, each request three times with one key.
  const eventDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const booking = {
    artistId,
    eventDate,
    eventDuration: 4,
    venue: 'Labadi Beach Hotel',
    totalAmount: '1500.00',
    rateType: 'event',
  };
  const booked = await Promise.all(
    clients.map(async (client) => {
      const key = randomUUID();
      const calls = await Promise.all(
        [1, 2, 3].map(() => write(base, client, 'POST', '/api/bookings', booking, key)),
      );
      expect(calls.map((call) => call.status)).toEqual([201, 201, 201]);
      expect(new Set(calls.map(idOf)).size).toBe(1);
      return { client, id: idOf(calls[0] as Call) };
    }),
  );
  expect(
    await db.selectFrom('bookings').select('id').where('artist_id', '=', artistId).execute(),
  ).toHaveLength(clients.length);

  // The artist accepts all six at once, each twice with one key: one is accepted, the rest
  // are refused as a double booking, and replays answer as their first did.
  const decisions = await Promise.all(
    booked.map(async ({ id }) => {
      const key = randomUUID();
      return Promise.all(
        [1, 2].map(() =>
          write(base, artistUser, 'PATCH', `/api/bookings/${id}`, { status: 'accepted' }, key),
        ),
      );
    }),
  );
  const statuses = decisions.flat().map((call) => call.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(2);
  expect(statuses.filter((status) => status === 409)).toHaveLength(statuses.length - 2);
  const accepted = await db
    .selectFrom('bookings')
    .select(['id', 'client_id'])
    .where('artist_id', '=', artistId)
    .where('status', '=', 'accepted')
    .execute();
  expect(accepted).toHaveLength(1);

  // A rate counted once across the processes: a seeker applies to 40 jobs at once, and the
  // hourly cap lets exactly its number through, wherever each request lands.
  const { perApplicantHour } = USAGE_CAPS.applications;
  const otherEmployer = await signUp('employer');
  const jobs = await db
    .insertInto('jobs')
    .values(
      Array.from({ length: perApplicantHour + 10 }, (_, i) => ({
        employer_id: otherEmployer.id,
        title: `Cleaner for an office in Accra #${i}`,
        description: 'Clean three floors of offices every weekday evening.',
        category: 'general_labor',
        region: 'Greater Accra',
        job_type: 'hourly',
        hourly_rate_pesewas: 3000,
        required_skills: '[]',
      })),
    )
    .returning('id')
    .execute();
  const busySeeker = await signUp('job_seeker');
  const burst = await Promise.all(
    jobs.map(({ id }) =>
      write(base, busySeeker, 'POST', '/api/applications', {
        jobId: id,
        coverLetter: 'I clean offices in Osu every evening.',
      }),
    ),
  );
  expect(burst.filter((call) => call.status === 201)).toHaveLength(perApplicantHour);
  expect(burst.filter((call) => call.status === 429)).toHaveLength(10);
  expect(
    await db
      .selectFrom('applications')
      .select('id')
      .where('applicant_id', '=', busySeeker.id)
      .execute(),
  ).toHaveLength(perApplicantHour);

  // One notification per event, each sent once by one of the processes: the first three of a
  // kind in an hour go as they are, the rest wait in one summary that counts them.
  await allDueSent(db);
  const allowance = USAGE_CAPS.notifications.perRecipientKindHour;
  const expectTold = async (user: SignedInUser, kind: string, events: number) => {
    const { notifications, sent } = await toldTo(db, user);
    const ofKind = notifications.filter((row) => row.kind === kind);
    const singles = ofKind.filter((row) => row.summarised_count === 0);
    const summaries = ofKind.filter((row) => row.summarised_count > 0);
    expect(singles).toHaveLength(Math.min(events, allowance));
    expect(summaries.map((row) => row.summarised_count)).toEqual(
      events > allowance ? [events - allowance] : [],
    );
    expect(singles.every((row) => row.status === 'sent')).toBe(true);
    expect(sent).toHaveLength(singles.length);
  };
  await expectTold(employer, 'new_applicant', seekers.length);
  await expectTold(otherEmployer, 'new_applicant', perApplicantHour);
  await expectTold(artistUser, 'booking_request', clients.length);
  for (const { client } of booked) {
    const decided = accepted.some((row) => row.client_id === client.id) ? 1 : 0;
    await expectTold(client, 'booking_decision', decided);
  }

  // Every process took its share of the requests, and none answered a 5xx.
  expect(proxy.handled.every((count) => count > 50)).toBe(true);
  for (const server of servers) expect(server.output.serverErrorLines).toBe(0);
}, 180_000);

test('a write through one process drops the lists every other process keeps in its cache, while writers go on at once', async () => {
  const { servers, proxy } = await cluster();
  const employer = await signUpUser(proxy.url, randomPhone(), 'employer');
  const seekers = await Promise.all(
    Array.from({ length: 9 }, () => signUpUser(proxy.url, randomPhone(), 'job_seeker')),
  );
  const posted = await write(proxy.url, employer, 'POST', '/api/jobs', {
    title: 'Mason for a compound wall in Tamale',
    description: 'Build a block wall around a family compound, about forty metres long.',
    category: 'skilled_trades',
    region: 'Northern',
    jobType: 'fixed',
    hourlyRate: null,
    fixedPrice: '1200.00',
    estimatedHours: null,
    requiredSkills: ['Masonry'],
    startDate: null,
  });
  expect(posted.status).toBe(201);
  const jobId = idOf(posted);

  /** The job as each process's cached lists show it: the employer's list and browsing. */
  const seenByEach = () =>
    Promise.all(
      servers.map(async (server) => {
        const own = await api(server.baseUrl, 'GET', `/api/jobs?employerId=${employer.id}`);
        const browse = await api(server.baseUrl, 'GET', '/api/jobs?region=Northern');
        const jobIn = (body: unknown) =>
          (body as { id: number; applicationCount?: number }[]).find((job) => job.id === jobId);
        return {
          applications: jobIn(own.body)?.applicationCount,
          browsed: jobIn(browse.body) !== undefined,
        };
      }),
    );
  // Each process computes both lists once and keeps them (asked twice: the second from memory).
  for (const _ of [1, 2]) {
    expect(await seenByEach()).toEqual(servers.map(() => ({ applications: 0, browsed: true })));
  }

  // Nine applications at once, each landing on whichever process the proxy picks: every
  // process's list then counts all nine, whichever process wrote them.
  const applied = await Promise.all(
    seekers.map((seeker) =>
      write(proxy.url, seeker, 'POST', '/api/applications', {
        jobId,
        coverLetter: 'I built the walls of two schools in Tamale.',
      }),
    ),
  );
  expect(applied.map((call) => call.status)).toEqual(seekers.map(() => 201));
  expect((await seenByEach()).map((seen) => seen.applications)).toEqual(servers.map(() => 9));

  // The job closed through the first process leaves browsing on all three.
  const closed = await api(servers[0]?.baseUrl ?? '', 'PATCH', `/api/jobs/${jobId}`, {
    cookie: employer.cookie,
    body: { isActive: false },
  });
  expect(closed.status).toBe(200);
  expect((await seenByEach()).map((seen) => seen.browsed)).toEqual(servers.map(() => false));
  for (const server of servers) expect(server.output.serverErrorLines).toBe(0);
}, 180_000);
