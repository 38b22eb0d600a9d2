import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Trust and safety: who posts (a business name, the town), whether a listing is shown
// (moderation), reports from users, operators and suspended accounts.

const JOB_MODERATION = ['published', 'held', 'under_review', 'removed', 'suspended'];
const ARTIST_MODERATION = ['published', 'under_review', 'removed', 'suspended'];
const USER_MODERATION = ['published', 'under_review'];
const TARGET_TYPES = ['job', 'artist', 'user'];
const REASONS = ['asks_for_money', 'fake', 'offensive', 'other'];

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;

/** The browse indexes of 0004 and 0005, each now led by the listing's visibility as well. */
const JOB_BROWSE_INDEXES: [old: string, listed: string, middle: string[]][] = [
  ['jobs_active_created', 'jobs_listed_created', []],
  ['jobs_active_category_created', 'jobs_listed_category_created', ['category']],
  ['jobs_active_region_created', 'jobs_listed_region_created', ['region']],
  [
    'jobs_active_category_region_created',
    'jobs_listed_category_region_created',
    ['category', 'region'],
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  // Users: a business name shown instead of their own, the operator grant (only ever set from
  // the command line), a suspension, and whether their profile is hidden by reports.
  await db.schema.alterTable('users').addColumn('business_name', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('moderation', 'text', (col) =>
      col.notNull().defaultTo('published').check(oneOf('moderation', USER_MODERATION)),
    )
    .execute();

  // Jobs: the town beside the region, and whether the job is shown. `published` is listed
  // (when open); `held` waits for an operator (the text asked applicants for money);
  // `under_review` was hidden by reports; `removed` by an operator; `suspended` with its poster.
  await db.schema.alterTable('jobs').addColumn('town', 'text').execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('moderation', 'text', (col) =>
      col.notNull().defaultTo('published').check(oneOf('moderation', JOB_MODERATION)),
    )
    .execute();
  await db.schema
    .alterTable('artists')
    .addColumn('moderation', 'text', (col) =>
      col.notNull().defaultTo('published').check(oneOf('moderation', ARTIST_MODERATION)),
    )
    .execute();

  // Browsing reads published jobs only, so the browse indexes carry the column and a page and
  // its count still read the index alone.
  for (const [old, listed, middle] of JOB_BROWSE_INDEXES) {
    await db.schema.dropIndex(old).ifExists().execute();
    await db.schema
      .createIndex(listed)
      .on('jobs')
      .columns(['is_active', 'moderation', ...middle, 'created_at', 'id'])
      .execute();
  }
  // One employer's jobs as everyone else sees them (their profile page): open and published.
  await db.schema
    .createIndex('jobs_employer_listed_created')
    .on('jobs')
    .columns(['employer_id', 'is_active', 'moderation', 'created_at', 'id'])
    .execute();
  // The operator's queue of held jobs, oldest first.
  await db.schema
    .createIndex('jobs_moderation_created')
    .on('jobs')
    .columns(['moderation', 'created_at', 'id'])
    .execute();
  await sql`DROP INDEX IF EXISTS artists_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS artists_region_rank`.execute(db);
  await sql`CREATE INDEX artists_listed_rank ON artists(moderation, coalesce(rating, -1) DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX artists_listed_region_rank ON artists(moderation, region, coalesce(rating, -1) DESC, id)`.execute(
    db,
  );

  // A report of a listing or a profile. One per reporter and target, as a constraint, so three
  // reports are three people whatever runs the inserts. Open until an operator reviews the
  // target; three open reports hide it.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('reporter_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'text', (col) =>
      col.notNull().check(oneOf('target_type', TARGET_TYPES)),
    )
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull().check(oneOf('reason', REASONS)))
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .addUniqueConstraint('reports_one_per_reporter', ['reporter_id', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('reports_target_open')
    .on('reports')
    .columns(['target_type', 'target_id', 'reviewed_at'])
    .execute();
  await db.schema
    .createIndex('reports_open')
    .on('reports')
    .columns(['reviewed_at', 'id'])
    .execute();

  // What operators did, and who: publishing, removing, suspending and reinstating.
  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('operator_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // Job lists show who posted each job (a name or business name, phone verified) and artist
  // cards whether the artist's phone is verified: a cached list changes with those columns.
  await sql`INSERT INTO data_versions(name, version) VALUES ('people', 0)`.execute(db);
  await sql`CREATE TRIGGER people_version_update AFTER UPDATE OF first_name, last_name, business_name, phone_verified ON users BEGIN
    UPDATE data_versions SET version = version + 1 WHERE name = 'people';
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS people_version_update`.execute(db);
  await sql`DELETE FROM data_versions WHERE name = 'people'`.execute(db);
  await db.schema.dropTable('moderation_log').ifExists().execute();
  await db.schema.dropTable('reports').ifExists().execute();
  await sql`DROP INDEX IF EXISTS artists_listed_region_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS artists_listed_rank`.execute(db);
  await sql`CREATE INDEX artists_rank ON artists(coalesce(rating, -1) DESC, id)`.execute(db);
  await sql`CREATE INDEX artists_region_rank ON artists(region, coalesce(rating, -1) DESC, id)`.execute(
    db,
  );
  await db.schema.dropIndex('jobs_moderation_created').ifExists().execute();
  await db.schema.dropIndex('jobs_employer_listed_created').ifExists().execute();
  for (const [old, listed, middle] of JOB_BROWSE_INDEXES) {
    await db.schema.dropIndex(listed).ifExists().execute();
    await db.schema
      .createIndex(old)
      .on('jobs')
      .columns(['is_active', ...middle, 'created_at', 'id'])
      .execute();
  }
  await db.schema.alterTable('artists').dropColumn('moderation').execute();
  await db.schema.alterTable('jobs').dropColumn('moderation').execute();
  await db.schema.alterTable('jobs').dropColumn('town').execute();
  for (const column of ['moderation', 'suspended_at', 'is_admin', 'business_name']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
