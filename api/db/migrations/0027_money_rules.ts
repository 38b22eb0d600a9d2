import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL
// (there integers are bigint, as in its baseline).
//
// The rules around the money, round three:
// - payments.payer_notified_at: when the payer was sent the notice that the payee says the work
//   is done; the payer's 72 hours run from that moment, never from an earlier one.
// - payments.frozen_at, frozen_release_seconds: a held payment whose payee an operator suspended
//   is frozen (no release by itself); the release clock's time left is kept to resume it.
// - payouts.hold_until: a payout to a number set less than 24 hours before is not sent before
//   this; payouts.paused_at: its payee is suspended, so it is not sent until that is lifted.
// - notifications.send_hook, send_hook_ref: a message whose sending itself does something (the
//   notice above starts the payer's clock), and the row it does it to.
// - otp_codes.purpose: a code sent to change the payout number never signs anyone in, nor a
//   sign-in code changes a payout number. The key gains the purpose, so the table is made
//   again; live codes are copied.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const integer = postgres ? 'bigint' : 'integer';

  await db.schema.alterTable('payments').addColumn('payer_notified_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('frozen_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('frozen_release_seconds', integer).execute();
  await db.schema.alterTable('payouts').addColumn('hold_until', 'text').execute();
  await db.schema.alterTable('payouts').addColumn('paused_at', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('send_hook', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('send_hook_ref', integer).execute();
  // Each only over its few rows: the reconciler asks every round which payments lack a notice,
  // and the operator's queue lists what is frozen or paused.
  await sql`CREATE INDEX notifications_send_hook ON notifications (send_hook, send_hook_ref)
    WHERE send_hook IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payments_frozen ON payments (frozen_at) WHERE frozen_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX payouts_paused ON payouts (paused_at) WHERE paused_at IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('otp_codes_next')
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) =>
      col.notNull().defaultTo('sign_in').check(sql`purpose IN ('sign_in', 'payout')`),
    )
    .addColumn('client_ip', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('attempts', integer, (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('otp_codes_purpose_pk', ['phone_number', 'purpose', 'client_ip'])
    .execute();
  await sql`INSERT INTO otp_codes_next
      (phone_number, purpose, client_ip, code_hash, delivery_method, attempts, created_at, expires_at)
    SELECT phone_number, 'sign_in', client_ip, code_hash, delivery_method, attempts, created_at, expires_at
    FROM otp_codes`.execute(db);
  await db.schema.dropTable('otp_codes').execute();
  await db.schema.alterTable('otp_codes_next').renameTo('otp_codes').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('otp_codes_previous')
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('client_ip', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('attempts', postgres ? 'bigint' : 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('otp_codes_pk', ['phone_number', 'client_ip'])
    .execute();
  await sql`INSERT INTO otp_codes_previous
      (phone_number, client_ip, code_hash, delivery_method, attempts, created_at, expires_at)
    SELECT phone_number, client_ip, code_hash, delivery_method, attempts, created_at, expires_at
    FROM otp_codes WHERE purpose = 'sign_in'`.execute(db);
  await db.schema.dropTable('otp_codes').execute();
  await db.schema.alterTable('otp_codes_previous').renameTo('otp_codes').execute();
  for (const index of ['payouts_paused', 'payments_frozen', 'notifications_send_hook']) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(index)}`.execute(db);
  }
  for (const [table, column] of [
    ['notifications', 'send_hook_ref'],
    ['notifications', 'send_hook'],
    ['payouts', 'paused_at'],
    ['payouts', 'hold_until'],
    ['payments', 'frozen_release_seconds'],
    ['payments', 'frozen_at'],
    ['payments', 'payer_notified_at'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
