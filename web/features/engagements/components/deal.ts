/**
 * What a deal's card says (a booking, an application, one milestone of a job): where the money
 * is, whose turn it is, and the timeline, from what the server sent. Which buttons show is the
 * server's `allowedActions`, never the phone's clock: a cheap handset a week off shows the same
 * buttons as a right one, and the server still judges each request when it arrives. Pure, so
 * every combination is tested without rendering.
 */
import type { EngagementAction } from '../../../../contracts/engagements.ts';
import type { Completion, Payment } from '../../../../contracts/payments.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';

export interface DealState {
  payment: Pick<Payment, 'status' | 'paidAt' | 'releasedAt'>;
  completion: Completion;
  allowedActions: readonly EngagementAction[];
  /** The viewer pays (client, employer) or is paid (artist, job seeker). */
  side: 'payer' | 'payee';
  /** The other side, as the viewer knows them: 'DJ Kasa', 'Ama Owusu', 'the employer'. */
  other: string;
}

export interface TurnView {
  text: string;
  /** When the money goes by itself, if it will. */
  note: string | null;
  canConfirm: boolean;
  canReport: boolean;
}

export const can = (deal: Pick<DealState, 'allowedActions'>, action: EngagementAction) =>
  deal.allowedActions.includes(action);

/** Whose turn it is once money is in play; null while there is nothing to confirm yet. */
export function turnView(deal: DealState): TurnView | null {
  const { payment, completion, side, other } = deal;
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
  const canConfirm = can(deal, 'confirm');
  const canReport = can(deal, 'dispute');
  const mine = side === 'payer' ? completion.payerConfirmedAt : completion.payeeConfirmedAt;
  const theirs = side === 'payer' ? completion.payeeConfirmedAt : completion.payerConfirmedAt;
  // Nobody has said it was done and the server offers no confirming: the work's date is ahead.
  if (!canConfirm && !mine && !theirs) {
    return {
      text: completion.confirmableFrom
        ? t('Paid and held safely. You can both confirm it was done from {date}.', {
            date: formatDateTime(completion.confirmableFrom),
          })
        : t('Paid and held safely.'),
      ...none,
      canReport,
    };
  }
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
  return { text, note: releaseNote(deal, theirs !== null && !mine), canConfirm, canReport };
}

/**
 * When the money goes by itself, if it will. The payer's 72 hours run from the SMS that told
 * them the payee says the work is done: until it has gone there is no date to give.
 */
function releaseNote(deal: DealState, payerAnswers: boolean): string | null {
  const { completion, side, other } = deal;
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
function releasedText(side: DealState['side'], other: string, at: string | null): string {
  const date = at ? formatDateTime(at) : null;
  if (side === 'payee') {
    return date ? t('Payment released to you on {date}.', { date }) : t('Payment released to you.');
  }
  return date
    ? t('Payment released to {name} on {date}.', { name: other, date })
    : t('Payment released to {name}.', { name: other });
}

/**
 * The deal's life so far and what comes next, oldest first: "Paid 12 Nov 2026, 14:02", "Kojo
 * said done 15 Nov 2026, 09:10", "Goes to Kojo 18 Nov 2026, 14:10 unless you report a problem".
 * Every date is the server's.
 */
export function dealTimeline(deal: DealState): string[] {
  const { payment, completion, side, other } = deal;
  const name = capitalize(other);
  const steps: { at: string; text: string }[] = [];
  const step = (at: string | null, text: (date: string) => string) => {
    if (at) steps.push({ at, text: text(formatDateTime(at)) });
  };
  step(payment.paidAt, (date) => t('Paid {date}', { date }));
  step(completion.payeeConfirmedAt, (date) =>
    side === 'payee'
      ? t('You said done {date}', { date })
      : t('{name} said done {date}', { name, date }),
  );
  step(completion.payerConfirmedAt, (date) =>
    side === 'payer'
      ? t('You confirmed {date}', { date })
      : t('{name} confirmed {date}', { name, date }),
  );
  step(completion.disputedAt, (date) => t('Problem reported {date}', { date }));
  if (payment.status === 'released') {
    step(payment.releasedAt, (date) =>
      side === 'payee'
        ? t('Paid out to you {date}', { date })
        : t('Paid out to {name} {date}', { name: other, date }),
    );
  } else if (payment.status === 'held') {
    step(completion.autoReleaseAt, (date) =>
      side === 'payer'
        ? t('Goes to {name} {date} unless you report a problem', { name: other, date })
        : t('Goes to you {date} unless a problem is reported', { date }),
    );
  }
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const lines = steps.map((entry) => entry.text);
  if (payment.status === 'refunded') lines.push(t('Refunded'));
  return lines;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
