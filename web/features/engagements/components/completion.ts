/**
 * What a booking's or an application's card says about completion: whose turn it is to
 * confirm, when the money goes by itself, and which actions the viewer has. Pure, so every
 * combination is tested without rendering.
 */
import type { Completion, Payment } from '../../../../contracts/payments.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';

export interface CompletionInput {
  payment: Pick<Payment, 'status' | 'releasedAt'>;
  completion: Completion;
  /** The viewer pays (client, employer) or is paid (artist, job seeker). */
  side: 'payer' | 'payee';
  /** The other side, as the viewer knows them: 'DJ Kasa', 'Ama Owusu', 'the employer'. */
  other: string;
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
  const none = { note: null, canConfirm: false, canReport: false };
  switch (payment.status) {
    case 'unpaid':
    case 'pending':
      return null;
    case 'released':
      return { text: releasedText(side, other, payment.releasedAt), ...none };
    case 'refunded':
      return {
        text: side === 'payer' ? t('Refunded to you.') : t('Refunded to {name}.', { name: other }),
        ...none,
      };
    case 'disputed':
      return {
        text: completion.disputedAt
          ? t(
              'A problem was reported on {date}. The payment is on hold until we have looked into it.',
              { date: formatDateTime(completion.disputedAt) },
            )
          : t('A problem was reported. The payment is on hold until we have looked into it.'),
        ...none,
      };
    case 'held':
      break;
  }
  const from = completion.confirmableFrom;
  if (from !== null && input.now < Date.parse(from)) {
    return {
      text: t('Paid and held safely. You can both confirm it was done from {date}.', {
        date: formatDateTime(from),
      }),
      ...none,
    };
  }
  const mine = side === 'payer' ? completion.payerConfirmedAt : completion.payeeConfirmedAt;
  const theirs = side === 'payer' ? completion.payeeConfirmedAt : completion.payerConfirmedAt;
  const name = capitalize(other);
  const text =
    mine && theirs
      ? t('You have both confirmed. The payment is on its way.')
      : mine
        ? t('You confirmed. Waiting for {name} to confirm.', { name: other })
        : theirs
          ? side === 'payer'
            ? t('{name} says the work is done. Confirm it, or report a problem.', { name })
            : t('{name} confirmed. Your turn: confirm it was done.', { name })
          : t('Your turn: confirm it was done. {name} confirms too.', { name });
  return {
    text,
    note: releaseNote(input, theirs !== null && !mine),
    canConfirm: !mine,
    canReport: true,
  };
}

/**
 * When the money goes by itself, if it will. The payer's 72 hours run from the SMS that told
 * them the payee says the work is done: until it has gone there is no date to give.
 */
function releaseNote(input: CompletionInput, payerAnswers: boolean): string | null {
  const { completion, side, other } = input;
  const at = completion.autoReleaseAt ? formatDateTime(completion.autoReleaseAt) : null;
  if (side === 'payer' && payerAnswers) {
    return at
      ? t('If you do neither, the money goes to {name} by itself on {date}.', {
          name: other,
          date: at,
        })
      : t('If you do neither, the money goes to {name} by itself 72 hours after our SMS to you.', {
          name: other,
        });
  }
  if (!at) {
    return side === 'payee' && completion.payeeConfirmedAt && !completion.payerConfirmedAt
      ? t('Released to you 72 hours after {name} is told, unless a problem is reported.', {
          name: other,
        })
      : null;
  }
  return side === 'payee'
    ? t('Released to you on {date} unless a problem is reported.', { date: at })
    : t('Released to {name} on {date} unless a problem is reported.', { name: other, date: at });
}

/** Each sentence whole, so every language can place "you" and the date its own way. */
function releasedText(side: CompletionInput['side'], other: string, at: string | null): string {
  const date = at ? formatDateTime(at) : null;
  if (side === 'payee') {
    return date ? t('Payment released to you on {date}.', { date }) : t('Payment released to you.');
  }
  return date
    ? t('Payment released to {name} on {date}.', { name: other, date })
    : t('Payment released to {name}.', { name: other });
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
