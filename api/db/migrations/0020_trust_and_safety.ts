import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// Trust and safety: who posts (a business name, the town), whether a listing is shown
// (moderation), reports from users, operators and suspended accounts.
//
// What differs on PostgreSQL (docs/decisions/023-postgresql-baseline.md): integers are bigint
// and ids identity columns, as in its baseline; the expression index is written with its
// expression in parentheses; the `people` version is bumped by the baseline's row function.

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

/** The engine's 64-bit integer and id column (SQLite's INTEGER PRIMARY KEY AUTOINCREMENT). */
function engineTypes(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    integer: postgres ? 'bigint' : 'integer',
    id: (col: ColumnDefinitionBuilder) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  } as const;
}

/** The rank order of artist lists: a PostgreSQL index puts an expression in parentheses. */
const rankIndex = (postgres: boolean, name: string, leading: string) =>
  postgres
    ? sql.raw(`CREATE INDEX ${name} ON artists(${leading}(coalesce(rating, -1)) DESC, id)`)
    : sql.raw(`CREATE INDEX ${name} ON artists(${leading}coalesce(rating, -1) DESC, id)`);

export async function up(db: Kysely<any>): Promise<void> {
  const { postgres, integer, id } = engineTypes(db);
  // Users: a business name shown instead of their own, the operator grant (only ever set from
  // the command line), a suspension, and whether their profile is hidden by reports.
  await db.schema.alterTable('users').addColumn('business_name', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', integer, (col) => col.notNull().defaultTo(0))
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
  // The operator's queue of held jobs, oldest first. On PostgreSQL it holds only the jobs that
  // are not published: whole, it would lead with `moderation` and end in (created_at, id) like
  // the browse indexes, and the planner may walk it for a page of published jobs, testing
  // is_active and the filters row by row.
  let moderationIndex = db.schema
    .createIndex('jobs_moderation_created')
    .on('jobs')
    .columns(['moderation', 'created_at', 'id']);
  if (postgres) moderationIndex = moderationIndex.where('moderation', '<>', 'published');
  await moderationIndex.execute();
  await sql`DROP INDEX IF EXISTS artists_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS artists_region_rank`.execute(db);
  await rankIndex(postgres, 'artists_listed_rank', 'moderation, ').execute(db);
  await rankIndex(postgres, 'artists_listed_region_rank', 'moderation, region, ').execute(db);

  // A report of a listing or a profile. One per reporter and target, as a constraint, so three
  // reports are three people whatever runs the inserts. Open until an operator reviews the
  // target; three open reports hide it.
  await db.schema
    .createTable('reports')
    .addColumn('id', integer, id)
    .addColumn('reporter_id', integer, (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'text', (col) =>
      col.notNull().check(oneOf('target_type', TARGET_TYPES)),
    )
    .addColumn('target_id', integer, (col) => col.notNull())
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
    .addColumn('id', integer, id)
    .addColumn('operator_id', integer, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', integer, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // Job lists show who posted each job (a name or business name, phone verified) and artist
  // cards whether the artist's phone is verified: a cached list changes with those columns.
  await sql`INSERT INTO data_versions(name, version) VALUES ('people', 0)`.execute(db);
  if (postgres) {
    await sql`CREATE TRIGGER people_version_update AFTER UPDATE OF first_name, last_name, business_name, phone_verified ON users
      FOR EACH ROW EXECUTE FUNCTION bump_data_version_for_row('people')`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER people_version_update AFTER UPDATE OF first_name, last_name, business_name, phone_verified ON users BEGIN
    UPDATE data_versions SET version = version + 1 WHERE name = 'people';
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const { postgres } = engineTypes(db);
  await sql
    .raw(`DROP TRIGGER IF EXISTS people_version_update${postgres ? ' ON users' : ''}`)
    .execute(db);
  await sql`DELETE FROM data_versions WHERE name = 'people'`.execute(db);
  await db.schema.dropTable('moderation_log').ifExists().execute();
  await db.schema.dropTable('reports').ifExists().execute();
  await sql`DROP INDEX IF EXISTS artists_listed_region_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS artists_listed_rank`.execute(db);
  await rankIndex(postgres, 'artists_rank', '').execute(db);
  await rankIndex(postgres, 'artists_region_rank', 'region, ').execute(db);
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
