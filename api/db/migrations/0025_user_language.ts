import type { Kysely } from 'kysely';

// The language a person chose (en-GH, ak, ee, gaa): their SMS and USSD menus use it. Null until
// they choose; null reads as English.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
