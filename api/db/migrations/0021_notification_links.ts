import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Every notification links to the screen it is about. The row keeps the screen's path
// (`/dashboard/artist`); the sender puts the configured public address in front of it when it
// sends, so a message queued before the address changed still links to the right place. Rows
// from before this migration have none and go without a link.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('link', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('link').execute();
}
