import type { Insertable, Kysely, Updateable } from 'kysely';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';
import type { Database, PayoutsTable } from '../db/database.ts';

/**
 * The payouts to payees' wallets (queued, asked of the provider, paused for a suspended payee,
 * tried again) and where each payee's payouts go (their payout settings).
 */

export async function insertPayout(db: Kysely<Database>, values: Insertable<PayoutsTable>) {
  await db.insertInto('payouts').values(values).execute();
}

export async function findPayout(db: Kysely<Database>, reference: string) {
  return db.selectFrom('payouts').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Changes a payout only while it is in one of `from`; lets go of any claim on it. */
export async function updatePayout(
  db: Kysely<Database>,
  reference: string,
  from: readonly string[],
  changes: Updateable<PayoutsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set({ claimed_by: null, lease_until: null, ...changes })
    .where('reference', '=', reference)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks a queued payout as possibly sent, just before the provider is asked: only while it is
 * still queued, not paused (its payee suspended meanwhile) and past its number's 24-hour hold.
 * False when it may not go now; nothing is asked then.
 */
export async function markPayoutInitiated(
  db: Kysely<Database>,
  reference: string,
  recipientCode: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payouts')
    .set({ recipient_code: recipientCode, initiated_at: now })
    .where('reference', '=', reference)
    .where('status', '=', 'queued')
    .where('paused_at', 'is', null)
    .where((eb) => eb.or([eb('hold_until', 'is', null), eb('hold_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Payouts never asked of the provider (queued, not initiated), of a payee or of a payment. */
function waitingPayouts(db: Kysely<Database>) {
  return db
    .selectFrom('payouts')
    .select(['reference', 'hold_until', 'paused_at'])
    .where('status', '=', 'queued')
    .where('initiated_at', 'is', null);
}

/** When a waiting payout may next be looked at: now, or when its number's hold ends. */
const dueAfterHold = (holdUntil: string | null, now: string) =>
  holdUntil && holdUntil > now ? holdUntil : now;

/**
 * Pauses the payee's payouts not yet asked of the provider (their account is suspended): the
 * reconciler no longer takes them up. One already asked cannot be called back.
 */
export async function pausePayoutsOf(db: Kysely<Database>, payeeId: number, now: string) {
  await db
    .updateTable('payouts')
    .set({ paused_at: now, next_check_at: null, updated_at: now })
    .where('payee_id', '=', payeeId)
    .where('status', '=', 'queued')
    .where('initiated_at', 'is', null)
    .where('paused_at', 'is', null)
    .execute();
}

/** Lets paused payouts go again (of a payee, or of one payment), each after its hold if any. */
export async function resumePayouts(
  db: Kysely<Database>,
  of: { payeeId: number } | { paymentId: number },
  now: string,
): Promise<number> {
  const rows = await ('payeeId' in of
    ? waitingPayouts(db).where('payee_id', '=', of.payeeId)
    : waitingPayouts(db).where('payment_id', '=', of.paymentId)
  )
    .where('paused_at', 'is not', null)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('payouts')
      .set({ paused_at: null, next_check_at: dueAfterHold(row.hold_until, now), updated_at: now })
      .where('reference', '=', row.reference)
      .where('paused_at', 'is not', null)
      .execute();
  }
  return rows.length;
}

/**
 * A payout goes to the payout number as it is when it is sent: the payee's payouts not yet asked
 * of the provider take the new number, and its hold (a paused one stays paused).
 */
export async function repointWaitingPayouts(
  db: Kysely<Database>,
  payeeId: number,
  destination: { phoneNumber: string; network: MobileNetwork; heldUntil: string | null },
  now: string,
) {
  const rows = await waitingPayouts(db).where('payee_id', '=', payeeId).execute();
  for (const row of rows) {
    await db
      .updateTable('payouts')
      .set({
        phone: destination.phoneNumber,
        network: destination.network,
        recipient_code: null,
        hold_until: destination.heldUntil,
        next_check_at: row.paused_at ? null : dueAfterHold(destination.heldUntil, now),
        updated_at: now,
      })
      .where('reference', '=', row.reference)
      .where('status', '=', 'queued')
      .where('initiated_at', 'is', null)
      .execute();
  }
}

/**
 * The payee's released payments whose last payout failed or came back, with that attempt's
 * number: what Withdraw Funds sends again.
 */
export async function payoutsToRetry(db: Kysely<Database>, payeeId: number) {
  return db
    .selectFrom('payouts')
    .innerJoin('payments', 'payments.id', 'payouts.payment_id')
    .select(['payouts.payment_id', 'payouts.attempt', 'payouts.amount_pesewas'])
    .where('payouts.payee_id', '=', payeeId)
    .where('payments.status', '=', 'released')
    .where('payouts.status', 'in', ['failed', 'reversed'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payouts as later')
            .select('later.id')
            .whereRef('later.payment_id', '=', 'payouts.payment_id')
            .whereRef('later.attempt', '>', 'payouts.attempt'),
        ),
      ),
    )
    .execute();
}

// --- Where payouts go ---------------------------------------------------------------------

/** Saves where the user's payouts go; `now` is when that number was set (its hold runs from it). */
export async function savePayoutSettings(
  db: Kysely<Database>,
  userId: number,
  settings: { phoneNumber: string; network: MobileNetwork },
  now: string,
): Promise<void> {
  await db
    .insertInto('payout_settings')
    .values({
      user_id: userId,
      phone_number: settings.phoneNumber,
      network: settings.network,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        phone_number: settings.phoneNumber,
        network: settings.network,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * What a user's payout goes by: their sign-in phone and name, their saved payout number and when
 * it was set, and whether they are suspended.
 */
export async function findPayee(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('payout_settings', 'payout_settings.user_id', 'users.id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.phone_number',
      'users.suspended_at',
      'payout_settings.phone_number as payout_phone',
      'payout_settings.network as payout_network',
      'payout_settings.updated_at as payout_set_at',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}
