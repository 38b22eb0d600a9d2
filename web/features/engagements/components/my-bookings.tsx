import { Link } from 'react-router-dom';
import { paths } from '../../../../contracts/paths.ts';
import { ContactCard } from '../../../components/contact-card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MusicIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { eventName, FIRST_MESSAGES } from '../../../lib/contact.ts';
import { formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useMyBookings } from '../api/get-bookings.ts';
import { BookingMeta } from './booking-meta.tsx';
import { ClientBookingPayment } from './booking-payment.tsx';
import { ClientBookingReview } from './booking-review.tsx';
import { DealCard } from './deal-card.tsx';

/**
 * What the signed-in user has booked, a page at a time, with each booking's artist, date, venue,
 * amount, status and payment: an accepted one is paid here, and confirmed after the event.
 */
export function MyBookings() {
  const query = useMyBookings();
  return (
    <PagedList
      query={query}
      label={t('My bookings')}
      loading={t('Loading bookings...')}
      failed={t('Failed to fetch bookings')}
      empty={
        <EmptyState
          icon={<MusicIcon />}
          title={t('No Bookings Yet')}
          text={t('Book a DJ, band, MC or comedian for your next event.')}
          action={
            <Link to={paths.artists} className="btn btn-primary">
              {t('Browse Artists')}
            </Link>
          }
        />
      }
      renderItem={(booking) => (
        <DealCard
          key={booking.id}
          who={<Link to={paths.artist(booking.artist.id)}>{booking.artist.stageName}</Link>}
          what={booking.eventType || t('Event booking')}
          status={booking.status}
          amount={formatMoney(booking.totalAmount)}
          money={<ClientBookingPayment booking={booking} />}
          review={<ClientBookingReview booking={booking} />}
        >
          <BookingMeta booking={booking} />
          {booking.contact ? (
            <ContactCard
              contact={booking.contact}
              firstMessage={(me, them) => FIRST_MESSAGES.toArtist(me, them, eventName(booking))}
            />
          ) : null}
        </DealCard>
      )}
    />
  );
}
