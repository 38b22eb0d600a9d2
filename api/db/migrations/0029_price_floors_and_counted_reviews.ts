import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// Rates and prices have floors (hourly GHS 5.00, event rate and fixed price GHS 20.00), and a
// listing still below its floor is not listed until it is edited. Browsing filters on the rates,
// so the browse indexes carry them at their end: a page and its count still read the index alone.
//
// Only paid work of at least GHS 50.00 counts toward a rating and a review count, and of one
// author's reviews of one person in one role only the latest: every artist's rating and review
// count are worked out again by that rule.

// The floors are the services' own rule, not a constraint: rows from before stay as they were,
// unlisted, until edited.
const COUNTED_WORK_MIN = 5000;

const RATES = ['hourly_rate_pesewas', 'fixed_price_pesewas'];

/** The browse indexes of 0020, with the columns before the rates. */
const JOB_INDEXES: [name: string, columns: string[]][] = [
  ['jobs_listed_created', ['is_active', 'moderation', 'created_at', 'id']],
  ['jobs_listed_category_created', ['is_active', 'moderation', 'category', 'created_at', 'id']],
  ['jobs_listed_region_created', ['is_active', 'moderation', 'region', 'created_at', 'id']],
  [
    'jobs_listed_category_region_created',
    ['is_active', 'moderation', 'category', 'region', 'created_at', 'id'],
  ],
  ['jobs_employer_listed_created', ['employer_id', 'is_active', 'moderation', 'created_at', 'id']],
];

/** The artists' rank indexes of 0020; PostgreSQL puts an expression in parentheses. */
function rankIndex(postgres: boolean, name: string, leading: string, trailing: string) {
  const rank = postgres ? '(coalesce(rating, -1))' : 'coalesce(rating, -1)';
  return sql.raw(`CREATE INDEX ${name} ON artists(${leading}${rank} DESC, id${trailing})`);
}

const ARTIST_INDEXES: [name: string, leading: string][] = [
  ['artists_listed_rank', 'moderation, '],
  ['artists_listed_region_rank', 'moderation, region, '],
];

async function jobIndexes(db: Kysely<any>, withRates: boolean) {
  for (const [name, columns] of JOB_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema
      .createIndex(name)
      .on('jobs')
      .columns(withRates ? [...columns, ...RATES] : columns)
      .execute();
  }
}

async function artistIndexes(db: Kysely<any>, withRates: boolean) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, leading] of ARTIST_INDEXES) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
    await rankIndex(
      postgres,
      name,
      leading,
      withRates ? ', hourly_rate_pesewas, event_rate_pesewas' : '',
    ).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await jobIndexes(db, true);
  await artistIndexes(db, true);

  const countedWork = (alias: string) =>
    sql`EXISTS (SELECT 1 FROM payments WHERE payments.engagement_type = ${sql.ref(`${alias}.engagement_type`)} AND payments.engagement_id = ${sql.ref(`${alias}.engagement_id`)} AND payments.status = 'released' AND payments.amount_pesewas >= ${sql.lit(COUNTED_WORK_MIN)})`;
  const counted = sql`${countedWork('reviews')} AND NOT EXISTS (SELECT 1 FROM reviews later WHERE later.author_id = reviews.author_id AND later.subject_id = reviews.subject_id AND later.subject_side = reviews.subject_side AND (later.created_at > reviews.created_at OR (later.created_at = reviews.created_at AND later.id > reviews.id)) AND ${countedWork('later')})`;
  const ofArtist = sql`FROM reviews WHERE reviews.subject_id = artists.user_id AND reviews.subject_side = 'artist' AND ${counted}`;
  await sql`UPDATE artists SET
    rating = (SELECT CAST(AVG(reviews.rating) AS DOUBLE PRECISION) ${ofArtist}),
    review_count = (SELECT COUNT(*) ${ofArtist})
    WHERE review_count > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await artistIndexes(db, false);
  await jobIndexes(db, false);
}
