/**
 * What a booking's or an application's card says about completion: whose turn it is to
 * confirm, when the money goes by itself, and which actions the viewer has. Pure, so every
 * combination is tested without rendering.
 */
import type { Completion, Payment } from '../../../contracts/payments.ts';
import { formatDateTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n/translate.ts';

export interface CompletionInput {
  payment: Pick<Payment, 'status' | 'releasedAt'>;
  completion: Completion;
  /** The viewer pays (client, employer) or is paid (artist, job seeker). */
  side: 'payer' | 'payee';
  /** The other side, as the viewer knows them: 'DJ Kasa', 'Ama Owusu', 'the employer'. */
  other: string;
  /** When confirming opens (a booking's event date); null: as soon as the money is held. */
  confirmableFrom: string | null;
  now: number;
}

export interface CompletionView {
  text: string;
  /** When the money goes by itself, if it will. */
  note: string | null;
  canConfirm: boolean;
  canReport: boolean;
}

/** Null while there is nothing to confirm yet (unpaid, or a prompt still ringing). */
export function completionView(input: CompletionInput): CompletionView | null {
  const { payment, completion, side, other } = input;
  const payee = side === 'payee' ? 'you' : other;
  const none = { note: null, canConfirm: false, canReport: false };
  switch (payment.status) {
    case 'unpaid':
    case 'pending':
      return null;
    case 'released':
      return {
        text: t('Payment released to {payee}{value}.', { payee, value: on(payment.releasedAt) }),
        ...none,
      };
    case 'refunded':
      return {
        text: t('Refunded to {value}.', { value: side === 'payer' ? 'you' : other }),
        ...none,
      };
    case 'disputed':
      return {
        text: t(
          'A problem was reported{value}. The payment is on hold until we have looked into it.',
          { value: on(completion.disputedAt) },
        ),
        ...none,
      };
    case 'held':
      break;
  }
  if (input.confirmableFrom !== null && input.now < Date.parse(input.confirmableFrom)) {
    return {
      text: t('Paid and held safely. You can both confirm once the event date has passed.'),
      ...none,
    };
  }
  const mine = side === 'payer' ? completion.payerConfirmedAt : completion.payeeConfirmedAt;
  const theirs = side === 'payer' ? completion.payeeConfirmedAt : completion.payerConfirmedAt;
  const text =
    mine && theirs
      ? 'You have both confirmed. The payment is on its way.'
      : mine
        ? `You confirmed. Waiting for ${other} to confirm.`
        : theirs
          ? `${capitalize(other)} confirmed. Your turn: confirm it was done.`
          : `Your turn: confirm it was done. ${capitalize(other)} confirms too.`;
  return {
    text,
    note: completion.autoReleaseAt
      ? `Released to ${payee} on ${formatDateTime(completion.autoReleaseAt)} unless a problem is reported.`
      : null,
    canConfirm: !mine,
    canReport: true,
  };
}

const on = (at: string | null) => (at ? ` on ${formatDateTime(at)}` : '');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
