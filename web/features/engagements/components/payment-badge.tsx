import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../../contracts/payments.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { t } from '../../../lib/i18n/translate.ts';

const TONES = {
  unpaid: 'outline',
  pending: 'gold',
  held: 'blue',
  released: 'green',
  refunded: 'neutral',
  disputed: 'red',
} as const satisfies Record<PaymentStatus, string>;

/** Where the money of a booking or an application is: unpaid, held in escrow, paid out ... */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={TONES[status]}>{t(PAYMENT_STATUS_LABELS[status])}</Badge>;
}
