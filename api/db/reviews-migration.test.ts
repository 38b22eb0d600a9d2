import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-app.ts';
import type { Db } from './database.ts';
import { engineOf } from './dialect.ts';
import { migrateToLatest, migrationsFor } from './migrate.ts';

let dir: string;
let database: TestDatabase;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gigs-migration-'));
  database = await createTestDatabase(dir);
  db = database.db;
});
afterEach(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: the schema before this migration has no type of its own
const migrator = (to: Kysely<any>) =>
  new Migrator({ db: to, provider: { getMigrations: async () => migrationsFor(to) } });

/** The engine's last migration before the reviews: SQLite's history, or PostgreSQL's baseline. */
const beforeReviews = () =>
  engineOf(db) === 'postgres' ? '0015_postgres_baseline' : '0015_charge_caps';

test('completion dates come from released escrow, and typed-in ratings go', async () => {
  // biome-ignore lint/suspicious/noExplicitAny: the schema before this migration
  const old = db as unknown as Kysely<any>;
  expect((await migrator(old).migrateTo(beforeReviews())).error).toBeUndefined();
  const user = async (phone: string, role: string) =>
    (
      await old
        .insertInto('users')
        .values({ phone_number: phone, first_name: 'Efua', last_name: 'Sam', role })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const artistUser = await user('+233241110001', 'artist');
  const client = await user('+233241110002', 'employer');
  const { id: artistId } = await old
    .insertInto('artists')
    .values({ user_id: artistUser, stage_name: 'Efua Sings', region: 'Central', rating: 4.7 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const booking = async (status: string) =>
    (
      await old
        .insertInto('bookings')
        .values({
          artist_id: artistId,
          client_id: client,
          event_date: '2026-10-01T18:00:00.000Z',
          event_duration: 2,
          venue: 'Cape Coast Castle grounds',
          rate_type: 'hourly',
          total_amount_pesewas: 30_000,
          status,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const released = await booking('completed');
  const unpaid = await booking('completed');
  const open = await booking('accepted');
  await old
    .insertInto('payments')
    .values({
      engagement_type: 'booking',
      engagement_id: released,
      payer_id: client,
      payee_id: artistUser,
      amount_pesewas: 30_000,
      fee_pesewas: 1_500,
      status: 'released',
      released_at: '2026-10-04T09:00:00.000Z',
    })
    .execute();

  await migrateToLatest(db);

  const completed = await db
    .selectFrom('bookings')
    .select(['id', 'completed_at'])
    .orderBy('id')
    .execute();
  expect(completed).toEqual([
    { id: released, completed_at: '2026-10-04T09:00:00.000Z' },
    { id: unpaid, completed_at: null },
    { id: open, completed_at: null },
  ]);
  expect(
    await db.selectFrom('artists').select(['rating', 'review_count']).executeTakeFirstOrThrow(),
  ).toEqual({ rating: null, review_count: 0 });

  // And back again.
  expect((await migrator(old).migrateTo(beforeReviews())).error).toBeUndefined();
  const tables = await db.introspection.getTables();
  expect(tables.map((table) => table.name)).not.toContain('reviews');
  const bookings = tables.find((table) => table.name === 'bookings');
  expect(bookings?.columns.map((column) => column.name)).not.toContain('completed_at');
});
