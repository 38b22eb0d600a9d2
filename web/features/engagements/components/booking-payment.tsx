import type { Booking, ClientBooking } from '../../../../contracts/bookings.ts';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { formatAmount } from '../../../../contracts/money.ts';
import { api } from '../../../../contracts/paths.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { BOOKINGS_QUERY_KEY } from '../../../lib/query-keys.ts';
import { confirmBooking, reportBookingProblem } from '../api/booking-completion.ts';
import { DealMoney } from './deal-card.tsx';
import { payerTotals } from './fee-summary.tsx';

const REFRESHES = [BOOKINGS_QUERY_KEY];

/** What the client paid, fee included, as shown: 'GHS 771.75'. */
const paidTotal = (booking: Booking) =>
  formatMoney(formatAmount(payerTotals(booking.payment).total));

/**
 * What cancelling does to the money, in the server's figure (`refundIfCancelledNow`), as the
 * client sees it: nothing paid, all back, or the policy's share back.
 */
export function clientCancelOutcome(booking: Booking): string {
  const refund = booking.refundIfCancelledNow;
  if (booking.payment.status === 'unpaid' || refund === null) {
    return t('Nothing has been paid, so cancelling costs nothing.');
  }
  const total = paidTotal(booking);
  return refund === formatAmount(payerTotals(booking.payment).total)
    ? t('You get back all {total} you paid.', { total })
    : t('You get back {refund} of the {total} you paid.', { refund: formatMoney(refund), total });
}

/** The same, as the artist sees it: the client gets everything back, and it shows on the profile. */
export function artistCancelOutcome(booking: Booking): string {
  const client = `${booking.client.firstName} ${booking.client.lastName}`;
  return booking.payment.status === 'unpaid'
    ? t('Nothing has been paid. {client} is told you cancelled.', { client })
    : t('{client} gets back all {total} they paid.', { client, total: paidTotal(booking) });
}

/**
 * What both sides' cards do with a booking (`label` names it in toasts and the outbox): confirm
 * it was done, report a problem, and cancel, with the bookings list refreshed after.
 */
function bookingWrites(booking: Booking, label: string) {
  return {
    completion: {
      variables: { id: booking.id, label },
      confirmKind: confirmBooking,
      reportKind: reportBookingProblem,
    },
    cancel: {
      kind: 'bookings' as const,
      id: booking.id,
      label: t('Cancel booking'),
      refreshes: BOOKINGS_QUERY_KEY,
    },
  };
}

/** The client's side: pay an accepted booking, then confirm after the event or report a problem. */
export function ClientBookingPayment({ booking }: { booking: ClientBooking }) {
  const artist = booking.artist.stageName;
  const writes = bookingWrites(booking, `${artist}, ${formatDateTime(booking.eventDate)}`);
  return (
    <DealMoney
      deal={{ ...booking, side: 'payer', other: artist }}
      status={booking.status}
      pay={{
        url: api.payEngagement('bookings', booking.id),
        action: 'Pay',
        title: t('Pay {stageName}', { stageName: artist }),
        payee: artist,
        amountLabel: t('Booking total'),
        refreshes: REFRESHES,
      }}
      completion={writes.completion}
      cancel={{
        ...writes.cancel,
        title: t('Cancel your booking of {name}?', { name: artist }),
        outcome: clientCancelOutcome(booking),
        detail: t(CANCELLATION_POLICY_SENTENCES[booking.cancellationPolicy]),
      }}
    />
  );
}

/** The artist's side: wait for the client's payment, then confirm after the event. */
export function ArtistBookingPayment({ booking }: { booking: Booking }) {
  const client = `${booking.client.firstName} ${booking.client.lastName}`;
  const writes = bookingWrites(booking, `${client}, ${formatDateTime(booking.eventDate)}`);
  return (
    <DealMoney
      deal={{ ...booking, side: 'payee', other: client }}
      status={booking.status}
      waiting={t(
        'Waiting for {client} to pay. A booking left unpaid for 48 hours after you accept is cancelled and the date is free again.',
        { client },
      )}
      completion={writes.completion}
      cancel={{
        ...writes.cancel,
        title: t('Cancel the booking of {client}?', { client }),
        outcome: artistCancelOutcome(booking),
        detail: t('It counts on your profile as a booking you cancelled.'),
      }}
    />
  );
}
