import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file never imports application code. Runs on SQLite and PostgreSQL
// (there integers are bigint, as in its baseline).
//
// The life of a deal, issue 24 (api/engagements/process.ts):
// - artists.cancellation_policy: what a client who cancels a paid booking gets back; every
//   artist starts at `moderate`.
// - bookings.cancellation_policy: the artist's policy when the booking was requested (the
//   client saw it); bookings from before take `moderate`, their artist's only policy then.
// - bookings.cancelled_by: who called an accepted booking off (`payer`, `payee`, `timer` for
//   the 48 hours to pay, `operator`, `no_show` for an operator's decision that the artist did
//   not show). Cancelled bookings from before are set from what is known: expired unpaid ones
//   (accepted, no money) to `timer`, refunded ones decided by an operator to `operator`; the
//   rest stay unknown (null), so no artist is counted for a cancellation nobody can tell.
// - payments.kept_pesewas, kept_fee_pesewas, kept_due_at, kept_released_at: what a client's
//   late cancellation left of a paid booking by its policy (the artist's share, our fee's
//   share), due to the artist when the event would have ended, and when it went.
const POLICIES = `'flexible', 'moderate', 'strict'`;
const CANCELLERS = `'payer', 'payee', 'timer', 'operator', 'no_show'`;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const integer = postgres ? 'bigint' : 'integer';
  await db.schema
    .alterTable('artists')
    .addColumn('cancellation_policy', 'text', (col) =>
      col
        .notNull()
        .defaultTo('moderate')
        .check(sql.raw(`cancellation_policy IN (${POLICIES})`)),
    )
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('cancellation_policy', 'text', (col) =>
      col
        .notNull()
        .defaultTo('moderate')
        .check(sql.raw(`cancellation_policy IN (${POLICIES})`)),
    )
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('cancelled_by', 'text', (col) =>
      col.check(sql.raw(`cancelled_by IS NULL OR cancelled_by IN (${CANCELLERS})`)),
    )
    .execute();
  await db.schema.alterTable('payments').addColumn('kept_pesewas', integer).execute();
  await db.schema.alterTable('payments').addColumn('kept_fee_pesewas', integer).execute();
  await db.schema.alterTable('payments').addColumn('kept_due_at', 'text').execute();
  await db.schema.alterTable('payments').addColumn('kept_released_at', 'text').execute();
  // The reconciler asks every round which kept shares are due: only over the few waiting.
  await sql`CREATE INDEX payments_kept_due ON payments (kept_due_at)
    WHERE kept_due_at IS NOT NULL AND kept_released_at IS NULL`.execute(db);
  // cancelledByArtist counts per artist.
  await sql`CREATE INDEX bookings_cancelled_by ON bookings (artist_id, cancelled_by)
    WHERE cancelled_by IS NOT NULL`.execute(db);

  await sql`UPDATE bookings SET cancelled_by = 'operator'
    WHERE status = 'cancelled' AND EXISTS (
      SELECT 1 FROM payments WHERE payments.engagement_type = 'booking'
        AND payments.engagement_id = bookings.id AND payments.resolution = 'refund')`.execute(db);
  await sql`UPDATE bookings SET cancelled_by = 'timer'
    WHERE status = 'cancelled' AND cancelled_by IS NULL AND accepted_at IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM payments WHERE payments.engagement_type = 'booking'
          AND payments.engagement_id = bookings.id AND payments.status <> 'unpaid')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bookings_cancelled_by`.execute(db);
  await sql`DROP INDEX IF EXISTS payments_kept_due`.execute(db);
  for (const column of ['kept_released_at', 'kept_due_at', 'kept_fee_pesewas', 'kept_pesewas']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
  await db.schema.alterTable('bookings').dropColumn('cancelled_by').execute();
  await db.schema.alterTable('bookings').dropColumn('cancellation_policy').execute();
  await db.schema.alterTable('artists').dropColumn('cancellation_policy').execute();
}
