import type { Booking } from '../../../../contracts/bookings.ts';
import { CalendarIcon, ClockIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';

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
        <ClockIcon size={16} /> {t('{count} hour(s)', { count: booking.eventDuration })}
      </li>
      <li className="meta">
        <PinIcon size={16} /> {booking.venue}
      </li>
    </ul>
  );
}
