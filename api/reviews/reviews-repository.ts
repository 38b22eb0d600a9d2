import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import {
  type NotCountedReason,
  type OwnReview,
  type RatingSummary,
  type Review,
  type ReviewSide,
  reviewEditEnd,
} from '../../contracts/reviews.ts';
import type { Database, ReviewsTable } from '../db/database.ts';
import type { EngagementRef, EngagementType } from '../engagements/engagements-service.ts';
import { keysetPage, type ListPage, type PageRequest } from '../lib/keyset-page.ts';
import { isCountedWork } from '../trust/reports-service.ts';

/**
 * The one home of which reviews count toward a rating and a review count, as conditions on the
 * review row `alias`: a review of paid work that counts (trust/badges-repository.ts), and of an
 * author's such reviews of one person in one role only the latest (three bookings by one client
 * are one voice). A review that does not count is still shown, marked with why.
 */
const laterCountedReview = (alias: string) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM reviews later WHERE later.author_id = ${sql.ref(`${alias}.author_id`)} AND later.subject_id = ${sql.ref(`${alias}.subject_id`)} AND later.subject_side = ${sql.ref(`${alias}.subject_side`)} AND (later.created_at > ${sql.ref(`${alias}.created_at`)} OR (later.created_at = ${sql.ref(`${alias}.created_at`)} AND later.id > ${sql.ref(`${alias}.id`)})) AND ${isCountedWork('later')})`;

/** Whether the review `alias` counts. */
const counts = (alias: string) =>
  sql<SqlBool>`(${isCountedWork(alias)} AND NOT ${laterCountedReview(alias)})`;

/** Why the review `alias` does not count, or null when it does. */
const notCountedBecause = (alias: string) =>
  sql<NotCountedReason | null>`CASE WHEN NOT ${isCountedWork(alias)} THEN 'paid_under_minimum' WHEN ${laterCountedReview(alias)} THEN 'later_review' ELSE NULL END`;

type ReviewRow = Selectable<ReviewsTable> & {
  reviewer_first_name: string;
  not_counted_because: NotCountedReason | null;
};

function reviewRowToReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    reviewer: { firstName: row.reviewer_first_name },
    side: row.subject_side as ReviewSide,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    reply:
      row.reply !== null && row.replied_at !== null
        ? { text: row.reply, createdAt: row.replied_at }
        : null,
    counted: row.not_counted_because === null,
    notCountedBecause: row.not_counted_because,
  };
}

export const toOwnReview = (review: Review): OwnReview => ({
  ...review,
  editableUntil: reviewEditEnd(review.createdAt),
});

function selectReviews(db: Kysely<Database>) {
  return db
    .selectFrom('reviews')
    .innerJoin('users as reviewer', 'reviewer.id', 'reviews.author_id')
    .selectAll('reviews')
    .select('reviewer.first_name as reviewer_first_name')
    .select(notCountedBecause('reviews').as('not_counted_because'));
}

/** A review with who wrote it and about whom, for the rules of changing and replying. */
export interface ReviewRecord {
  review: Review;
  authorId: number;
  subjectId: number;
  engagement: EngagementRef;
}

export async function findReview(
  db: Kysely<Database>,
  id: number,
): Promise<ReviewRecord | undefined> {
  const row = await selectReviews(db).where('reviews.id', '=', id).executeTakeFirst();
  return row
    ? {
        review: reviewRowToReview(row),
        authorId: row.author_id,
        subjectId: row.subject_id,
        engagement: { type: row.engagement_type as EngagementType, id: row.engagement_id },
      }
    : undefined;
}

/**
 * Adds a review; null when its author already reviewed this engagement. The unique (engagement,
 * author) constraint decides, so two writers at once (two tabs, two processes) leave one.
 */
export async function insertReview(
  db: Kysely<Database>,
  values: {
    engagement: EngagementRef;
    authorId: number;
    subjectId: number;
    side: ReviewSide;
    rating: number;
    comment: string | null;
    now: string;
  },
): Promise<number | null> {
  const row = await db
    .insertInto('reviews')
    .values({
      engagement_type: values.engagement.type,
      engagement_id: values.engagement.id,
      author_id: values.authorId,
      subject_id: values.subjectId,
      subject_side: values.side,
      rating: values.rating,
      comment: values.comment,
      created_at: values.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['engagement_type', 'engagement_id', 'author_id']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function updateReview(
  db: Kysely<Database>,
  id: number,
  values: { rating: number; comment: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ rating: values.rating, comment: values.comment, edited_at: values.now })
    .where('id', '=', id)
    .execute();
}

/** Sets the reply if there is none yet; false when there already was one. */
export async function setReply(
  db: Kysely<Database>,
  id: number,
  reply: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('reviews')
    .set({ reply, replied_at: now })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Makes the artist's `rating` the mean of the reviews of them as an artist that count, and
 * `review_count` their number, in one statement from the reviews themselves (never an increment
 * that could drift). The artist lists rank by this rating. Run in the transaction of the
 * review's write: the artists table's triggers then move the cached artist lists' version with
 * it. (DOUBLE PRECISION is a 64-bit float on both engines; PostgreSQL's REAL is 32 bits, which
 * would round the mean.)
 */
export async function refreshArtistRating(db: Kysely<Database>, userId: number): Promise<void> {
  const ofArtist = sql`FROM reviews WHERE reviews.subject_id = ${userId} AND reviews.subject_side = 'artist' AND ${counts('reviews')}`;
  await db
    .updateTable('artists')
    .set({
      rating: sql<
        number | null
      >`(SELECT CAST(AVG(reviews.rating) AS DOUBLE PRECISION) ${ofArtist})`,
      review_count: sql<number>`(SELECT COUNT(*) ${ofArtist})`,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** A person's rating over the reviews of them that count, whatever they were in the work. */
export async function ratingOf(db: Kysely<Database>, userId: number): Promise<RatingSummary> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.avg<number | null>('rating').as('rating'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('subject_id', '=', userId)
    .where(counts('reviews'))
    .executeTakeFirstOrThrow();
  const reviewCount = Number(row.count);
  return { rating: reviewCount === 0 ? null : Number(row.rating), reviewCount };
}

/**
 * Reviews of a person, newest first, a page at a time: all of them, or only those of them as
 * `side` (an artist's profile shows the reviews of their performances).
 */
export async function listReviewsOf(
  db: Kysely<Database>,
  subjectId: number,
  side: ReviewSide | undefined,
  page: PageRequest,
): Promise<ListPage<Review>> {
  let select = selectReviews(db).where('reviews.subject_id', '=', subjectId);
  let count = db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('subject_id', '=', subjectId);
  if (side) {
    select = select.where('reviews.subject_side', '=', side);
    count = count.where('subject_side', '=', side);
  }
  return keysetPage(
    select,
    {
      column: 'reviews.created_at',
      idColumn: 'reviews.id',
      direction: 'desc',
      valueOf: (row) => row.created_at,
    },
    page,
    {
      count: async () => Number((await count.executeTakeFirstOrThrow()).count),
      toItem: reviewRowToReview,
    },
  );
}

/** The reviews of these engagements of one kind, by engagement, each with its author. */
export async function reviewsOfEngagements(
  db: Kysely<Database>,
  type: EngagementType,
  ids: readonly number[],
): Promise<Map<number, { authorId: number; review: Review }[]>> {
  const found = new Map<number, { authorId: number; review: Review }[]>();
  if (ids.length === 0) return found;
  const rows = await selectReviews(db)
    .where('reviews.engagement_type', '=', type)
    .where('reviews.engagement_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const list = found.get(row.engagement_id) ?? [];
    list.push({ authorId: row.author_id, review: reviewRowToReview(row) });
    found.set(row.engagement_id, list);
  }
  return found;
}

/** When each of these engagements was completed (null: not completed, or with no date kept). */
export async function completionsOf(
  db: Kysely<Database>,
  type: EngagementType,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const table = type === 'booking' ? 'bookings' : 'applications';
  const rows = await db
    .selectFrom(table)
    .select(['id', 'status', 'completed_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [row.id, row.status === 'completed' ? row.completed_at : null] as const),
  );
}
