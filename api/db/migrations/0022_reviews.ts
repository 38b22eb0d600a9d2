import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL
// (there integers are bigint and the id an identity column, as in its baseline).
//
// Reviews of completed work. After a booking or a hired application is completed (its escrow
// released), each side may review the other once. An artist's `rating` becomes the mean of the
// reviews of them as an artist, kept on the artists row with `review_count` so the artist lists
// (and their cache, which follows the artists table) sort and show it as before.

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const integer = postgres ? 'bigint' : 'integer';
  // When the work was completed: the 30 days to review run from it. Escrow's release sets it.
  await db.schema.alterTable('bookings').addColumn('completed_at', 'text').execute();
  await db.schema.alterTable('applications').addColumn('completed_at', 'text').execute();
  for (const [table, type] of [
    ['bookings', 'booking'],
    ['applications', 'application'],
  ] as const) {
    // Completed through escrow before this migration: completed when the money was released.
    // Anything completed without a release on record keeps no date, and cannot be reviewed.
    await sql`UPDATE ${sql.table(table)} SET completed_at = (
      SELECT payments.released_at FROM payments
      WHERE payments.engagement_type = ${sql.lit(type)}
        AND payments.engagement_id = ${sql.ref(`${table}.id`)}
        AND payments.status = 'released'
    ) WHERE status = 'completed'`.execute(db);
  }

  await db.schema
    .createTable('reviews')
    .addColumn('id', integer, (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('engagement_type', 'text', (col) =>
      col.notNull().check(oneOf('engagement_type', ['booking', 'application'])),
    )
    .addColumn('engagement_id', integer, (col) => col.notNull())
    .addColumn('author_id', integer, (col) => col.notNull().references('users.id'))
    .addColumn('subject_id', integer, (col) => col.notNull().references('users.id'))
    // What the reviewed person was in the engagement: an artist's rating counts only 'artist'.
    .addColumn('subject_side', 'text', (col) =>
      col.notNull().check(oneOf('subject_side', ['artist', 'client', 'employer', 'worker'])),
    )
    .addColumn('rating', integer, (col) => col.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    // One review per side per engagement, whichever process writes it.
    .addUniqueConstraint('reviews_one_per_author', [
      'engagement_type',
      'engagement_id',
      'author_id',
    ])
    .execute();
  // A person's reviews, newest first, and an artist's (the reviews of them as an artist).
  await db.schema
    .createIndex('reviews_subject_created')
    .on('reviews')
    .columns(['subject_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reviews_subject_side_created')
    .on('reviews')
    .columns(['subject_id', 'subject_side', 'created_at', 'id'])
    .execute();

  await db.schema
    .alterTable('artists')
    .addColumn('review_count', integer, (col) => col.notNull().defaultTo(0))
    .execute();
  // Until now `rating` was typed in (demo data), with no review behind it: a rating is only
  // ever the mean of real reviews, so every artist starts again with none.
  await sql`UPDATE artists SET rating = NULL WHERE rating IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('artists').dropColumn('review_count').execute();
  await db.schema.dropIndex('reviews_subject_side_created').ifExists().execute();
  await db.schema.dropIndex('reviews_subject_created').ifExists().execute();
  await db.schema.dropTable('reviews').ifExists().execute();
  await db.schema.alterTable('applications').dropColumn('completed_at').execute();
  await db.schema.alterTable('bookings').dropColumn('completed_at').execute();
}
