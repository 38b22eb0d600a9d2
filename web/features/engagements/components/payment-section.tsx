import type { ReactNode } from 'react';
import type { Payment } from '../../../../contracts/payments.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { PaymentBadge } from './payment-badge.tsx';

/**
 * Whether a card speaks of money at all: once the engagement is accepted (it is then paid, or
 * waits to be), or if money ever moved for it (a completed one was paid out, a cancelled one
 * refunded). Work completed with no escrow at all (before payments, or demo data) has nothing
 * to say about money: "Unpaid" there would be wrong.
 */
export function hasPayment(engagement: { status: string; payment: Pick<Payment, 'status'> }) {
  return engagement.status === 'accepted' || engagement.payment.status !== 'unpaid';
}

/** The money part of a booking's or an application's card: where the money is, then what to do. */
export function PaymentSection({ payment, children }: { payment: Payment; children: ReactNode }) {
  return (
    <section className="payment-section" aria-label={t('Payment')}>
      <PaymentBadge status={payment.status} />
      {children}
    </section>
  );
}
