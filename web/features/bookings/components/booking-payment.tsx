import type { Booking, ClientBooking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { CompletionPanel } from '../../../components/payments/completion-panel.tsx';
import { PayButton } from '../../../components/payments/pay-button.tsx';
import { PaymentBadge } from '../../../components/payments/payment-badge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { confirmBooking, reportBookingProblem } from '../api/booking-completion.ts';
import { bookingsQueryOptions } from '../api/get-bookings.ts';

const REFRESHES = [bookingsQueryOptions().queryKey];

/** The payment badge, once there is money to speak of: an accepted booking, or one paid before. */
export function BookingPaymentBadge({ booking }: { booking: Booking }) {
  const relevant =
    booking.status === 'accepted' ||
    booking.status === 'completed' ||
    booking.payment.status !== 'unpaid';
  return relevant ? <PaymentBadge status={booking.payment.status} /> : null;
}

/** The client's side: pay an accepted booking, then confirm after the event or report a problem. */
export function ClientBookingPayment({ booking }: { booking: ClientBooking }) {
  const label = `${booking.artist.stageName}, ${formatDateTime(booking.eventDate)}`;
  return (
    <>
      {booking.status === 'accepted' ? (
        <PayButton
          payment={booking.payment}
          url={api.payEngagement('bookings', booking.id)}
          action="Pay"
          title={`Pay ${booking.artist.stageName}`}
          payee={booking.artist.stageName}
          amountLabel="Booking total"
          refreshes={REFRESHES}
        />
      ) : null}
      <CompletionPanel
        payment={booking.payment}
        completion={booking.completion}
        side="payer"
        other={booking.artist.stageName}
        confirmableFrom={booking.eventDate}
        variables={{ id: booking.id, label }}
        confirmKind={confirmBooking}
        reportKind={reportBookingProblem}
      />
    </>
  );
}

/** The artist's side: wait for the client's payment, then confirm after the event. */
export function ArtistBookingPayment({ booking }: { booking: Booking }) {
  const client = `${booking.client.firstName} ${booking.client.lastName}`;
  if (booking.status === 'accepted' && booking.payment.status === 'unpaid') {
    return (
      <p className="hint">
        Waiting for {client} to pay. A booking left unpaid for 48 hours after you accept is
        cancelled and the date is free again.
      </p>
    );
  }
  return (
    <CompletionPanel
      payment={booking.payment}
      completion={booking.completion}
      side="payee"
      other={client}
      confirmableFrom={booking.eventDate}
      variables={{ id: booking.id, label: `${client}, ${formatDateTime(booking.eventDate)}` }}
      confirmKind={confirmBooking}
      reportKind={reportBookingProblem}
    />
  );
}
