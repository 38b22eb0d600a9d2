import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { type AppOptions, buildApp, uploadsDirFor } from '../../api/app.ts';
import { setOperator } from '../../api/auth/users-repository.ts';
import { type Config, testConfig } from '../../api/config.ts';
import { type Db, openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { openPostgres } from '../../api/db/postgres.ts';
import type { Role } from '../../contracts/auth.ts';
import type { Job } from '../../contracts/jobs.ts';
import { POSTGRES_TEMPLATE, postgresAdmin } from '../../scripts/lib/postgres-server.ts';
import {
  codeIn,
  type NewProfile,
  randomPhone,
  type SignedInUser,
  type SignInTransport,
  signInWith,
} from '../../scripts/lib/sign-up.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The SQLite file, or on PostgreSQL the folder's anchor (the secret and uploads are beside it). */
  databasePath: string;
  /** The PostgreSQL database, when the tests run on PostgreSQL. */
  databaseUrl: string | null;
  /** Where the app keeps uploaded pictures. */
  uploadsDir: string;
  /** Moves the app's clock forward. */
  advance(seconds: number): void;
  now(): Date;
  close(): Promise<void>;
}

/**
 * Where API tests keep their data: a SQLite file per test app (the default), or, with
 * TEST_POSTGRES_URL set (npm run test:pg), a PostgreSQL database per test app, copied from the
 * migrated template `gigs_template` of that server.
 */
const postgresServer = process.env.TEST_POSTGRES_URL;

/** A database of its own for one test, migrated; `drop` removes it. */
export interface TestDatabase {
  db: Db;
  databasePath: string;
  databaseUrl: string | null;
  drop(): Promise<void>;
}

let databasesMade = 0;

/**
 * A test app's connections to its PostgreSQL database. Dropping a test's database ends every
 * connection still open to it (57P01), a second app's on the same data included: that is the
 * end of the test, not a failure worth a line.
 */
const openTestPostgres = (url: string) =>
  openPostgres(url, {
    maxConnections: 4,
    onIdleError: (error) => {
      if ((error as { code?: string }).code !== '57P01') console.error(error);
    },
  });

/**
 * A fresh, migrated database of the engine the tests run on, anchored in `dir` (the SQLite file,
 * or the folder of the secret and uploads on PostgreSQL).
 */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  const databasePath = join(dir, 'app.db');
  if (!postgresServer) {
    copyFileSync(inject('sqliteTemplate'), databasePath);
    const db = openDatabase(databasePath);
    await migrateToLatest(db); // nothing left to do on the template's copy: it proves the copy whole
    return { db, databasePath, databaseUrl: null, drop: () => db.destroy() };
  }
  const admin = postgresAdmin(postgresServer);
  databasesMade += 1;
  const name = `test_${process.pid}_${databasesMade}_${randomBytes(3).toString('hex')}`;
  await admin.createDatabase(name, POSTGRES_TEMPLATE);
  const databaseUrl = admin.url(name);
  const db = openTestPostgres(databaseUrl);
  await migrateToLatest(db);
  return {
    db,
    databasePath,
    databaseUrl,
    async drop() {
      await db.destroy();
      await admin.dropDatabase(name);
    },
  };
}

/**
 * The settings a command run beside a test app needs to reach its data (`npm run admin:grant`,
 * `payments:resolve` ...): its SQLite file, or its PostgreSQL database with the server secret
 * DATABASE_URL requires.
 */
export function databaseEnv(
  of: Pick<TestApp, 'databasePath' | 'databaseUrl'>,
): Record<string, string> {
  return {
    DATABASE_PATH: of.databasePath,
    ...(of.databaseUrl
      ? { DATABASE_URL: of.databaseUrl, SERVER_SECRET: randomBytes(32).toString('base64') }
      : {}),
  };
}

/** Another test app's data, for a second app on it (as a second process would be). */
function sharedDatabase(of: Pick<TestApp, 'databasePath' | 'databaseUrl'>): TestDatabase {
  const db = of.databaseUrl ? openTestPostgres(of.databaseUrl) : openDatabase(of.databasePath);
  return { ...of, db, drop: () => db.destroy() };
}

/** The real app on a real, freshly migrated database (SQLite file or PostgreSQL) of its own. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    transport?: AppOptions['transport'];
    logStream?: AppOptions['logStream'];
    listCache?: AppOptions['listCache'];
    connectionLimits?: AppOptions['connectionLimits'];
    onRoute?: AppOptions['onRoute'];
    connectionCaps?: AppOptions['connectionCaps'];
    /** The payment provider (a client pointed at a test's Paystack simulator). */
    payments?: AppOptions['payments'];
    /** Kysely plugins on the app's own handle (tests count its queries with one). */
    dbPlugins?: KyselyPlugin[];
    /** Another app's data (database, secret, uploads): a second process on the same data. */
    sameDataAs?: Pick<TestApp, 'databasePath' | 'databaseUrl'>;
    /** A web build to serve (index.html, assets/); by default a folder that does not exist. */
    webRoot?: string;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'gigs-test-'));
  const database = options.sameDataAs
    ? sharedDatabase(options.sameDataAs)
    : await createTestDatabase(dir);
  const { db } = database;
  const config = testConfig({
    databasePath: database.databasePath,
    databaseUrl: database.databaseUrl,
    ...options.config,
  });
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const app = await buildApp(config, {
    db: (options.dbPlugins ?? []).reduce<Db>((plugged, plugin) => plugged.withPlugin(plugin), db),
    clock: now,
    transport: options.transport,
    logStream: options.logStream,
    listCache: options.listCache,
    connectionLimits: options.connectionLimits,
    onRoute: options.onRoute,
    connectionCaps: options.connectionCaps,
    payments: options.payments,
    webRoot: options.webRoot ?? join(dir, 'no-web-build'),
  });
  return {
    app,
    db,
    databasePath: config.databasePath,
    databaseUrl: database.databaseUrl,
    uploadsDir: uploadsDirFor(config.databasePath),
    now,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

/**
 * The test app of every test in the file: a fresh one before each test (`each`) or one for the
 * whole file (`file`), closed after it. The object returned reaches whichever is current, so a
 * file declares it once: `const t = testAppFor('each')`. The options may be a function, asked
 * when the app is made (for a folder an earlier hook makes).
 */
export function testAppFor(
  scope: 'each' | 'file',
  options: TestAppOptions | (() => TestAppOptions) = {},
): TestApp {
  let current: TestApp | undefined;
  (scope === 'each' ? beforeEach : beforeAll)(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  (scope === 'each' ? afterEach : afterAll)(async () => {
    await current?.close();
    current = undefined;
  });
  const live = (): TestApp => {
    if (!current) throw new Error('The test app exists only while the tests run');
    return current;
  };
  return {
    get app() {
      return live().app;
    },
    get db() {
      return live().db;
    },
    get databasePath() {
      return live().databasePath;
    },
    get databaseUrl() {
      return live().databaseUrl;
    },
    get uploadsDir() {
      return live().uploadsDir;
    },
    advance: (seconds) => live().advance(seconds),
    now: () => live().now(),
    close: () => live().close(),
  };
}

export { randomPhone, type SignedInUser };

/** The newest sign-in code the app's dev outbox holds for `phone`. */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  const code = codeIn(response.json<{ body: string }[]>());
  if (!code) throw new Error(`No code was sent to ${phone}`);
  return code;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'sid');
  if (!cookie) throw new Error('No session cookie was set');
  return `sid=${cookie.value}`;
}

/** The app's sign-in routes in-process (app.inject). */
function injectTransport(
  app: FastifyInstance,
  readCode: (app: FastifyInstance, phone: string) => Promise<string>,
): SignInTransport {
  return {
    async post(url, payload) {
      const response = await app.inject({ method: 'POST', url, payload: payload as object });
      const setCookie = response.headers['set-cookie'] ?? [];
      return {
        status: response.statusCode,
        body: response.body ? response.json() : null,
        setCookies: Array.isArray(setCookie) ? setCookie : [setCookie],
      };
    },
    latestCode: (phone) => readCode(app, phone),
  };
}

/** Signs up a new user with a fresh phone through send-code and verify-code, as the web app does. */
export function signUp(
  test: TestApp,
  role: Role = 'job_seeker',
  profile: Partial<Omit<NewProfile, 'role'>> = {},
  /** Where the code is read; the dev outbox unless the app sends through another transport. */
  readCode: (app: FastifyInstance, phone: string) => Promise<string> = latestCode,
): Promise<SignedInUser> {
  return signInWith(injectTransport(test.app, readCode), randomPhone(), {
    firstName: profile.firstName ?? 'Ama',
    lastName: profile.lastName ?? 'Mensah',
    role,
    region: profile.region ?? 'Ashanti',
  });
}

/**
 * Signs an artist up and gives their profile rates, in pesewas, so that they can be booked;
 * `artistId` is their artist profile.
 */
export async function signUpArtist(
  test: TestApp,
  rates: { hourly?: number; event?: number },
  profile: Partial<Omit<NewProfile, 'role'>> = {},
): Promise<SignedInUser & { artistId: number }> {
  const user = await signUp(test, 'artist', profile);
  const { id } = await test.db
    .updateTable('artists')
    .set({
      ...(rates.hourly === undefined ? {} : { hourly_rate_pesewas: rates.hourly }),
      ...(rates.event === undefined ? {} : { event_rate_pesewas: rates.event }),
    })
    .where('user_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...user, artistId: id };
}

/** Posts a job (validJob unless told otherwise) as `employer`: the job as the API answered it. */
export async function postJob(
  test: TestApp,
  employer: SignedInUser,
  job: Record<string, unknown> = validJob,
): Promise<Job> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: employer.cookie },
    payload: job,
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/jobs: ${response.statusCode} ${response.body}`);
  }
  return response.json<Job>();
}

/** An employer just signed up, and a job they posted (validJob unless told otherwise). */
export async function employerWithJob(
  test: TestApp,
  job: Record<string, unknown> = validJob,
): Promise<{ employer: SignedInUser; job: Job }> {
  const employer = await signUp(test, 'employer');
  return { employer, job: await postJob(test, employer, job) };
}

export const validJob = {
  title: 'Plumber needed in Kumasi',
  description: 'Fix leaking pipes and install a new water heater in a family house.',
  category: 'skilled_trades',
  region: 'Ashanti',
  jobType: 'hourly',
  hourlyRate: '45.00',
  fixedPrice: null,
  estimatedHours: 8,
  requiredSkills: ['Plumbing', 'Pipe fitting'],
  startDate: null,
} as const;

/** A public list (`/api/jobs?...`, `/api/artists?...`) as a visitor gets it: its ids and ETag. */
export async function listing(test: TestApp, url: string) {
  const response = await test.app.inject({ url });
  return {
    ids: response.json<{ id: number }[]>().map((item) => item.id),
    etag: response.headers.etag,
  };
}

/** The request was refused as bad input: 400, with exactly these messages keyed by field. */
export function expectFieldErrors(
  response: LightMyRequestResponse,
  errors: Record<string, string>,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual(errors);
}

/**
 * POSTs `body` to `url` as it stands, sent as `contentType`, by `who` (no one: no cookie): what a
 * cross-site form, a script or a broken client sends instead of the web app's JSON.
 */
export function postBody(
  test: Pick<TestApp, 'app'>,
  who: SignedInUser | null,
  url: string,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method: 'POST',
    url,
    headers: { ...(who && { cookie: who.cookie }), 'content-type': contentType, ...headers },
    payload: body,
  });
}

/** Applies to `jobId` as `seeker`: the new application's id. */
export async function applyTo(
  test: TestApp,
  seeker: SignedInUser,
  jobId: number,
  coverLetter = 'I can do it.',
): Promise<number> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: seeker.cookie },
    payload: { jobId, coverLetter },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/applications: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ id: number }>().id;
}

/** The language a user's account keeps, as stored (null: none chosen yet). */
export async function storedLanguageOf(test: Pick<TestApp, 'db'>, userId: number) {
  const row = await test.db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.language;
}

/** Signs up an employer and makes them an operator, as `npm run admin:grant` does. */
export async function signUpOperator(test: TestApp): Promise<SignedInUser> {
  const admin = await signUp(test, 'employer', { firstName: 'Efua', lastName: 'Operator' });
  await setOperator(test.db, admin.phone, true);
  return admin;
}

/**
 * An employer and a job of theirs, made anew before each test of the file (`t` is the file's
 * `testAppFor('each')`): read `.employer` and `.jobId` inside a test.
 */
export function employerWithJobEachTest(t: TestApp): { employer: SignedInUser; jobId: number } {
  const current = {} as { employer: SignedInUser; jobId: number };
  beforeEach(async () => {
    current.employer = await signUp(t, 'employer');
    current.jobId = (await postJob(t, current.employer)).id;
  });
  return current;
}
