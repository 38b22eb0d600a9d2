import type { Booking } from '../../../../contracts/bookings.ts';
import { CalendarIcon, ClockIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** When, how long and where: the lines every booking card shows. */
export function BookingMeta({
  booking,
}: {
  booking: Pick<Booking, 'eventDate' | 'eventDuration' | 'venue'>;
}) {
  return (
    <ul className="meta-list">
      <li className="meta">
        <CalendarIcon size={16} /> {formatDateTime(booking.eventDate)}
      </li>
      <li className="meta">
        <ClockIcon size={16} /> {booking.eventDuration} hour(s)
      </li>
      <li className="meta">
        <PinIcon size={16} /> {booking.venue}
      </li>
    </ul>
  );
}
