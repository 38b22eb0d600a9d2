import type { ReactNode } from 'react';
import type { Booking } from '../../../../contracts/bookings.ts';
import { ContactCard } from '../../../components/contact-card.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { eventName, FIRST_MESSAGES } from '../../../lib/contact.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { decideBooking } from '../api/decide-booking.ts';
import { type ArtistBookingsView, useArtistBookings } from '../api/get-artist-bookings.ts';
import { AcceptOrReject } from './accept-or-reject.tsx';
import { BookingMeta } from './booking-meta.tsx';
import { ArtistBookingPayment } from './booking-payment.tsx';
import { ArtistBookingReview } from './booking-review.tsx';
import { DealCard } from './deal-card.tsx';
import { EventDetails } from './event-details.tsx';

/** One of the artist's booking lists, a page at a time; pending requests carry Accept and Reject. */
export function ArtistBookings({
  view,
  empty,
  actions = false,
}: {
  view: ArtistBookingsView;
  empty: ReactNode;
  actions?: boolean;
}) {
  const query = useArtistBookings(view);
  return (
    <PagedList
      query={query}
      loading={t('Loading bookings...')}
      failed={t('Failed to fetch bookings')}
      empty={empty}
      renderItem={(booking) => <BookingCard key={booking.id} booking={booking} actions={actions} />}
    />
  );
}

function BookingCard({ booking, actions = false }: { booking: Booking; actions?: boolean }) {
  return (
    <DealCard
      who={booking.eventType || t('Event booking')}
      what={`${booking.client.firstName} ${booking.client.lastName}`}
      status={booking.status}
      amount={formatMoney(booking.totalAmount)}
      decision={actions ? <BookingDecision booking={booking} /> : null}
      money={<ArtistBookingPayment booking={booking} />}
      review={<ArtistBookingReview booking={booking} />}
    >
      <BookingMeta booking={booking} />
      {booking.eventDetails ? <EventDetails text={booking.eventDetails} /> : null}
      {booking.contact ? (
        <ContactCard
          contact={booking.contact}
          firstMessage={(me, them) => FIRST_MESSAGES.toClient(me, them, eventName(booking))}
        />
      ) : null}
    </DealCard>
  );
}

/** The artist accepts or declines a request; a date that collides with an accepted one is refused. */
function BookingDecision({ booking }: { booking: Booking }) {
  const decide = useWrite(decideBooking);
  const label = `${booking.client.firstName} ${booking.client.lastName}, ${formatDateTime(booking.eventDate)}`;
  return (
    <AcceptOrReject
      pending={decide.isPending}
      rejectTitle={t('Reject this booking request?')}
      rejectText={t('This is final: {firstName} is told you are not available.', {
        firstName: booking.client.firstName,
      })}
      decide={(status) => decide.mutate({ bookingId: booking.id, status, label })}
    />
  );
}
