import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// An artist has at most one accepted booking per day (the UTC day of its event), as a
// constraint: it holds whichever process accepts, however many at once. Until now the rule
// was a read before the write, safe only while writers took turns.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX bookings_one_accepted_per_day
    ON bookings (artist_id, (substr(event_date, 1, 10)))
    WHERE status = 'accepted'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_one_accepted_per_day`.execute(db);
}
