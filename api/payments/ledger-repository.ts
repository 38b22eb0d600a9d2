import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Posting } from './ledger.ts';

/** The account's id, making it on first use (two writers meet on its unique code). */
async function accountId(db: Kysely<Database>, code: string): Promise<number> {
  await db
    .insertInto('ledger_accounts')
    .values({ code })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a balanced posting; false, writing nothing, when its key is already in the ledger. */
export async function insertLedgerTransaction(
  db: Kysely<Database>,
  posting: Posting,
  createdAt: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('ledger_transactions')
    .values({
      kind: posting.kind,
      key: posting.key,
      payment_id: posting.paymentId,
      reference: posting.reference,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const entries = [];
  for (const line of posting.lines) {
    entries.push({
      transaction_id: inserted.id,
      account_id: await accountId(db, line.account),
      amount_pesewas: line.amountPesewas,
    });
  }
  await db.insertInto('ledger_entries').values(entries).execute();
  return true;
}

/** Every account's balance, by code. */
export async function accountBalances(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .leftJoin('ledger_entries', 'ledger_entries.account_id', 'ledger_accounts.id')
    .select((eb) => [
      'ledger_accounts.code',
      eb.fn.coalesce(eb.fn.sum<number>('ledger_entries.amount_pesewas'), eb.lit(0)).as('balance'),
    ])
    .groupBy('ledger_accounts.code')
    .execute();
  return new Map(rows.map((row) => [row.code, Number(row.balance)]));
}

/** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
export async function unbalancedTransactions(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_transactions')
    .leftJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
    .select((eb) => [
      'ledger_transactions.id',
      'ledger_transactions.key',
      eb.fn.coalesce(eb.fn.sum<number>('ledger_entries.amount_pesewas'), eb.lit(0)).as('sum'),
      eb.fn.count<number>('ledger_entries.id').as('entries'),
    ])
    .groupBy(['ledger_transactions.id', 'ledger_transactions.key'])
    .having((eb) =>
      eb.or([
        eb(eb.fn.coalesce(eb.fn.sum('ledger_entries.amount_pesewas'), eb.lit(0)), '<>', 0),
        eb(eb.fn.count('ledger_entries.id'), '<', 2),
      ]),
    )
    .execute();
}

/** Every transaction's kind, key, payment and reference. */
export async function ledgerTransactionKeys(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_transactions')
    .select(['kind', 'key', 'payment_id', 'reference'])
    .execute();
}

/** The operational rows the ledger must agree with, for the ledger check. */
export async function ledgerCheckRows(db: Kysely<Database>) {
  const [payments, charges, payouts, refunds, suspended, policies] = await Promise.all([
    db
      .selectFrom('payments')
      .select([
        'id',
        'payee_id',
        'amount_pesewas',
        'fee_pesewas',
        'status',
        'payer_confirmed_at',
        'payee_confirmed_at',
        'payer_notified_at',
        'release_due_at',
        'released_at',
        'resolution',
        'frozen_at',
        'engagement_type',
        'engagement_id',
        'kept_pesewas',
        'kept_fee_pesewas',
        'kept_due_at',
        'kept_released_at',
      ])
      .execute(),
    db
      .selectFrom('charges')
      .select(['reference', 'payment_id', 'amount_pesewas', 'status', 'provider_fee_pesewas'])
      .execute(),
    db
      .selectFrom('payouts')
      .select([
        'reference',
        'payment_id',
        'payee_id',
        'amount_pesewas',
        'status',
        'initiated_at',
        'hold_until',
        'paused_at',
      ])
      .execute(),
    db
      .selectFrom('refunds')
      .select(['charge_reference', 'payment_id', 'amount_pesewas', 'status'])
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'suspended_at'])
      .where('suspended_at', 'is not', null)
      .execute(),
    // The policy of each booking a client cancelled late (its split is checked to the pesewa).
    db
      .selectFrom('bookings')
      .innerJoin('payments', (join) =>
        join
          .onRef('payments.engagement_id', '=', 'bookings.id')
          .on('payments.engagement_type', '=', 'booking'),
      )
      .select(['payments.id as payment_id', 'bookings.cancellation_policy'])
      .where('payments.kept_pesewas', 'is not', null)
      .execute(),
  ]);
  return { payments, charges, payouts, refunds, suspended, policies };
}

/** Every ledger line of the payments where the user pays or is paid, oldest first. */
export async function userLedgerLines(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('ledger_transactions')
    .select([
      'ledger_transactions.id',
      'ledger_transactions.kind',
      'ledger_transactions.created_at',
    ])
    .innerJoin('payments', 'payments.id', 'ledger_transactions.payment_id')
    .select([
      'payments.id as payment_id',
      'payments.payer_id',
      'payments.payee_id',
      'payments.amount_pesewas as payment_amount',
      'payments.engagement_type',
      'payments.engagement_id',
    ])
    .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
    .select('ledger_entries.amount_pesewas')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select('ledger_accounts.code')
    .where((eb) =>
      eb.or([eb('payments.payer_id', '=', userId), eb('payments.payee_id', '=', userId)]),
    )
    .orderBy('ledger_transactions.id')
    .orderBy('ledger_entries.id')
    .execute();
}
