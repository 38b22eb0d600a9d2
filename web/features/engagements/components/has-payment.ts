import type { Payment } from '../../../../contracts/payments.ts';

/**
 * Whether a card speaks of money at all: once the engagement is accepted (it is then paid, or
 * waits to be), or if money ever moved for it (a completed one was paid out, a cancelled one
 * refunded). Work completed with no escrow at all (before payments, or demo data) has nothing
 * to say about money: "Unpaid" there would be wrong.
 */
export function hasPayment(engagement: { status: string; payment: Pick<Payment, 'status'> }) {
  return engagement.status === 'accepted' || engagement.payment.status !== 'unpaid';
}
