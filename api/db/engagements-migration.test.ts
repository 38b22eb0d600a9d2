import { expect, test } from 'vitest';
import {
  insertOldUser,
  migrationTestDatabase,
  type OldSchema as Old,
} from '../../tests/helpers/migration-world.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The data 0032 finds in place (on SQLite here, on PostgreSQL under `npm run test:pg`): every
 * artist and every booking from before starts on `moderate`, and who called off a cancelled
 * booking is set where it is known (the 48 hours to pay ran out, an operator refunded a
 * dispute), and left unknown otherwise, so nobody is counted for a cancellation nobody can tell.
 */

const database = migrationTestDatabase();

/** An artist (Kofi Strings, on the numbers' first) and a client to book them (the second). */
async function artistAndClient(old: Old, [artistPhone, clientPhone]: [string, string]) {
  const artistUser = await insertOldUser(old, 'artist', artistPhone);
  const client = await insertOldUser(old, 'employer', clientPhone);
  const { id: artistId } = await old
    .insertInto('artists')
    .values({ user_id: artistUser, stage_name: 'Kofi Strings', region: 'Ashanti' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { artistUser, client, artistId: artistId as number };
}

async function booking(
  old: Old,
  artistId: number,
  clientId: number,
  day: number,
  values: { status: string; accepted_at?: string | null },
) {
  return (
    await old
      .insertInto('bookings')
      .values({
        artist_id: artistId,
        client_id: clientId,
        event_date: `2026-10-${String(day).padStart(2, '0')}T18:00:00.000Z`,
        event_duration: 2,
        venue: 'Accra International Conference Centre',
        rate_type: 'event',
        total_amount_pesewas: 50_000,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id as number;
}

/** The booking's payment of GH₵500 and its fee from the client to the artist: its id. */
async function insertPayment(
  old: Old,
  { artistUser, client }: { artistUser: number; client: number },
  bookingId: number,
  values: { status: string; resolution?: string; held_at?: string },
) {
  const { id } = await old
    .insertInto('payments')
    .values({
      engagement_type: 'booking',
      engagement_id: bookingId,
      payer_id: client,
      payee_id: artistUser,
      amount_pesewas: 50_000,
      fee_pesewas: 2_500,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id as number;
}

test('0032: artists and bookings start on moderate; cancellers are set where known', async () => {
  const old = await database.rollBackTo('0031_versions_without_a_queue');
  const parties = await artistAndClient(old, ['+233241110001', '+233241110002']);
  const { client, artistId } = parties;
  const accepted = '2026-10-01T10:00:00.000Z';
  const expired = await booking(old, artistId, client, 5, {
    status: 'cancelled',
    accepted_at: accepted,
  });
  const refunded = await booking(old, artistId, client, 6, {
    status: 'cancelled',
    accepted_at: accepted,
  });
  await insertPayment(old, parties, refunded, { status: 'refunded', resolution: 'refund' });
  const calledOff = await booking(old, artistId, client, 7, {
    status: 'cancelled',
    accepted_at: accepted,
  });
  await insertPayment(old, parties, calledOff, { status: 'refunded' });
  const declined = await booking(old, artistId, client, 8, { status: 'cancelled' });
  const completed = await booking(old, artistId, client, 9, { status: 'completed' });

  const { db } = database;
  await migrateToLatest(db);

  expect(
    await db
      .selectFrom('artists')
      .select('cancellation_policy')
      .where('id', '=', artistId)
      .execute(),
  ).toEqual([{ cancellation_policy: 'moderate' }]);
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'cancellation_policy', 'cancelled_by'])
    .orderBy('id')
    .execute();
  expect(rows.map((row) => [Number(row.id), row.cancellation_policy, row.cancelled_by])).toEqual([
    [expired, 'moderate', 'timer'],
    [refunded, 'moderate', 'operator'],
    [calledOff, 'moderate', null],
    [declined, 'moderate', null],
    [completed, 'moderate', null],
  ]);
  const payment = await db
    .selectFrom('payments')
    .select(['kept_pesewas', 'kept_fee_pesewas', 'kept_due_at', 'kept_released_at'])
    .executeTakeFirstOrThrow();
  expect(payment).toEqual({
    kept_pesewas: null,
    kept_fee_pesewas: null,
    kept_due_at: null,
    kept_released_at: null,
  });
  // A policy outside the three, or a canceller outside the five, is refused by the database.
  await expect(
    db.updateTable('artists').set({ cancellation_policy: 'lenient' }).execute(),
  ).rejects.toThrow();
  await expect(
    db.updateTable('bookings').set({ cancelled_by: 'client' }).execute(),
  ).rejects.toThrow();
});

test('0033: payments keep every row, id and charge as milestones arrive; a milestone may have an escrow, another kind may not', async () => {
  const old = await database.rollBackTo('0032_engagements');
  const parties = await artistAndClient(old, ['+233241110011', '+233241110012']);
  const { artistUser, client, artistId } = parties;
  const bookingId = await booking(old, artistId, client, 7, { status: 'accepted' });
  const paymentId = await insertPayment(old, parties, bookingId, {
    status: 'held',
    held_at: '2026-10-01T10:00:00.000Z',
  });
  await old
    .insertInto('charges')
    .values({
      reference: 'gg-charge-0033',
      payment_id: paymentId,
      payer_id: client,
      amount_pesewas: 52_500,
      phone: '+233241110012',
      network: 'mtn',
      status: 'success',
    })
    .execute();
  const payments = await old.selectFrom('payments').selectAll().execute();

  await migrateToLatest(database.db);
  expect(await old.selectFrom('payments').selectAll().execute()).toEqual(payments);
  const charge = await old
    .selectFrom('charges')
    .innerJoin('payments', 'payments.id', 'charges.payment_id')
    .select(['payments.id', 'payments.engagement_id'])
    .executeTakeFirstOrThrow();
  expect(charge).toEqual({ id: paymentId, engagement_id: bookingId });
  const stage = {
    engagement_id: 1,
    payer_id: client,
    payee_id: artistUser,
    amount_pesewas: 100,
    fee_pesewas: 5,
  };
  await old
    .insertInto('payments')
    .values({ ...stage, engagement_type: 'milestone' })
    .execute();
  await expect(
    old
      .insertInto('payments')
      .values({ ...stage, engagement_type: 'gig' })
      .execute(),
  ).rejects.toThrow();
  // A charge still has to name a payment that exists.
  await expect(
    old
      .insertInto('charges')
      .values({
        reference: 'gg-charge-none',
        payment_id: 999_999,
        payer_id: client,
        amount_pesewas: 100,
        phone: '+233241110012',
        network: 'mtn',
      })
      .execute(),
  ).rejects.toThrow();
});

test('0032 and 0033 go down and up again', async () => {
  await migrateToLatest(database.db);
  await database.rollBackTo('0031_versions_without_a_queue');
  await migrateToLatest(database.db);
});
