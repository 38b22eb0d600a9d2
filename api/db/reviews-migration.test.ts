import { expect, test } from 'vitest';
import { insertOldUser, migrationTestDatabase } from '../../tests/helpers/migration-world.ts';
import { engineOf } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';

const database = migrationTestDatabase();

/** The engine's last migration before the reviews: SQLite's history, or PostgreSQL's baseline. */
const beforeReviews = () =>
  engineOf(database.db) === 'postgres' ? '0015_postgres_baseline' : '0015_charge_caps';

test('completion dates come from released escrow, and typed-in ratings go', async () => {
  const old = await database.rollBackTo(beforeReviews());
  const artistUser = await insertOldUser(old, 'artist', '+233241110001');
  const client = await insertOldUser(old, 'employer', '+233241110002');
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

  const { db } = database;
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
  await database.rollBackTo(beforeReviews());
  const tables = await db.introspection.getTables();
  expect(tables.map((table) => table.name)).not.toContain('reviews');
  const bookings = tables.find((table) => table.name === 'bookings');
  expect(bookings?.columns.map((column) => column.name)).not.toContain('completed_at');
});
