import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // Transactional outbox for SMS/WhatsApp notifications: written with the change that causes
  // them, sent after commit, retried with backoff.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('to_phone', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) =>
      col.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    )
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('notifications_due')
    .on('notifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // Double-booking check: an artist's accepted bookings by date.
  await db.schema
    .createIndex('bookings_artist_status_date')
    .on('bookings')
    .columns(['artist_id', 'status', 'event_date'])
    .execute();
  await db.schema
    .createIndex('applications_job')
    .on('applications')
    .columns(['job_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applications_job').ifExists().execute();
  await db.schema.dropIndex('bookings_artist_status_date').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
