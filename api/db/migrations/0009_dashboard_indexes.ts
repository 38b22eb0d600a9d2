import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // The employer dashboard counts an employer's active and closed jobs from the index alone.
  await db.schema
    .createIndex('jobs_employer_active')
    .on('jobs')
    .columns(['employer_id', 'is_active'])
    .execute();
  // An artist's pending requests and confirmed bookings, a page at a time, newest first.
  await db.schema
    .createIndex('bookings_artist_status_created')
    .on('bookings')
    .columns(['artist_id', 'status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_artist_status_created').ifExists().execute();
  await db.schema.dropIndex('jobs_employer_active').ifExists().execute();
}
