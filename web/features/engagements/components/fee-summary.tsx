import { formatAmount, toPesewas } from '../../../../contracts/money.ts';
import type { Payment } from '../../../../contracts/payments.ts';
import { formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';

/** What the payer pays, in pesewas: the engagement's amount and the service fee on top. */
export function payerTotals(payment: Pick<Payment, 'amount' | 'serviceFee'>) {
  const amount = toPesewas(payment.amount) ?? 0;
  const fee = toPesewas(payment.serviceFee) ?? 0;
  return { amount, fee, total: amount + fee };
}

/** 77175 -> 'GHS 771.75' */
export const ghs = (pesewas: number): string => formatMoney(formatAmount(pesewas));

/** The amount, the service fee and the total, as the payer sees them before paying. */
export function FeeSummary({
  payment,
  amountLabel,
}: {
  payment: Pick<Payment, 'amount' | 'serviceFee'>;
  /** 'Booking total' or 'Job price'. */
  amountLabel: string;
}) {
  const { amount, fee, total } = payerTotals(payment);
  return (
    <dl className="total-box fee-summary">
      <div className="fee-row">
        <dt>{amountLabel}</dt>
        <dd>{ghs(amount)}</dd>
      </div>
      <div className="fee-row">
        <dt>{t('Service fee')}</dt>
        <dd>{ghs(fee)}</dd>
      </div>
      <div className="total-row">
        <dt>{t('Total to pay')}</dt>
        <dd className="total-amount">{ghs(total)}</dd>
      </div>
    </dl>
  );
}
