import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { type AppOptions, buildApp, uploadsDirFor } from '../../api/app.ts';
import { type Config, testConfig } from '../../api/config.ts';
import { type Db, openDatabase } from '../../api/db/database.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import type { Role } from '../../contracts/auth.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  databasePath: string;
  /** Where the app keeps uploaded pictures. */
  uploadsDir: string;
  /** Moves the app's clock forward. */
  advance(seconds: number): void;
  now(): Date;
  close(): Promise<void>;
}

/** The real app on a real, freshly migrated SQLite file in a temporary directory. */
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
    /** Another app's database file: a second process on the same data. */
    databasePath?: string;
  } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'gigs-test-'));
  const config = testConfig({
    databasePath: options.databasePath ?? join(dir, 'app.db'),
    ...options.config,
  });
  const db = openDatabase(config.databasePath);
  await migrateToLatest(db);
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
    webRoot: join(dir, 'no-web-build'),
  });
  return {
    app,
    db,
    databasePath: config.databasePath,
    uploadsDir: uploadsDirFor(config.databasePath),
    now,
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const usedPhones = new Set<string>();
/** A unique Ghana mobile number per call. */
export function randomPhone(): string {
  for (;;) {
    const phone = `+23324${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!usedPhones.has(phone)) {
      usedPhones.add(phone);
      return phone;
    }
  }
}

export async function latestCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  const [latest] = response.json<{ body: string }[]>();
  const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${phone}`);
  return code;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'sid');
  if (!cookie) throw new Error('No session cookie was set');
  return `sid=${cookie.value}`;
}

export interface SignedInUser {
  id: number;
  phone: string;
  cookie: string;
}

/** Signs up a new user through send-code and verify-code, as the web app does. */
export async function signUp(
  test: TestApp,
  role: Role = 'job_seeker',
  profile: Partial<{ firstName: string; lastName: string; region: string }> = {},
  /** Where the code is read; the dev outbox unless the app sends through another transport. */
  readCode: (app: FastifyInstance, phone: string) => Promise<string> = latestCode,
): Promise<SignedInUser> {
  const phone = randomPhone();
  const sent = await test.app.inject({
    method: 'POST',
    url: '/api/auth/send-code',
    payload: { phoneNumber: phone, deliveryMethod: 'sms' },
  });
  if (sent.statusCode !== 200) throw new Error(`send-code: ${sent.statusCode} ${sent.body}`);
  const code = await readCode(test.app, phone);
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/auth/verify-code',
    payload: {
      phoneNumber: phone,
      code,
      firstName: profile.firstName ?? 'Ama',
      lastName: profile.lastName ?? 'Mensah',
      role,
      region: profile.region ?? 'Ashanti',
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`sign-up: ${response.statusCode} ${response.body}`);
  return { id: response.json().user.id, phone, cookie: sessionCookie(response) };
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
