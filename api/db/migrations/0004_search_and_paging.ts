import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Substring search runs on SQLite FTS5 trigram indexes kept in step with their tables by
// triggers. (On PostgreSQL the same role is played by pg_trgm GIN indexes on the columns.)

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE jobs_fts USING fts5(
    title, description, content='jobs', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`INSERT INTO jobs_fts(rowid, title, description) SELECT id, title, description FROM jobs`.execute(
    db,
  );
  await sql`CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs BEGIN
    INSERT INTO jobs_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
  await sql`CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs BEGIN
    INSERT INTO jobs_fts(jobs_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  END`.execute(db);
  await sql`CREATE TRIGGER jobs_fts_update AFTER UPDATE OF title, description ON jobs BEGIN
    INSERT INTO jobs_fts(jobs_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO jobs_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);

  await sql`CREATE VIRTUAL TABLE artists_fts USING fts5(
    stage_name, bio, content='artists', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`INSERT INTO artists_fts(rowid, stage_name, bio) SELECT id, stage_name, coalesce(bio, '') FROM artists`.execute(
    db,
  );
  await sql`CREATE TRIGGER artists_fts_insert AFTER INSERT ON artists BEGIN
    INSERT INTO artists_fts(rowid, stage_name, bio) VALUES (new.id, new.stage_name, coalesce(new.bio, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER artists_fts_delete AFTER DELETE ON artists BEGIN
    INSERT INTO artists_fts(artists_fts, rowid, stage_name, bio) VALUES ('delete', old.id, old.stage_name, coalesce(old.bio, ''));
  END`.execute(db);
  await sql`CREATE TRIGGER artists_fts_update AFTER UPDATE OF stage_name, bio ON artists BEGIN
    INSERT INTO artists_fts(artists_fts, rowid, stage_name, bio) VALUES ('delete', old.id, old.stage_name, coalesce(old.bio, ''));
    INSERT INTO artists_fts(rowid, stage_name, bio) VALUES (new.id, new.stage_name, coalesce(new.bio, ''));
  END`.execute(db);

  // Performance types as rows, so the type filter is an index lookup, not a JSON scan.
  await db.schema
    .createTable('artist_performance_types')
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('performance_type', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('artist_performance_types_pk', ['performance_type', 'artist_id'])
    .execute();
  await sql`INSERT INTO artist_performance_types(artist_id, performance_type)
    SELECT artists.id, each.value FROM artists, json_each(artists.performance_types) AS each`.execute(
    db,
  );
  // Kept in step with the JSON column by whoever writes it.
  await sql`CREATE TRIGGER artist_types_insert AFTER INSERT ON artists BEGIN
    INSERT OR IGNORE INTO artist_performance_types(artist_id, performance_type)
      SELECT new.id, value FROM json_each(new.performance_types);
  END`.execute(db);
  await sql`CREATE TRIGGER artist_types_update AFTER UPDATE OF performance_types ON artists BEGIN
    DELETE FROM artist_performance_types WHERE artist_id = new.id;
    INSERT OR IGNORE INTO artist_performance_types(artist_id, performance_type)
      SELECT new.id, value FROM json_each(new.performance_types);
  END`.execute(db);

  // Browse order: newest first among active jobs, with or without a category or region filter.
  await db.schema
    .createIndex('jobs_active_created')
    .on('jobs')
    .columns(['is_active', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('jobs_active_category_created')
    .on('jobs')
    .columns(['is_active', 'category', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('jobs_active_region_created')
    .on('jobs')
    .columns(['is_active', 'region', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('jobs_created').ifExists().execute();
  // Artists: best rated first (unrated last), then by id.
  await sql`CREATE INDEX artists_rank ON artists(coalesce(rating, -1) DESC, id)`.execute(db);
  await sql`CREATE INDEX artists_region_rank ON artists(region, coalesce(rating, -1) DESC, id)`.execute(
    db,
  );
  await db.schema.dropIndex('artists_region').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS artists_region_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS artists_rank`.execute(db);
  await db.schema
    .createIndex('artists_region')
    .ifNotExists()
    .on('artists')
    .column('region')
    .execute();
  for (const index of [
    'jobs_active_region_created',
    'jobs_active_category_created',
    'jobs_active_created',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema
    .createIndex('jobs_created')
    .ifNotExists()
    .on('jobs')
    .column('created_at')
    .execute();
  await db.schema.dropTable('artist_performance_types').ifExists().execute();
  for (const trigger of [
    'artist_types_update',
    'artist_types_insert',
    'artists_fts_update',
    'artists_fts_delete',
    'artists_fts_insert',
    'jobs_fts_update',
    'jobs_fts_delete',
    'jobs_fts_insert',
  ]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS artists_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS jobs_fts`.execute(db);
}
