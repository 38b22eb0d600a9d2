import type { ExpressionBuilder, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  ChargesTable,
  Database,
  PaymentsTable,
  PayoutsTable,
  RefundsTable,
} from '../db/database.ts';
import { claimedAmong } from '../db/dialect.ts';
import type { EngagementRef, PaymentRow } from '../engagements/engagements-repository.ts';

export type ChargeRow = Selectable<ChargesTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type RefundRow = Selectable<RefundsTable>;

// --- Payments ------------------------------------------------------------------------------

/** The engagement's escrow, made on first use with the amount and fee it will hold. */
export async function ensurePayment(
  db: Kysely<Database>,
  values: {
    ref: EngagementRef;
    payerId: number;
    payeeId: number;
    amountPesewas: number;
    feePesewas: number;
    now: string;
  },
): Promise<PaymentRow> {
  await db
    .insertInto('payments')
    .values({
      engagement_type: values.ref.type,
      engagement_id: values.ref.id,
      payer_id: values.payerId,
      payee_id: values.payeeId,
      amount_pesewas: values.amountPesewas,
      fee_pesewas: values.feePesewas,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) => oc.columns(['engagement_type', 'engagement_id']).doNothing())
    .execute();
  return (await findPaymentOf(db, values.ref)) as PaymentRow;
}

export async function findPaymentOf(
  db: Kysely<Database>,
  ref: EngagementRef,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('engagement_type', '=', ref.type)
    .where('engagement_id', '=', ref.id)
    .executeTakeFirst();
}

export async function findPayment(db: Kysely<Database>, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Changes a payment only while it is in one of `from` (and, with `unfrozen`, not frozen): two
 * doors acting on one payment at once (a webhook and the reconciler, two processes, an
 * operator's suspension) cannot both move it. True when it moved.
 */
export async function updatePayment(
  db: Kysely<Database>,
  id: number,
  from: readonly string[],
  changes: Updateable<PaymentsTable>,
  { unfrozen = false }: { unfrozen?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable('payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from);
  if (unfrozen) query = query.where('frozen_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Starts the payer's release clock once their notice went: only while the payee's word is the
 * only one (the payee confirmed, the payer did not), no clock was started by an earlier notice,
 * and the payment is held and not frozen. True when it started.
 */
export async function startReleaseClock(
  db: Kysely<Database>,
  id: number,
  clock: { notifiedAt: string; dueAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      payer_notified_at: clock.notifiedAt,
      release_due_at: clock.dueAt,
      updated_at: clock.notifiedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .where('frozen_at', 'is', null)
    .where('payer_notified_at', 'is', null)
    .where('payee_confirmed_at', 'is not', null)
    .where('payer_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Held payments whose wait for a dispute ran out by `now` (a frozen one has no clock). */
export async function paymentsDueForRelease(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'held')
    .where('frozen_at', 'is', null)
    .where('release_due_at', '<=', now)
    .orderBy('release_due_at')
    .limit(limit)
    .execute();
}

/**
 * Held payments whose payee alone says the work is done, whose payer has not been told and has
 * no notice (sent by `hook`) waiting to go: a payment confirmed before notices existed, say.
 */
export async function paymentsWithoutPayerNotice(
  db: Kysely<Database>,
  hook: string,
  limit: number,
) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('status', '=', 'held')
    .where('frozen_at', 'is', null)
    .where('payer_notified_at', 'is', null)
    .where('payee_confirmed_at', 'is not', null)
    .where('payer_confirmed_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notifications')
            .select('notifications.id')
            .where('notifications.send_hook', '=', hook)
            .whereRef('notifications.send_hook_ref', '=', 'payments.id')
            .where('notifications.status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The payee's held payments: those not frozen, or those frozen. */
export async function heldPaymentsOfPayee(
  db: Kysely<Database>,
  payeeId: number,
  frozen: boolean,
): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('id')
    .where('payee_id', '=', payeeId)
    .where('status', '=', 'held')
    .where('frozen_at', frozen ? 'is not' : 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * What waits for an operator because its payee is suspended: held payments frozen, and released
 * ones whose payout is paused; oldest first, with both sides.
 */
export async function frozenPayments(db: Kysely<Database>) {
  const columns = [
    'payments.id',
    'payments.engagement_type',
    'payments.engagement_id',
    'payments.amount_pesewas',
    'payments.fee_pesewas',
    'payments.status',
    'payments.payer_id',
    'payments.payee_id',
  ] as const;
  const [frozen, paused] = await Promise.all([
    db
      .selectFrom('payments')
      .select([...columns, 'payments.frozen_at as stopped_at'])
      .where('payments.frozen_at', 'is not', null)
      .where('payments.status', '=', 'held')
      .execute(),
    db
      .selectFrom('payouts')
      .innerJoin('payments', 'payments.id', 'payouts.payment_id')
      .select([...columns, 'payouts.paused_at as stopped_at'])
      .where('payouts.paused_at', 'is not', null)
      .execute(),
  ]);
  const byId = new Map([...frozen, ...paused].map((row) => [row.id, row]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Payments an operator must decide, oldest dispute first. */
export async function disputedPayments(db: Kysely<Database>) {
  return db
    .selectFrom('payments')
    .select([
      'payments.id',
      'payments.engagement_type',
      'payments.engagement_id',
      'payments.amount_pesewas',
      'payments.fee_pesewas',
      'payments.disputed_at',
      'payments.disputed_by',
      'payments.dispute_reason',
    ])
    .innerJoin('users as payer', 'payer.id', 'payments.payer_id')
    .select([
      'payer.id as payer_id',
      'payer.first_name as payer_first_name',
      'payer.last_name as payer_last_name',
      'payer.phone_number as payer_phone',
    ])
    .innerJoin('users as payee', 'payee.id', 'payments.payee_id')
    .select([
      'payee.id as payee_id',
      'payee.first_name as payee_first_name',
      'payee.last_name as payee_last_name',
      'payee.phone_number as payee_phone',
    ])
    .where('payments.status', '=', 'disputed')
    .orderBy('payments.disputed_at')
    .execute();
}

// --- Charges -------------------------------------------------------------------------------

export async function insertCharge(db: Kysely<Database>, values: Insertable<ChargesTable>) {
  await db.insertInto('charges').values(values).execute();
}

export async function findCharge(db: Kysely<Database>, reference: string) {
  return db.selectFrom('charges').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Charges started since `since` by one payer and to one wallet number, and the oldest of each. */
export async function countRecentCharges(
  db: Kysely<Database>,
  payerId: number,
  phone: string,
  since: string,
) {
  const count = (column: 'payer_id' | 'phone', value: number | string) =>
    db
      .selectFrom('charges')
      .select(({ fn }) => [
        fn.countAll<number>().as('count'),
        fn.min<string | null>('created_at').as('oldest'),
      ])
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
  const [byPayer, toWallet] = await Promise.all([
    count('payer_id', payerId),
    count('phone', phone),
  ]);
  return {
    byPayer: { count: Number(byPayer.count), oldest: byPayer.oldest },
    toWallet: { count: Number(toWallet.count), oldest: toWallet.oldest },
  };
}

/** The payment's charge still waiting on the payer or the provider, if any. */
export async function findOpenCharge(db: Kysely<Database>, paymentId: number) {
  return db
    .selectFrom('charges')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['initiating', 'pending'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Changes a charge only while it is in one of `from`; lets go of any claim on it. */
export async function updateCharge(
  db: Kysely<Database>,
  reference: string,
  from: readonly string[],
  changes: Updateable<ChargesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('charges')
    .set({ claimed_by: null, lease_until: null, ...changes })
    .where('reference', '=', reference)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Asks the reconciler to verify a charge on its next round (the dev handset was answered). */
export async function checkChargeNow(db: Kysely<Database>, reference: string): Promise<void> {
  await db
    .updateTable('charges')
    .set({ next_check_at: new Date(0).toISOString() })
    .where('reference', '=', reference)
    .where('status', 'in', ['initiating', 'pending'])
    .execute();
}

/** The payment's successful charges that have not been refunded. */
export async function unrefundedCharges(db: Kysely<Database>, paymentId: number) {
  return db
    .selectFrom('charges')
    .leftJoin('refunds', 'refunds.charge_reference', 'charges.reference')
    .select(['charges.reference', 'charges.amount_pesewas'])
    .where('charges.payment_id', '=', paymentId)
    .where('charges.status', '=', 'success')
    .where('refunds.id', 'is', null)
    .execute();
}

// --- Refunds -------------------------------------------------------------------------------

/** Queues a full refund of a charge; false when that charge already has one. */
export async function insertRefund(
  db: Kysely<Database>,
  values: Insertable<RefundsTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('refunds')
    .values(values)
    .onConflict((oc) => oc.column('charge_reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findRefundOfCharge(db: Kysely<Database>, chargeReference: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('charge_reference', '=', chargeReference)
    .executeTakeFirst();
}

/** Changes a refund only while it is in one of `from`; lets go of any claim on it. */
export async function updateRefund(
  db: Kysely<Database>,
  id: number,
  from: readonly string[],
  changes: Updateable<RefundsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ claimed_by: null, lease_until: null, ...changes })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// --- Claims ---------------------------------------------------------------------------------

type ClaimTable = 'charges' | 'payouts' | 'refunds';
type Row<T extends ClaimTable> = Selectable<Database[T]>;

/**
 * Claims up to `limit` rows of `table` in one of `statuses` that are due, for `claimer` until
 * `leaseUntil`, in one atomic UPDATE (as the notification sender does): a row is claimable when
 * nobody holds it or its holder's lease ended (it crashed). So several processes never call the
 * provider for one row at once, and a crashed worker's rows are taken up when its lease ends.
 * The outer WHERE repeats the condition for databases that re-check a row another transaction
 * just changed (PostgreSQL under READ COMMITTED); on PostgreSQL the subquery also skips rows
 * another worker is claiming at this moment rather than wait for it (claimedAmong).
 */
export async function claimDue<T extends ClaimTable>(
  db: Kysely<Database>,
  table: T,
  statuses: readonly string[],
  claim: { claimer: string; now: string; leaseUntil: string; limit: number },
): Promise<Row<T>[]> {
  // One body for three tables of the same claim columns; Kysely types one table at a time.
  const target = table as 'charges';
  const claimable = (eb: ExpressionBuilder<Database, 'charges'>) =>
    eb.and([
      eb('status', 'in', statuses),
      eb('next_check_at', '<=', claim.now),
      eb.or([eb('claimed_by', 'is', null), eb('lease_until', '<=', claim.now)]),
    ]);
  const rows = await db
    .updateTable(target)
    .set({ claimed_by: claim.claimer, lease_until: claim.leaseUntil })
    .where((eb) =>
      claimedAmong(
        db,
        'id',
        eb
          .selectFrom(target)
          .select('id')
          .where(claimable)
          .orderBy('next_check_at')
          .limit(claim.limit),
      ),
    )
    .where(claimable)
    .returningAll()
    .execute();
  return rows as unknown as Row<T>[];
}

/**
 * Extends the claimer's lease on one row just before the provider is called about it; false when
 * the claimer holds it no longer (its lease ran out and another took it up).
 */
export async function renewClaim(
  db: Kysely<Database>,
  table: ClaimTable,
  id: number,
  claimer: string,
  leaseUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table as 'charges')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('claimed_by', '=', claimer)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Lets go of every row the claimer holds (on shutdown), to be taken up at once by another. */
export async function releaseClaims(db: Kysely<Database>, claimer: string): Promise<void> {
  for (const table of ['charges', 'payouts', 'refunds'] as const) {
    await db
      .updateTable(table as 'charges')
      .set({ claimed_by: null, lease_until: null })
      .where('claimed_by', '=', claimer)
      .execute();
  }
}

/** Refunded payments whose kept share (a late cancellation's) is due to the artist. */
export async function paymentsWithKeptDue(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('kept_due_at', 'is not', null)
    .where('kept_due_at', '<=', now)
    .where('kept_released_at', 'is', null)
    .where('status', '=', 'refunded')
    .orderBy('kept_due_at')
    .limit(limit)
    .execute();
}
