import type { Kysely } from 'kysely';
import { formatAmount } from '../../contracts/money.ts';
import {
  type Completion,
  type Payment,
  type PaymentStatus,
  serviceFeePesewas,
} from '../../contracts/payments.ts';
import type { Database } from '../db/database.ts';
import type { ListPage } from '../lib/keyset-page.ts';
import {
  type EngagementPayment,
  type EngagementType,
  engagementPayments,
} from './engagements-repository.ts';

/**
 * The `payment` and `completion` of an engagement as the API shows them. Before its escrow
 * exists (nothing was paid yet) the amount is the engagement's own and the fee what paying now
 * would add; once it exists, both are fixed in it.
 */
function paymentView(
  { amountPesewas, payment: row, workStartsAt }: EngagementPayment,
  feePercent: number,
): { payment: Payment; completion: Completion } {
  const amount = row?.amount_pesewas ?? amountPesewas ?? 0;
  const fee = row?.fee_pesewas ?? serviceFeePesewas(amount, feePercent);
  return {
    payment: {
      status: (row?.status as PaymentStatus | undefined) ?? 'unpaid',
      amount: formatAmount(amount),
      serviceFee: formatAmount(fee),
      paidAt: row?.held_at ?? null,
      releasedAt: row?.released_at ?? null,
    },
    completion: {
      payerConfirmedAt: row?.payer_confirmed_at ?? null,
      payeeConfirmedAt: row?.payee_confirmed_at ?? null,
      disputedAt: row?.disputed_at ?? null,
      autoReleaseAt: row?.status === 'held' ? row.release_due_at : null,
      confirmableFrom: workStartsAt,
    },
  };
}

/** Adds each engagement's payment and completion, in one query for all of them. */
async function withPayments<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  items: T[],
  feePercent: number,
): Promise<(T & { payment: Payment; completion: Completion })[]> {
  const found = await engagementPayments(
    db,
    type,
    items.map((item) => item.id),
  );
  const none: EngagementPayment = { amountPesewas: null, payment: undefined, workStartsAt: null };
  return items.map((item) => ({
    ...item,
    ...paymentView(found.get(item.id) ?? none, feePercent),
  }));
}

/** A page of engagements with their payments. */
export async function pageWithPayments<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  page: ListPage<T>,
  feePercent: number,
): Promise<ListPage<T & { payment: Payment; completion: Completion }>> {
  return { ...page, items: await withPayments(db, type, page.items, feePercent) };
}

/** One engagement with its payment. */
export async function oneWithPayment<T extends { id: number }>(
  db: Kysely<Database>,
  type: EngagementType,
  item: T,
  feePercent: number,
): Promise<T & { payment: Payment; completion: Completion }> {
  const [withPayment] = await withPayments(db, type, [item], feePercent);
  return withPayment as T & { payment: Payment; completion: Completion };
}

/**
 * An engagement made in this transaction, with its payment and completion: none of its payment
 * exists yet, so `inputs` (its price and start, e.g. newApplicationPayment) are all there is to
 * show, without a query.
 */
export function newWithPayment<T extends { id: number }>(
  item: T,
  inputs: EngagementPayment,
  feePercent: number,
): T & { payment: Payment; completion: Completion } {
  return { ...item, ...paymentView(inputs, feePercent) };
}
