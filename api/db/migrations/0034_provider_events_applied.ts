import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// A provider's webhook now only records its event; the payments reconciler applies it later
// (api/payments/provider-events.ts). An event is applied when `applied_at` is set; until then it
// is asked about again at `next_check_at`, `tries` spacing the asks out. Events recorded before
// this were applied as they came, so they count as applied when they were received.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('provider_events').addColumn('applied_at', 'text').execute();
  await db.schema.alterTable('provider_events').addColumn('next_check_at', 'text').execute();
  await db.schema
    .alterTable('provider_events')
    .addColumn('tries', postgres ? 'bigint' : 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE provider_events SET applied_at = received_at`.execute(db);
  // The reconciler's question each round: which events are not applied yet, and due.
  await sql`CREATE INDEX provider_events_unapplied ON provider_events (next_check_at) WHERE applied_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX provider_events_unapplied`.execute(db);
  await db.schema.alterTable('provider_events').dropColumn('tries').execute();
  await db.schema.alterTable('provider_events').dropColumn('next_check_at').execute();
  await db.schema.alterTable('provider_events').dropColumn('applied_at').execute();
}
