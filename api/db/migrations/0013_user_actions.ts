import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  // What one account did, when, for the per-user rates that no other table can count: a status
  // set and set back leaves no trace in its own row, and a picture uploaded and deleted none in
  // the pictures table. Rows are pruned once the longest window (a day) has passed.
  await db.schema
    .createTable('user_actions')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('user_actions_user_action_created')
    .on('user_actions')
    .columns(['user_id', 'action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('user_actions_created')
    .on('user_actions')
    .column('created_at')
    .execute();

  // Idempotency records one user stored in the last day are counted for their daily cap.
  await db.schema
    .createIndex('idempotency_keys_user_created')
    .on('idempotency_keys')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_user_created').ifExists().execute();
  await db.schema.dropTable('user_actions').ifExists().execute();
}
