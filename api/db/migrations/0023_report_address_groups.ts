import type { Kysely } from 'kysely';

// Where each report came from (the reporter's address group, as sign-in limits count them), so
// that the reports that hide a listing are from different places, not one person's accounts.
// Reports made before this have none and count by reporter.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').addColumn('reporter_group', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('reporter_group').execute();
}
