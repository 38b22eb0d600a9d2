import { expect, test } from 'vitest';
import {
  insertOldUser,
  migrationTestDatabase,
  type OldSchema,
} from '../../tests/helpers/migration-world.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The data the third round of trust work finds in place: open reports judged by who made them
 * (0028), and every artist's rating and review count worked out again from what counts (0029).
 */

const database = migrationTestDatabase();
/** The schema this round's migrations find: 0026 the last one kept. */
const before = () => database.rollBackTo('0026_ussd_sessions');

let phones = 0;
/** A user who joined at `createdAt`, on a number of their own. */
const user = (old: OldSchema, role: string, createdAt: string) => {
  phones += 1;
  const phone = `+23324111${String(phones).padStart(4, '0')}`;
  return insertOldUser(old, role, phone, { created_at: createdAt });
};

/** A completed booking of the artist by `client`, paid `pesewas` and released. */
async function paidBooking(
  old: OldSchema,
  artist: { id: number; userId: number },
  client: number,
  pesewas: number,
  day: number,
) {
  const { id } = await old
    .insertInto('bookings')
    .values({
      artist_id: artist.id,
      client_id: client,
      event_date: `2026-10-${String(day).padStart(2, '0')}T18:00:00.000Z`,
      event_duration: 2,
      venue: 'Cape Coast Castle grounds',
      rate_type: 'event',
      total_amount_pesewas: pesewas,
      status: 'completed',
      completed_at: `2026-10-${String(day + 1).padStart(2, '0')}T09:00:00.000Z`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await old
    .insertInto('payments')
    .values({
      engagement_type: 'booking',
      engagement_id: id,
      payer_id: client,
      payee_id: artist.userId,
      amount_pesewas: pesewas,
      fee_pesewas: 0,
      status: 'released',
      released_at: `2026-10-${String(day + 1).padStart(2, '0')}T09:00:00.000Z`,
    })
    .execute();
  return id as number;
}

test('0028: an open report counts toward hiding when its reporter was a week old or had paid work', async () => {
  const old = await before();
  const owner = await user(old, 'employer', '2026-01-01T00:00:00.000Z');
  const { id: jobId } = await old
    .insertInto('jobs')
    .values({
      employer_id: owner,
      title: 'Shop attendant',
      description: 'Sell provisions in a shop in Madina.',
      category: 'general_labor',
      region: 'Greater Accra',
      job_type: 'hourly',
      hourly_rate_pesewas: 2000,
      required_skills: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reportedAt = '2026-11-10T12:00:00.000Z';
  const weekOld = await user(old, 'job_seeker', '2026-11-03T12:00:00.000Z');
  const dayOld = await user(old, 'job_seeker', '2026-11-09T12:00:00.000Z');
  const paidNew = await user(old, 'artist', '2026-11-09T12:00:00.000Z');
  const { id: artistId } = await old
    .insertInto('artists')
    .values({ user_id: paidNew, stage_name: 'Efua Sings', region: 'Central' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await paidBooking(old, { id: artistId, userId: paidNew }, owner, 30_000, 1);
  for (const reporter of [weekOld, dayOld, paidNew]) {
    await old
      .insertInto('reports')
      .values({
        reporter_id: reporter,
        target_type: 'job',
        target_id: jobId,
        reason: 'fake',
        created_at: reportedAt,
      })
      .execute();
  }

  await migrateToLatest(database.db);
  const reports = await database.db
    .selectFrom('reports')
    .select(['reporter_id', 'counts_to_hide'])
    .orderBy('id')
    .execute();
  expect(reports).toEqual([
    { reporter_id: weekOld, counts_to_hide: 1 },
    { reporter_id: dayOld, counts_to_hide: 0 },
    { reporter_id: paidNew, counts_to_hide: 1 },
  ]);
});

test('0029: ratings and review counts are worked out again from the reviews that count', async () => {
  const old = await before();
  const joined = '2026-01-01T00:00:00.000Z';
  const artistUser = await user(old, 'artist', joined);
  // The rating the pesewa reviews bought: 5 from three reviews.
  const { id } = await old
    .insertInto('artists')
    .values({
      user_id: artistUser,
      stage_name: 'Yaw Beats',
      region: 'Ashanti',
      rating: 5,
      review_count: 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const artist = { id: id as number, userId: artistUser };
  const review = async (engagementId: number, author: number, rating: number, at: string) =>
    old
      .insertInto('reviews')
      .values({
        engagement_type: 'booking',
        engagement_id: engagementId,
        author_id: author,
        subject_id: artistUser,
        subject_side: 'artist',
        rating,
        created_at: at,
      })
      .execute();
  for (const day of [1, 3, 5]) {
    const client = await user(old, 'employer', joined);
    await review(await paidBooking(old, artist, client, 1, day), client, 5, `2026-10-${day + 2}`);
  }
  // One client's two real gigs: 5 stars, then 1. A second client's real gig: 4 stars.
  const loyal = await user(old, 'employer', joined);
  await review(await paidBooking(old, artist, loyal, 30_000, 10), loyal, 5, '2026-10-12');
  await review(await paidBooking(old, artist, loyal, 30_000, 14), loyal, 1, '2026-10-16');
  const other = await user(old, 'employer', joined);
  await review(await paidBooking(old, artist, other, 5_000, 20), other, 4, '2026-10-22');

  await migrateToLatest(database.db);
  const after = await database.db
    .selectFrom('artists')
    .select(['rating', 'review_count'])
    .where('id', '=', artist.id)
    .executeTakeFirstOrThrow();
  // (1 + 4) / 2: the pesewa reviews and the loyal client's earlier one do not count.
  expect(after).toEqual({ rating: 2.5, review_count: 2 });
  // And down and up again: the browse indexes come and go whole.
  await before();
  await migrateToLatest(database.db);
});
