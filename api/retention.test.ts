import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/helpers/test-app.ts';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { addSeconds } from './lib/clock.ts';
import { pruneExpiredRows, RETENTION_DAYS, startRetention } from './retention.ts';
import { USSD_SESSION_SECONDS } from './ussd/session-store.ts';

const DAY = 24 * 3600;
const NOW = new Date('2026-03-06T12:00:00.000Z');
const ago = (days: number) => addSeconds(NOW, -days * DAY).toISOString();
const ahead = (days: number) => addSeconds(NOW, days * DAY).toISOString();

let dir: string;
let database: TestDatabase;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-retention-'));
  database = await createTestDatabase(dir);
  db = database.db;
});
afterEach(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

const silentLog = { info() {}, error() {} } as never;

/** Rows on both sides of every window, labelled by what they are. */
async function seedRows() {
  const { id: userId } = await db
    .insertInto('users')
    .values({ phone_number: '+233241234567', first_name: 'Ama', last_name: 'Ofori' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const otpEvent = (label: string, createdAt: string) => ({
    phone_number: '+233241234567',
    client_ip: label,
    created_at: createdAt,
  });
  const events = RETENTION_DAYS.signInEvents;
  for (const table of ['otp_sends', 'otp_failures'] as const) {
    await db
      .insertInto(table)
      .values([otpEvent('kept', ago(events - 0.1)), otpEvent('old', ago(events + 0.1))])
      .execute();
  }
  const code = (label: string, expiresAt: string) => ({
    phone_number: '+233241234567',
    client_ip: label,
    code_hash: 'ab',
    delivery_method: 'sms',
    created_at: ago(0.01),
    expires_at: expiresAt,
  });
  await db
    .insertInto('otp_codes')
    .values([code('kept', ahead(0.001)), code('old', ago(0.001))])
    .execute();
  const session = (label: string, createdDaysAgo: number, expiresAt: string) => ({
    id_hash: label,
    user_id: userId,
    created_at: ago(createdDaysAgo),
    last_seen_at: ago(1),
    expires_at: expiresAt,
  });
  await db
    .insertInto('sessions')
    .values([
      session('kept', 10, ahead(20)),
      session('old: idle', 40, ago(0.01)),
      session('old: past 90 days', 91, ahead(5)),
    ])
    .execute();
  const key = (label: string, createdAt: string) => ({
    user_id: userId,
    key: label,
    scope: 'POST /api/jobs',
    request_hash: 'x',
    status_code: 201,
    response_body: '{}',
    created_at: createdAt,
  });
  const keys = RETENTION_DAYS.idempotencyKeys;
  await db
    .insertInto('idempotency_keys')
    .values([key('kept', ago(keys - 1)), key('old', ago(keys + 1))])
    .execute();
  const ussd = (label: string, updatedAt: string) => ({
    session_id: label,
    phone_number: '+233241234567',
    user_id: userId,
    inputs: '["1"]',
    reply: 'Find jobs in:',
    ended_at: null,
    lists: '{}',
    created_at: updatedAt,
    updated_at: updatedAt,
  });
  await db
    .insertInto('ussd_sessions')
    .values([
      ussd('kept', addSeconds(NOW, -USSD_SESSION_SECONDS + 60).toISOString()),
      ussd('old', addSeconds(NOW, -USSD_SESSION_SECONDS - 60).toISOString()),
    ])
    .execute();
  const actions = RETENTION_DAYS.userActions;
  await db
    .insertInto('user_actions')
    .values([
      { user_id: userId, action: 'kept', created_at: ago(actions - 0.1) },
      { user_id: userId, action: 'old', created_at: ago(actions + 0.1) },
    ])
    .execute();
  const notification = (
    label: string,
    status: string,
    createdAt: string,
    sentAt: string | null,
  ) => ({
    user_id: userId,
    to_phone: '+233241234567',
    channel: 'sms',
    body: label,
    status,
    next_attempt_at: createdAt,
    created_at: createdAt,
    sent_at: sentAt,
  });
  const sent = RETENTION_DAYS.sentNotifications;
  const failed = RETENTION_DAYS.failedNotifications;
  await db
    .insertInto('notifications')
    .values([
      notification('kept: sent lately', 'sent', ago(sent + 5), ago(sent - 1)),
      notification('old: sent', 'sent', ago(sent + 1), ago(sent + 1)),
      notification('kept: failed lately', 'failed', ago(failed - 1), null),
      notification('old: failed', 'failed', ago(failed + 1), null),
      notification('kept: still pending', 'pending', ago(failed + 100), null),
    ])
    .execute();
}

async function survivors() {
  const labels = async (rows: Promise<{ label: string }[]>) =>
    (await rows).map((row) => row.label).sort();
  return {
    otp_sends: await labels(db.selectFrom('otp_sends').select('client_ip as label').execute()),
    otp_failures: await labels(
      db.selectFrom('otp_failures').select('client_ip as label').execute(),
    ),
    otp_codes: await labels(db.selectFrom('otp_codes').select('client_ip as label').execute()),
    sessions: await labels(db.selectFrom('sessions').select('id_hash as label').execute()),
    idempotency_keys: await labels(
      db.selectFrom('idempotency_keys').select('key as label').execute(),
    ),
    user_actions: await labels(db.selectFrom('user_actions').select('action as label').execute()),
    notifications: await labels(db.selectFrom('notifications').select('body as label').execute()),
    ussd_sessions: await labels(
      db.selectFrom('ussd_sessions').select('session_id as label').execute(),
    ),
  };
}

test('pruning drops rows past their window and keeps everything a rule still needs', async () => {
  await seedRows();
  const deleted = await pruneExpiredRows(db, NOW);
  expect(await survivors()).toEqual({
    otp_sends: ['kept'],
    otp_failures: ['kept'],
    otp_codes: ['kept'],
    sessions: ['kept'],
    idempotency_keys: ['kept'],
    user_actions: ['kept'],
    notifications: ['kept: failed lately', 'kept: sent lately', 'kept: still pending'],
    ussd_sessions: ['kept'],
  });
  expect(deleted).toEqual({
    otp_sends: 1,
    otp_failures: 1,
    otp_codes: 1,
    sessions: 2,
    user_actions: 1,
    idempotency_keys: 1,
    notifications: 2,
    ussd_sessions: 1,
  });
});

test('retention runs at start-up, then on its schedule, and not after it stops', async () => {
  const oldSend = () =>
    db
      .insertInto('otp_sends')
      .values({ phone_number: '+233241234567', client_ip: 'old', created_at: ago(3) })
      .execute();
  const sends = async () => (await db.selectFrom('otp_sends').select('id').execute()).length;
  await oldSend();
  const retention = await startRetention({ db, clock: () => NOW, log: silentLog, everyMs: 20 });
  expect(await sends()).toBe(0); // at start-up

  await oldSend();
  for (let waited = 0; waited < 2_000 && (await sends()) > 0; waited += 10) {
    await new Promise((done) => setTimeout(done, 10));
  }
  expect(await sends()).toBe(0); // on the schedule

  await retention.stop();
  await oldSend();
  await new Promise((done) => setTimeout(done, 100));
  expect(await sends()).toBe(1);
});

test('the app prunes when it starts', async () => {
  await db
    .insertInto('otp_sends')
    .values({
      phone_number: '+233241234567',
      client_ip: 'old',
      created_at: '2020-01-01T00:00:00.000Z',
    })
    .execute();
  const config = testConfig({ databasePath: join(dir, 'app.db') });
  const app = await buildApp(config, { db, webRoot: join(dir, 'no-web-build') });
  expect(await db.selectFrom('otp_sends').select('id').execute()).toHaveLength(0);
  await app.close();
});
