import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL.
//
// Staged payments for jobs, issue 24 (api/engagements/process.ts):
// - milestones: an accepted application's job split by its employer into 1 to 5 stages, each
//   funded, confirmed and released or refunded on its own (`open` until then; `completed` when
//   its money went to the worker, `cancelled` when it was called off or refunded). An
//   application without rows is paid in one, as before.
// - payments.engagement_type may be `milestone`: a milestone's escrow is keyed by its own id,
//   like a booking's or an application's. PostgreSQL swaps the check; SQLite cannot alter a
//   check, so the table is copied into a new one whose check allows it, every row under its
//   own id (charges, payouts, refunds and the ledger point at them), its indexes and triggers
//   made again as they were.
const ENGAGEMENT_TYPES = `'booking', 'application', 'milestone'`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const integer = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('milestones')
    // Never reused (AUTOINCREMENT on SQLite): a stage set again gets new ids, so a request
    // naming an old one finds nothing rather than its successor.
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('application_id', integer, (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('position', integer, (col) => col.notNull().check(sql`position BETWEEN 1 AND 5`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('amount_pesewas', integer, (col) => col.notNull().check(sql`amount_pesewas > 0`))
    .addColumn('due_date', 'text')
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('open').check(sql`status IN ('open', 'completed', 'cancelled')`),
    )
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('milestones_application_position', ['application_id', 'position'])
    .execute();

  if (postgres) {
    await sql`ALTER TABLE payments DROP CONSTRAINT payments_engagement_type_check`.execute(db);
    await sql
      .raw(
        `ALTER TABLE payments ADD CONSTRAINT payments_engagement_type_check CHECK (engagement_type IN (${ENGAGEMENT_TYPES}))`,
      )
      .execute(db);
    return;
  }
  await rebuildSqlitePayments(db, `'booking', 'application'`, ENGAGEMENT_TYPES);
}

/** SQLite: the payments table again, with `from` in its engagement_type check replaced by `to`. */
async function rebuildSqlitePayments(db: Kysely<any>, from: string, to: string) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'payments'`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql ?? '';
  const check = /"engagement_type" in \(([^)]*)\)/i;
  const found = check.exec(table);
  if (!found || found[1]?.replaceAll('"', "'") !== from) {
    throw new Error(`payments: no engagement_type check of ${from} in ${table}`);
  }
  const rebuilt = table.replace(check, `"engagement_type" in (${to})`);
  // Indexes and triggers go with the table; recreated as they were.
  const others = rows.filter((row) => row.type !== 'table' && row.sql !== null);
  // SQLite's own recipe for changing a table: foreign keys off (possible only outside a
  // transaction; Kysely runs SQLite migrations outside one), the change in one transaction of
  // its own, every key checked before they are on again.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await sql`CREATE TEMP TABLE payments_copy AS SELECT * FROM payments`.execute(db);
      await sql`DROP TABLE payments`.execute(db);
      await sql.raw(rebuilt).execute(db);
      await sql`INSERT INTO payments SELECT * FROM payments_copy`.execute(db);
      await sql`DROP TABLE payments_copy`.execute(db);
      for (const other of others) await sql.raw(other.sql as string).execute(db);
      const broken = await sql`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) {
        throw new Error(`payments: foreign keys broken: ${JSON.stringify(broken.rows)}`);
      }
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`DELETE FROM payments WHERE engagement_type = 'milestone'
    AND NOT EXISTS (SELECT 1 FROM charges WHERE charges.payment_id = payments.id)`.execute(db);
  if (postgres) {
    await sql`ALTER TABLE payments DROP CONSTRAINT payments_engagement_type_check`.execute(db);
    await sql`ALTER TABLE payments ADD CONSTRAINT payments_engagement_type_check CHECK (engagement_type IN ('booking', 'application'))`.execute(
      db,
    );
  } else {
    await rebuildSqlitePayments(db, ENGAGEMENT_TYPES, `'booking', 'application'`);
  }
  await db.schema.dropTable('milestones').execute();
}
