import type { ReactNode } from 'react';
import type { Status } from '../../../../contracts/applications.ts';
import type { Payment } from '../../../../contracts/payments.ts';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import type { CompletionVariables, DisputeVariables } from '../api/payments.ts';
import { CancelButton, type CancelButtonProps } from './cancel-button.tsx';
import { CompletionPanel } from './completion-panel.tsx';
import { can, type DealState } from './deal.ts';
import { hasPayment } from './has-payment.ts';
import { PayButton, type PayButtonProps } from './pay-button.tsx';
import { PaymentBadge } from './payment-badge.tsx';

/**
 * The one card of a deal on every dashboard (the client's and the artist's bookings, the
 * employer's applicants, the job seeker's applications): who, what, the amount, then the money
 * (`money`: where it is, the timeline, whose turn, the buttons the server allows), then reviews.
 */
export function DealCard({
  who,
  what,
  status,
  amount,
  children,
  decision,
  money,
  review,
}: {
  /** The other side: 'DJ Kasa', 'Kofi Boateng', or the job's title for its worker. */
  who: ReactNode;
  /** The event or the job, a line under it. */
  what: ReactNode;
  status: Status;
  /** The price as shown: 'GHS 735.00'. */
  amount: string;
  /** The deal's own details: date and venue, cover letter, contact. */
  children?: ReactNode;
  /** Accept and Reject on a request. */
  decision?: ReactNode;
  money?: ReactNode;
  review?: ReactNode;
}) {
  return (
    <li className="card list-card deal-card">
      <div className="list-card-head">
        <div>
          <h3 className="card-title">{who}</h3>
          <div className="muted">{what}</div>
        </div>
        <StatusBadge status={status} />
      </div>
      {children}
      <div className="list-card-foot">
        <span className="price">{amount}</span>
        {decision}
      </div>
      {money}
      {review}
    </li>
  );
}

export interface DealMoneyProps {
  deal: DealState & { payment: Payment };
  status: Status;
  /** Pay's words and doors; the button shows only while `pay` is allowed (or a charge runs). */
  pay?: Omit<PayButtonProps, 'payment' | 'allowed'>;
  /** The payee's line while the payer has still to pay. */
  waiting?: string | null;
  completion: {
    variables: CompletionVariables;
    confirmKind: WriteKind<CompletionVariables>;
    reportKind: WriteKind<DisputeVariables>;
  };
  /** Cancel's words; the button shows only when `cancel` is allowed. */
  cancel?: CancelButtonProps;
}

/** The money part of a deal's card: badge, Pay, the timeline and whose turn, then Cancel. */
export function DealMoney({ deal, status, pay, waiting, completion, cancel }: DealMoneyProps) {
  const cancellable = cancel && can(deal, 'cancel');
  const money = hasPayment({ status, payment: deal.payment });
  if (!money && !cancellable) return null;
  return (
    <section className="payment-section" aria-label={t('Payment')}>
      {money ? <PaymentBadge status={deal.payment.status} /> : null}
      {pay ? <PayButton {...pay} payment={deal.payment} allowed={can(deal, 'pay')} /> : null}
      {waiting && deal.payment.status === 'unpaid' && status === 'accepted' ? (
        <p className="hint">{waiting}</p>
      ) : null}
      <CompletionPanel deal={deal} {...completion} />
      {cancellable ? (
        <div className="button-row">
          <CancelButton {...cancel} />
        </div>
      ) : null}
    </section>
  );
}
