import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // One live code per phone and requesting address, so a send from one address never replaces
  // the code another address asked for. Codes live 10 minutes: the few lost here are asked again.
  await db.schema.dropTable('otp_codes').execute();
  await db.schema
    .createTable('otp_codes')
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('client_ip', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('otp_codes_pk', ['phone_number', 'client_ip'])
    .execute();

  // Wrong codes are counted per phone and address, per address and in all, besides per phone.
  // Rows from before this column count only towards the per-phone and global totals.
  await db.schema
    .alterTable('otp_failures')
    .addColumn('client_ip', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('otp_failures_ip_created')
    .on('otp_failures')
    .columns(['client_ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_failures_created')
    .on('otp_failures')
    .column('created_at')
    .execute();
  // Expired sessions are pruned on a schedule.
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_expires').ifExists().execute();
  await db.schema.dropIndex('otp_failures_created').ifExists().execute();
  await db.schema.dropIndex('otp_failures_ip_created').ifExists().execute();
  await db.schema.alterTable('otp_failures').dropColumn('client_ip').execute();
  await db.schema.dropTable('otp_codes').execute();
  await db.schema
    .createTable('otp_codes')
    .addColumn('phone_number', 'text', (col) => col.primaryKey())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}
