import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL
// (there integers are bigint, as in its baseline).
//
// What a USSD session has shown its caller, so that a later screen of the same dial acts on
// the items the caller saw, not on a list queried again (which a new job or booking request
// may have shifted). A session is the gateway's session id together with the caller's number:
// the same id from another number is another session. Rows live minutes; retention deletes
// them soon after (the index on updated_at makes that a range delete).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('ussd_sessions')
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    // The account the session began with; null while the caller had none (signing up).
    .addColumn('user_id', postgres ? 'bigint' : 'integer', (col) =>
      col.references('users.id').onDelete('cascade'),
    )
    // The inputs answered last (a JSON array), and that answer: a repeated request gets it again.
    .addColumn('inputs', 'text', (col) => col.notNull())
    .addColumn('reply', 'text', (col) => col.notNull())
    // Set when the answer was the session's last screen (END).
    .addColumn('ended_at', 'text')
    // What each list screen showed (a JSON object: a list's key to its items).
    .addColumn('lists', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('ussd_sessions_pk', ['session_id', 'phone_number'])
    .execute();
  await db.schema
    .createIndex('ussd_sessions_updated')
    .on('ussd_sessions')
    .column('updated_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ussd_sessions').ifExists().execute();
}
