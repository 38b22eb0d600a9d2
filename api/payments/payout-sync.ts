import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { lockEngagementOfPayment } from '../engagements/escrow.ts';
import { addSeconds } from '../lib/clock.ts';
import type { Log } from '../lib/log.ts';
import { paidOutReceipt, payoutFailedNotice } from '../notifications/messages.ts';
import { queueNotification } from '../notifications/notifications.ts';
import { post, postings } from './ledger.ts';
import type { PayoutRow } from './payments-repository.ts';
import { payoutDestination } from './payout-settings.ts';
import { findPayout, markPayoutInitiated, updatePayout } from './payouts-repository.ts';
import { type PaystackClient, PaystackError, TRANSFER_FEE_PESEWAS } from './paystack-client.ts';
import type { Transfer } from './paystack-wire.ts';
import {
  backoffSeconds,
  PAYMENT_TIMINGS,
  type ProviderDeps,
  TRANSFER_FAILED_STATUSES,
} from './provider-sync.ts';

/**
 * Asking the provider where a payout stands and recording its answer (provider-sync.ts says how):
 * a transfer sent, refused, failed or reversed; a refused one tried again later; the recipient
 * made first when the payee has none.
 */

/**
 * Records what the provider says of a transfer, inside the caller's transaction: a success
 * takes the money off our balance and tells the payee; a failure or a reversal makes the payee
 * owed it again (Withdraw Funds retries) and tells them; still moving asks again later.
 */
export async function recordTransfer(
  trx: Kysely<Database>,
  payout: PayoutRow,
  transfer: Transfer,
  now: Date,
  log: Log,
): Promise<boolean> {
  await lockEngagementOfPayment(trx, payout.payment_id);
  const nowIso = now.toISOString();
  if (
    transfer.reference !== payout.reference ||
    transfer.currency !== 'GHS' ||
    transfer.amountPesewas !== payout.amount_pesewas
  ) {
    log.error(
      { alert: 'payment_mismatch', reference: payout.reference },
      'A transfer does not match our payout: left for an operator',
    );
    return false;
  }
  const movement = {
    paymentId: payout.payment_id,
    payeeId: payout.payee_id,
    reference: payout.reference,
    amountPesewas: payout.amount_pesewas,
  };
  const code = { transfer_code: transfer.transferCode, updated_at: nowIso };
  const failed = TRANSFER_FAILED_STATUSES.has(transfer.status);
  if (transfer.status === 'success' || transfer.status === 'reversed') {
    const paid = await updatePayout(trx, payout.reference, ['queued', 'pending'], {
      ...code,
      status: 'success',
      settled_at: nowIso,
      next_check_at: addSeconds(now, PAYMENT_TIMINGS.reversalCheckSeconds).toISOString(),
    });
    if (paid) {
      await post(trx, postings.payoutSucceeded(movement), now);
      await post(
        trx,
        postings.transferFee({
          paymentId: payout.payment_id,
          reference: payout.reference,
          feePesewas: TRANSFER_FEE_PESEWAS,
        }),
        now,
      );
      if (transfer.status === 'success') {
        await queueNotification(
          trx,
          payout.payee_id,
          paidOutReceipt({
            amountPesewas: payout.amount_pesewas,
            phone: payout.phone,
            network: payout.network as Parameters<typeof paidOutReceipt>[0]['network'],
          }),
          now,
        );
      }
    }
    if (transfer.status === 'success') {
      // Verified once more later; after that, only a reversal's webhook moves it.
      if (!paid) {
        await updatePayout(trx, payout.reference, ['success'], { next_check_at: null });
      }
      return paid;
    }
    const reversed = await updatePayout(trx, payout.reference, ['success'], {
      ...code,
      status: 'reversed',
      failure: transfer.gatewayResponse ?? 'reversed',
      next_check_at: null,
    });
    if (reversed) {
      await post(trx, postings.payoutReversed(movement), now);
      await queueNotification(
        trx,
        payout.payee_id,
        payoutFailedNotice({ amountPesewas: payout.amount_pesewas, phone: payout.phone }),
        now,
      );
    }
    return paid || reversed;
  }
  if (failed) {
    const recorded = await updatePayout(trx, payout.reference, ['queued', 'pending'], {
      ...code,
      status: 'failed',
      failure: transfer.gatewayResponse ?? transfer.status,
      settled_at: nowIso,
      next_check_at: null,
    });
    if (recorded) {
      await post(trx, postings.payoutFailed(movement), now);
      await queueNotification(
        trx,
        payout.payee_id,
        payoutFailedNotice({ amountPesewas: payout.amount_pesewas, phone: payout.phone }),
        now,
      );
    }
    return recorded;
  }
  await updatePayout(trx, payout.reference, ['queued', 'pending'], {
    ...code,
    status: 'pending',
    next_check_at: addSeconds(now, PAYMENT_TIMINGS.transferPollSeconds).toISOString(),
  });
  return false;
}

/** The provider refused the payout outright: the payee is owed it again. */
async function recordPayoutRefused(deps: ProviderDeps, payout: PayoutRow, reason: string) {
  const now = deps.clock();
  deps.log.error(
    { alert: 'payout_refused', reference: payout.reference, reason },
    'The provider refused a payout: the payee can retry with Withdraw Funds',
  );
  await deps.db.transaction().execute(async (trx) => {
    const recorded = await updatePayout(trx, payout.reference, ['queued', 'pending'], {
      status: 'failed',
      failure: reason.slice(0, 200),
      settled_at: now.toISOString(),
      next_check_at: null,
      updated_at: now.toISOString(),
    });
    if (!recorded) return;
    await post(
      trx,
      postings.payoutFailed({
        paymentId: payout.payment_id,
        payeeId: payout.payee_id,
        reference: payout.reference,
        amountPesewas: payout.amount_pesewas,
      }),
      now,
    );
    await queueNotification(
      trx,
      payout.payee_id,
      payoutFailedNotice({ amountPesewas: payout.amount_pesewas, phone: payout.phone }),
      now,
    );
  });
}

async function retryPayoutLater(deps: ProviderDeps, payout: PayoutRow, error: unknown) {
  const now = deps.clock();
  const tries = payout.tries + 1;
  deps.log.warn({ reference: payout.reference, tries, err: error }, 'payout not sent yet');
  await deps.db
    .updateTable('payouts')
    .set({
      tries,
      claimed_by: null,
      lease_until: null,
      next_check_at: addSeconds(now, backoffSeconds(tries)).toISOString(),
    })
    .where('reference', '=', payout.reference)
    .execute();
}

/** The transfer as the provider knows it, or undefined when it knows no such reference. */
async function verifyTransferOrNone(
  client: PaystackClient,
  reference: string,
): Promise<Transfer | undefined> {
  try {
    return await client.verifyTransfer(reference);
  } catch (error) {
    if (error instanceof PaystackError && error.httpStatus === 404) return undefined;
    throw error;
  }
}

/**
 * Moves a payout on: a queued one is sent (after checking the provider has not got it already,
 * if it may have), a pending or paid one is verified. The reference is fixed, so asking twice
 * can never pay twice: the provider refuses the second, and we verify instead.
 */
export async function syncPayout(deps: ProviderDeps, payout: PayoutRow): Promise<void> {
  const { db, clock, log, client } = deps;
  try {
    let transfer: Transfer | undefined;
    if (payout.status !== 'queued' || payout.initiated_at !== null) {
      transfer = await verifyTransferOrNone(client, payout.reference);
    }
    if (!transfer && payout.status === 'queued') {
      let recipientCode = payout.recipient_code;
      try {
        recipientCode ??= await createRecipient(deps, payout);
      } catch (error) {
        if (!(error instanceof PaystackError) || error.httpStatus === 401) throw error;
        // The wallet was refused as a recipient (a wrong number or network).
        await recordPayoutRefused(deps, payout, error.message);
        return;
      }
      // From here on the provider may have the transfer: a crash now leaves initiated_at to say
      // "verify before asking again". Marked only while it may still go: not paused by a
      // suspension meanwhile, past its number's 24-hour hold; otherwise nothing is asked.
      if (
        !(await markPayoutInitiated(db, payout.reference, recipientCode, clock().toISOString()))
      ) {
        await updatePayout(db, payout.reference, ['queued'], {});
        return;
      }
      try {
        transfer = await client.initiateTransfer({
          amountPesewas: payout.amount_pesewas,
          recipientCode,
          reference: payout.reference,
          reason: 'Ghana Gigs payout',
        });
      } catch (error) {
        if (!(error instanceof PaystackError) || error.httpStatus === 401) throw error;
        // A duplicate reference means it was sent before: verify. Any other refusal stands.
        transfer = await verifyTransferOrNone(client, payout.reference);
        if (!transfer) {
          await recordPayoutRefused(deps, payout, error.message);
          return;
        }
      }
    }
    if (!transfer) {
      // Paid or pending by our records, unknown to the provider: an operator must look.
      log.error(
        { alert: 'payout_unknown', reference: payout.reference },
        'The provider knows no transfer for a payout we sent',
      );
      await retryPayoutLater(deps, payout, new Error('transfer not found'));
      return;
    }
    const found = transfer;
    await db.transaction().execute(async (trx) => {
      const current = (await findPayout(trx, payout.reference)) as PayoutRow;
      await recordTransfer(trx, current, found, clock(), log);
    });
  } catch (error) {
    // The provider unreachable, or our key refused: nothing was decided, so try again later.
    await retryPayoutLater(deps, payout, error);
  }
}

/** The payee's wallet as a transfer recipient (the provider answers the same one for a repeat). */
async function createRecipient(deps: ProviderDeps, payout: PayoutRow): Promise<string> {
  const { name } = await payoutDestination(deps.db, payout.payee_id, deps.clock());
  const recipient = await deps.client.createTransferRecipient({
    name: name || 'Ghana Gigs payee',
    phone: payout.phone,
    network: payout.network as Parameters<PaystackClient['createTransferRecipient']>[0]['network'],
  });
  return recipient.recipientCode;
}
