import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// Whether a report counts toward hiding what it reports: only one from an account at least 7
// days old when it reported, or with paid work (a released payment of at least GHS 50.00 as
// payer or payee). Other reports still reach the operators. The open reports made before this
// are judged by the same rule, by the reporter's age when they reported.

const DAY_MS = 24 * 60 * 60 * 1000;
const MIN_AGE_DAYS = 7;
const COUNTED_WORK_PESEWAS = 5000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('counts_to_hide', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  const open = await db
    .selectFrom('reports')
    .innerJoin('users', 'users.id', 'reports.reporter_id')
    .select([
      'reports.id as id',
      'reports.reporter_id as reporter_id',
      'reports.created_at as reported_at',
      'users.created_at as joined_at',
      sql<number>`(SELECT COUNT(*) FROM payments WHERE payments.status = 'released'
        AND payments.amount_pesewas >= ${sql.lit(COUNTED_WORK_PESEWAS)}
        AND (payments.payer_id = reports.reporter_id OR payments.payee_id = reports.reporter_id))`.as(
        'paid',
      ),
    ])
    .where('reports.reviewed_at', 'is', null)
    .execute();
  const counted = open
    .filter(
      (row) =>
        Number(row.paid) > 0 ||
        Date.parse(String(row.reported_at)) - Date.parse(String(row.joined_at)) >=
          MIN_AGE_DAYS * DAY_MS,
    )
    .map((row) => Number(row.id));
  for (let at = 0; at < counted.length; at += 500) {
    await db
      .updateTable('reports')
      .set({ counts_to_hide: 1 })
      .where('id', 'in', counted.slice(at, at + 500))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('counts_to_hide').execute();
}
