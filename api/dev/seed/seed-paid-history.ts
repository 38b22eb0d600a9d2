import type { Kysely } from 'kysely';
import { networkOfPhone, serviceFeePesewas } from '../../../contracts/payments.ts';
import type { Database } from '../../db/database.ts';
import type { EngagementRef } from '../../engagements/engagements-repository.ts';
import { post, postings } from '../../payments/ledger.ts';
import { TRANSFER_FEE_PESEWAS } from '../../payments/paystack-client.ts';

/** The fee the demo's past payments paid (the setting's default). */
const DEMO_SERVICE_FEE_PERCENT = 5;

/**
 * A past engagement as escrow would have left it: charged, held, released and paid out, with
 * the payment, charge and payout rows and the ledger postings each step makes, so the demo's
 * wallets, badges and `npm run ledger:check` agree with its completed work. Nothing is sent:
 * this is history, written straight into the tables.
 */
export async function seedPaidEngagement(
  trx: Kysely<Database>,
  input: {
    ref: EngagementRef;
    payerId: number;
    payeeId: number;
    amountPesewas: number;
    paidAt: string;
    releasedAt: string;
  },
): Promise<void> {
  const { ref, amountPesewas, paidAt, releasedAt } = input;
  // Paid from the payer's sign-in number, paid out to the payee's.
  const userOf = (id: number) =>
    trx
      .selectFrom('users')
      .select(['id', 'phone_number as phoneNumber'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const payer = await userOf(input.payerId);
  const payee = await userOf(input.payeeId);
  const feePesewas = serviceFeePesewas(amountPesewas, DEMO_SERVICE_FEE_PERCENT);
  const totalPesewas = amountPesewas + feePesewas;
  const { id: paymentId } = await trx
    .insertInto('payments')
    .values({
      engagement_type: ref.type,
      engagement_id: ref.id,
      payer_id: payer.id,
      payee_id: payee.id,
      amount_pesewas: amountPesewas,
      fee_pesewas: feePesewas,
      status: 'released',
      held_at: paidAt,
      payer_confirmed_at: releasedAt,
      payee_confirmed_at: releasedAt,
      released_at: releasedAt,
      created_at: paidAt,
      updated_at: releasedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const chargeReference = `seed-charge-${paymentId}`;
  await trx
    .insertInto('charges')
    .values({
      reference: chargeReference,
      payment_id: paymentId,
      payer_id: payer.id,
      amount_pesewas: totalPesewas,
      phone: payer.phoneNumber,
      network: networkOfPhone(payer.phoneNumber) ?? 'mtn',
      status: 'success',
      step: 'success',
      step_at: paidAt,
      provider_fee_pesewas: 0,
      paid_at: paidAt,
      created_at: paidAt,
      updated_at: paidAt,
    })
    .execute();
  await post(
    trx,
    postings.chargeSucceeded({
      paymentId,
      reference: chargeReference,
      totalPesewas,
      providerFeePesewas: 0,
    }),
    new Date(paidAt),
  );
  await post(
    trx,
    postings.released({ paymentId, payeeId: payee.id, amountPesewas, feePesewas }),
    new Date(releasedAt),
  );

  const payoutReference = `seed-payout-${paymentId}`;
  await trx
    .insertInto('payouts')
    .values({
      reference: payoutReference,
      payment_id: paymentId,
      payee_id: payee.id,
      attempt: 1,
      amount_pesewas: amountPesewas,
      phone: payee.phoneNumber,
      network: networkOfPhone(payee.phoneNumber) ?? 'mtn',
      status: 'success',
      initiated_at: releasedAt,
      settled_at: releasedAt,
      created_at: releasedAt,
      updated_at: releasedAt,
    })
    .execute();
  const payout = { paymentId, payeeId: payee.id, reference: payoutReference, amountPesewas };
  await post(trx, postings.payoutStarted(payout), new Date(releasedAt));
  await post(trx, postings.payoutSucceeded(payout), new Date(releasedAt));
  // Paystack charges its transfer fee on every payout that went, as it does live.
  await post(
    trx,
    postings.transferFee({
      paymentId,
      reference: payoutReference,
      feePesewas: TRANSFER_FEE_PESEWAS,
    }),
    new Date(releasedAt),
  );
}
