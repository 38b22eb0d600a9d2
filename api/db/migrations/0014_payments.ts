import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Mobile-money escrow. Money is integer pesewas everywhere. The ledger (ledger_accounts,
// ledger_transactions, ledger_entries) is double-entry and append-only: every transaction's
// entries sum to zero, and nothing in it is ever updated or deleted (the triggers below refuse
// it). The operational tables (payments, charges, payouts, refunds) say where each movement
// stands with the provider; their rows change as it answers.

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;

/** The columns a background worker claims a row with (like notifications): who, until when. */
const CLAIM_COLUMNS = ['next_check_at', 'claimed_by', 'lease_until'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // An accepted booking left unpaid for 48 hours is cancelled: counted from its acceptance.
  await db.schema.alterTable('bookings').addColumn('accepted_at', 'text').execute();
  // Bookings accepted before this migration get their 48 hours from now.
  await sql`UPDATE bookings SET accepted_at = ${now} WHERE status = 'accepted'`.execute(db);

  // One escrow per engagement (a booking or an application): who pays whom, how much, and where
  // the money stands.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('engagement_type', 'text', (col) =>
      col.notNull().check(oneOf('engagement_type', ['booking', 'application'])),
    )
    .addColumn('engagement_id', 'integer', (col) => col.notNull())
    .addColumn('payer_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('payee_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('amount_pesewas', 'integer', (col) => col.notNull().check(sql`amount_pesewas > 0`))
    .addColumn('fee_pesewas', 'integer', (col) => col.notNull().check(sql`fee_pesewas >= 0`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('unpaid')
        .check(oneOf('status', ['unpaid', 'pending', 'held', 'released', 'refunded', 'disputed'])),
    )
    .addColumn('held_at', 'text')
    .addColumn('released_at', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('payer_confirmed_at', 'text')
    .addColumn('payee_confirmed_at', 'text')
    // When the money goes to the payee by itself unless the payer disputes.
    .addColumn('release_due_at', 'text')
    .addColumn('disputed_at', 'text')
    .addColumn('disputed_by', 'integer', (col) => col.references('users.id'))
    .addColumn('dispute_reason', 'text')
    // An operator's decision on a dispute: 'release' or 'refund'.
    .addColumn('resolution', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('payments_engagement', ['engagement_type', 'engagement_id'])
    .execute();
  await db.schema
    .createIndex('payments_due')
    .on('payments')
    .columns(['status', 'release_due_at'])
    .execute();
  await db.schema.createIndex('payments_payer').on('payments').column('payer_id').execute();
  await db.schema.createIndex('payments_payee').on('payments').column('payee_id').execute();

  // A mobile-money charge of the payer. The row, with its reference, is written before the
  // provider is called, so a crash mid-call leaves a reference to verify.
  let charges = db.schema
    .createTable('charges')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id'))
    .addColumn('payer_id', 'integer', (col) => col.notNull().references('users.id'))
    // Amount and fee: what the payer approves on the handset.
    .addColumn('amount_pesewas', 'integer', (col) => col.notNull().check(sql`amount_pesewas > 0`))
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('network', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('initiating')
        .check(oneOf('status', ['initiating', 'pending', 'success', 'failed'])),
    )
    // The provider's next step for the payer: pay_offline, send_otp, pending, success, failed.
    .addColumn('step', 'text')
    // When the current step began: the payer has 180 s from a prompt to approve it.
    .addColumn('step_at', 'text')
    .addColumn('display_text', 'text')
    // Why it failed: 'declined', 'abandoned', 'refused', or the provider's words.
    .addColumn('failure', 'text')
    .addColumn('message', 'text')
    // The provider's own fee, deducted from what it settles to us.
    .addColumn('provider_fee_pesewas', 'integer')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(now));
  for (const column of CLAIM_COLUMNS) charges = charges.addColumn(column, 'text');
  await charges.execute();
  await db.schema
    .createIndex('charges_due')
    .on('charges')
    .columns(['status', 'next_check_at'])
    .execute();
  await db.schema.createIndex('charges_payment').on('charges').column('payment_id').execute();

  // A transfer of released money to the payee's mobile-money number. Its reference is fixed per
  // attempt, so sending it again can never pay twice; a new attempt is made only once the
  // last one failed or was reversed.
  let payouts = db.schema
    .createTable('payouts')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id'))
    .addColumn('payee_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('attempt', 'integer', (col) => col.notNull().check(sql`attempt >= 1`))
    .addColumn('amount_pesewas', 'integer', (col) => col.notNull().check(sql`amount_pesewas > 0`))
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('network', 'text', (col) => col.notNull())
    .addColumn('recipient_code', 'text')
    .addColumn('transfer_code', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(oneOf('status', ['queued', 'pending', 'success', 'failed', 'reversed'])),
    )
    .addColumn('failure', 'text')
    // Set just before the transfer is first asked for: from then on, verify before asking again.
    .addColumn('initiated_at', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('payouts_payment_attempt', ['payment_id', 'attempt']);
  for (const column of CLAIM_COLUMNS) payouts = payouts.addColumn(column, 'text');
  await payouts.execute();
  // At most one payout of a payment is live (on its way or paid): a second can only follow a
  // failed or reversed one.
  await db.schema
    .createIndex('payouts_one_live')
    .on('payouts')
    .column('payment_id')
    .unique()
    .where(sql.ref('status'), 'in', ['queued', 'pending', 'success'])
    .execute();
  await db.schema
    .createIndex('payouts_due')
    .on('payouts')
    .columns(['status', 'next_check_at'])
    .execute();
  await db.schema.createIndex('payouts_payee').on('payouts').column('payee_id').execute();

  // A full refund of one charge (cancelled work, a dispute decided for the payer, a charge
  // that landed on an engagement that no longer needed it).
  let refunds = db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id'))
    .addColumn('charge_reference', 'text', (col) =>
      col.notNull().unique().references('charges.reference'),
    )
    .addColumn('amount_pesewas', 'integer', (col) => col.notNull().check(sql`amount_pesewas > 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(oneOf('status', ['queued', 'pending', 'processed'])),
    )
    .addColumn('requested_at', 'text')
    .addColumn('processed_at', 'text')
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(now));
  for (const column of CLAIM_COLUMNS) refunds = refunds.addColumn(column, 'text');
  await refunds.execute();
  await db.schema
    .createIndex('refunds_due')
    .on('refunds')
    .columns(['status', 'next_check_at'])
    .execute();

  // Every provider event we acted on, once: the key is the event and its reference.
  await db.schema
    .createTable('provider_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_key', 'text', (col) => col.notNull().unique())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();

  // Where a user's earnings go; without a row, their sign-in phone.
  await db.schema
    .createTable('payout_settings')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('network', 'text', (col) =>
      col.notNull().check(oneOf('network', ['mtn', 'telecel', 'airteltigo'])),
    )
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();

  // The ledger.
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (col) => col.notNull())
    // What makes a posting happen once: 'charge:<reference>', 'release:<payment id>' ...
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'integer', (col) => col.references('payments.id'))
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_transactions_payment')
    .on('ledger_transactions')
    .column('payment_id')
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('transaction_id', 'integer', (col) =>
      col.notNull().references('ledger_transactions.id'),
    )
    .addColumn('account_id', 'integer', (col) => col.notNull().references('ledger_accounts.id'))
    // Signed: debits positive, credits negative.
    .addColumn('amount_pesewas', 'integer', (col) => col.notNull().check(sql`amount_pesewas <> 0`))
    .execute();
  await db.schema
    .createIndex('ledger_entries_transaction')
    .on('ledger_entries')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('ledger_entries_account')
    .on('ledger_entries')
    .column('account_id')
    .execute();

  // Append-only: a correction is a new transaction, never an edit. (SQLite triggers; the
  // PostgreSQL port swaps them for its own, like the data_versions triggers.)
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_no_${event.toLowerCase()}`)} BEFORE ${sql.raw(event)} ON ${sql.id(table)} BEGIN
        SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)});
      END`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    for (const event of ['update', 'delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_no_${event}`)}`.execute(db);
    }
  }
  for (const table of [
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
    'payout_settings',
    'provider_events',
    'refunds',
    'payouts',
    'charges',
    'payments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('bookings').dropColumn('accepted_at').execute();
}
