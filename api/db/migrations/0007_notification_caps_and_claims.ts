import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    // What the message is about ('booking_request', 'new_applicant' ...): a recipient gets a few
    // of each kind an hour, the rest in one summary.
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('other'))
    .execute();
  // The moment the message takes its place in its recipient's hourly allowance of its kind: now
  // for a single message, the time it may go for a summary.
  await db.schema
    .alterTable('notifications')
    .addColumn('window_at', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Set on a summary while it still takes in new events; cleared when a sender claims it, so
  // the text sent and the count it states are the same. Unique: one open summary per
  // recipient and kind.
  await db.schema.alterTable('notifications').addColumn('summary_key', 'text').execute();
  // How many events a summary stands for (0 for a single message).
  await db.schema
    .alterTable('notifications')
    .addColumn('summarised_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // A sender claims rows before sending them, so two processes never send one row twice; a
  // crashed sender's rows become claimable again when the lease ends.
  await db.schema.alterTable('notifications').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('lease_until', 'text').execute();
  await sql`UPDATE notifications SET window_at = created_at`.execute(db);

  await db.schema
    .createIndex('notifications_summary_key')
    .on('notifications')
    .column('summary_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('notifications_recipient_window')
    .on('notifications')
    .columns(['user_id', 'kind', 'window_at'])
    .execute();
  // The global hourly cap counts what was sent in the last hour.
  await db.schema
    .createIndex('notifications_sent_at')
    .on('notifications')
    .column('sent_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'notifications_sent_at',
    'notifications_recipient_window',
    'notifications_summary_key',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of [
    'lease_until',
    'claimed_by',
    'summarised_count',
    'summary_key',
    'window_at',
    'kind',
  ]) {
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
}
