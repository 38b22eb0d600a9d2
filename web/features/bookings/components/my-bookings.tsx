import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { formatGhs } from '../../../../contracts/money.ts';
import { paths } from '../../../../contracts/paths.ts';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, MusicIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useClientBookings } from '../api/get-client-bookings.ts';
import { BookingMeta } from './booking-meta.tsx';

/** Everything the signed-in user has booked, with each booking's artist, date, venue, amount and status. */
export function MyBookings({ actions }: { actions?: (booking: ClientBooking) => ReactNode }) {
  const query = useClientBookings();
  if (query.isPending) return <Spinner label="Loading bookings..." />;
  if (query.isError) return <EmptyState icon={<AlertIcon />} title="Failed to fetch bookings" />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<MusicIcon />}
        title="No Bookings Yet"
        text="Book a DJ, band, MC or comedian for your next event."
        action={
          <Link to={paths.artists} className="btn btn-primary">
            Browse Artists
          </Link>
        }
      />
    );
  }
  return (
    <ul className="list" aria-label="My bookings">
      {query.data.map((booking) => (
        <li key={booking.id} className="card list-card">
          <div className="list-card-head">
            <div>
              <h3 className="card-title">
                <Link to={paths.artist(booking.artist.id)}>{booking.artist.stageName}</Link>
              </h3>
              <p className="muted">{booking.eventType || 'Event booking'}</p>
            </div>
            <StatusBadge status={booking.status} />
          </div>
          <BookingMeta booking={booking} />
          <div className="list-card-foot">
            <span className="price">{formatGhs(booking.totalAmount)}</span>
            {actions?.(booking)}
          </div>
        </li>
      ))}
    </ul>
  );
}
