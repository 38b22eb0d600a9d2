import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // A version per table, bumped by triggers on every change, so list counts can be cached
  // until the data they count changes (one indexed read instead of a COUNT over many rows).
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO data_versions(name, version) VALUES ('jobs', 0), ('artists', 0)`.execute(
    db,
  );
  for (const table of ['jobs', 'artists']) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_version_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN
        UPDATE data_versions SET version = version + 1 WHERE name = ${sql.lit(table)};
      END`.execute(db);
    }
  }
  // Both browse filters at once: the page and its count read the index alone.
  await db.schema
    .createIndex('jobs_active_category_region_created')
    .on('jobs')
    .columns(['is_active', 'category', 'region', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_active_category_region_created').ifExists().execute();
  for (const table of ['jobs', 'artists']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_version_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('data_versions').ifExists().execute();
}
