import type { Booking, ClientBooking } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { confirmBooking, reportBookingProblem } from '../api/booking-completion.ts';
import { bookingsQueryOptions } from '../api/get-bookings.ts';
import { CompletionPanel } from './completion-panel.tsx';
import { PayButton } from './pay-button.tsx';
import { hasPayment, PaymentSection } from './payment-section.tsx';

const REFRESHES = [bookingsQueryOptions().queryKey];

/** The client's side: pay an accepted booking, then confirm after the event or report a problem. */
export function ClientBookingPayment({ booking }: { booking: ClientBooking }) {
  if (!hasPayment(booking)) return null;
  const label = `${booking.artist.stageName}, ${formatDateTime(booking.eventDate)}`;
  return (
    <PaymentSection payment={booking.payment}>
      {booking.status === 'accepted' ? (
        <PayButton
          payment={booking.payment}
          url={api.payEngagement('bookings', booking.id)}
          action="Pay"
          title={t('Pay {stageName}', { stageName: booking.artist.stageName })}
          payee={booking.artist.stageName}
          amountLabel={t('Booking total')}
          refreshes={REFRESHES}
        />
      ) : null}
      <CompletionPanel
        payment={booking.payment}
        completion={booking.completion}
        side="payer"
        other={booking.artist.stageName}
        variables={{ id: booking.id, label }}
        confirmKind={confirmBooking}
        reportKind={reportBookingProblem}
      />
    </PaymentSection>
  );
}

/** The artist's side: wait for the client's payment, then confirm after the event. */
export function ArtistBookingPayment({ booking }: { booking: Booking }) {
  if (!hasPayment(booking)) return null;
  const client = `${booking.client.firstName} ${booking.client.lastName}`;
  return (
    <PaymentSection payment={booking.payment}>
      {booking.status === 'accepted' && booking.payment.status === 'unpaid' ? (
        <p className="hint">
          {t(
            'Waiting for {client} to pay. A booking left unpaid for 48 hours after you accept is cancelled and the date is free again.',
            { client },
          )}
        </p>
      ) : null}
      <CompletionPanel
        payment={booking.payment}
        completion={booking.completion}
        side="payee"
        other={client}
        variables={{ id: booking.id, label: `${client}, ${formatDateTime(booking.eventDate)}` }}
        confirmKind={confirmBooking}
        reportKind={reportBookingProblem}
      />
    </PaymentSection>
  );
}
