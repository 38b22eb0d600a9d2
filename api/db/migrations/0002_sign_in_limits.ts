import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // Wrong codes per phone, counted across codes, so requesting new codes can't reset the limit.
  await db.schema
    .createTable('otp_failures')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('otp_failures_phone_created')
    .on('otp_failures')
    .columns(['phone_number', 'created_at'])
    .execute();
  // The global daily cap counts every send.
  await db.schema.createIndex('otp_sends_created').on('otp_sends').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('otp_sends_created').ifExists().execute();
  await db.schema.dropTable('otp_failures').ifExists().execute();
}
