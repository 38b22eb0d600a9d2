import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // Job lists carry each job's application count, so a cached job list must also change when a
  // job gains or loses an application. Only a row's arrival, departure or move to another job
  // changes a count: a status decision leaves every list as it was.
  await sql`INSERT INTO data_versions(name, version) VALUES ('application_counts', 0)`.execute(db);
  const bump = sql`UPDATE data_versions SET version = version + 1 WHERE name = 'application_counts';`;
  await sql`CREATE TRIGGER application_counts_version_insert AFTER INSERT ON applications BEGIN ${bump} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER application_counts_version_delete AFTER DELETE ON applications BEGIN ${bump} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER application_counts_version_update AFTER UPDATE OF job_id ON applications BEGIN ${bump} END`.execute(
    db,
  );
  // The performance-type filter reads artist_performance_types. Triggers on artists keep it in
  // step (and bump the artists version then), but a direct write must invalidate too.
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    await sql`CREATE TRIGGER ${sql.id(`artist_performance_types_version_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON artist_performance_types BEGIN
      UPDATE data_versions SET version = version + 1 WHERE name = 'artists';
    END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`artist_performance_types_version_${event}`)}`.execute(
      db,
    );
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`application_counts_version_${event}`)}`.execute(db);
  }
  await sql`DELETE FROM data_versions WHERE name = 'application_counts'`.execute(db);
}
