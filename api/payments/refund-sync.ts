import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { lockEngagementOfPayment } from '../engagements/escrow.ts';
import { addSeconds } from '../lib/clock.ts';
import { refundReceipt } from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import { post, postings } from './ledger.ts';
import { type ChargeRow, findCharge, type RefundRow, updateRefund } from './payments-repository.ts';
import { PaystackError } from './paystack-client.ts';
import { backoffSeconds, PAYMENT_TIMINGS, type ProviderDeps } from './provider-sync.ts';

/**
 * Asking the provider where a refund stands and recording its answer (provider-sync.ts says
 * how): a refund asked of the provider, processed, or failed on every try.
 */

/** The refund reached the payer (the provider shows the charge reversed). */
export async function recordRefundProcessed(
  trx: Kysely<Database>,
  refund: RefundRow,
  now: Date,
): Promise<boolean> {
  await lockEngagementOfPayment(trx, refund.payment_id);
  const nowIso = now.toISOString();
  const recorded = await updateRefund(trx, refund.id, ['queued', 'pending'], {
    status: 'processed',
    processed_at: nowIso,
    next_check_at: null,
    updated_at: nowIso,
  });
  if (!recorded) return false;
  await post(
    trx,
    postings.refundProcessed({
      paymentId: refund.payment_id,
      chargeReference: refund.charge_reference,
      amountPesewas: refund.amount_pesewas,
    }),
    now,
  );
  const charge = (await findCharge(trx, refund.charge_reference)) as ChargeRow;
  await queueNotification(
    trx,
    charge.payer_id,
    refundReceipt({ totalPesewas: refund.amount_pesewas }),
    now,
  );
  return true;
}

/**
 * What the provider says of a refund asked for: processed (the charge shows reversed, or its
 * list of refunds has this amount processed), failed (every try of this amount it lists failed:
 * a stale failure of an earlier try does not count while a later one is under way), or pending.
 */
export async function refundAtProvider(
  deps: Pick<ProviderDeps, 'db' | 'client'>,
  refund: RefundRow,
): Promise<'processed' | 'failed' | 'pending'> {
  const charge = (await findCharge(deps.db, refund.charge_reference)) as ChargeRow;
  if (refund.amount_pesewas >= charge.amount_pesewas) {
    const transaction = await deps.client.verifyTransaction(refund.charge_reference);
    if (transaction.status === 'reversed') return 'processed';
  }
  const tries = (await deps.client.listRefunds(refund.charge_reference)).filter(
    (found) => found.amountPesewas === refund.amount_pesewas,
  );
  if (tries.some((found) => found.status === 'processed')) return 'processed';
  if (tries.length > 0 && tries.every((found) => found.status === 'failed')) return 'failed';
  return 'pending';
}

/**
 * Moves a refund on: a queued one is asked for (the whole charge, so asking twice cannot refund
 * twice: the provider refuses what was already refunded), a pending one is verified through its
 * charge, which the provider shows reversed once the payer has the money back.
 */
export async function syncRefund(deps: ProviderDeps, refund: RefundRow): Promise<void> {
  const { db, clock, log, client } = deps;
  const later = async (seconds: number, tries = refund.tries) =>
    db
      .updateTable('refunds')
      .set({
        tries,
        claimed_by: null,
        lease_until: null,
        next_check_at: addSeconds(clock(), seconds).toISOString(),
      })
      .where('id', '=', refund.id)
      .execute();
  try {
    const charge = (await findCharge(db, refund.charge_reference)) as ChargeRow;
    if (refund.amount_pesewas < charge.amount_pesewas) {
      // A part of the charge (a cancellation policy's share): the provider's list of the
      // charge's refunds says whether it was asked for (never twice) and processed.
      const asked = (await client.listRefunds(refund.charge_reference)).find(
        (found) => found.amountPesewas === refund.amount_pesewas,
      );
      const now = clock();
      if (!asked) {
        await client.createRefund({
          transactionReference: refund.charge_reference,
          amountPesewas: refund.amount_pesewas,
        });
      } else if (asked.status === 'processed') {
        await db.transaction().execute((trx) => recordRefundProcessed(trx, refund, clock()));
        return;
      }
      await updateRefund(db, refund.id, ['queued', 'pending'], {
        status: 'pending',
        ...(asked ? {} : { requested_at: now.toISOString() }),
        tries: refund.status === 'pending' ? refund.tries + 1 : refund.tries,
        claimed_by: null,
        lease_until: null,
        next_check_at: addSeconds(now, PAYMENT_TIMINGS.refundPollSeconds).toISOString(),
        updated_at: now.toISOString(),
      });
      return;
    }
    if (refund.status === 'queued') {
      try {
        await client.createRefund({ transactionReference: refund.charge_reference });
        const now = clock();
        await updateRefund(db, refund.id, ['queued'], {
          status: 'pending',
          requested_at: now.toISOString(),
          next_check_at: addSeconds(now, PAYMENT_TIMINGS.refundPollSeconds).toISOString(),
          updated_at: now.toISOString(),
        });
        return;
      } catch (error) {
        if (!(error instanceof PaystackError)) throw error;
        // Refused: perhaps asked before (a crash after the provider took it). Verify below.
        log.warn({ reference: refund.charge_reference, reason: error.message }, 'refund refused');
      }
    }
    const transaction = await client.verifyTransaction(refund.charge_reference);
    if (transaction.status === 'reversed') {
      await db.transaction().execute((trx) => recordRefundProcessed(trx, refund, clock()));
      return;
    }
    const tries = refund.tries + 1;
    await later(
      refund.status === 'pending' ? PAYMENT_TIMINGS.refundPollSeconds : backoffSeconds(tries),
      tries,
    );
  } catch (error) {
    const tries = refund.tries + 1;
    log.warn({ reference: refund.charge_reference, tries, err: error }, 'refund not moved on');
    await later(backoffSeconds(tries), tries);
  }
}
