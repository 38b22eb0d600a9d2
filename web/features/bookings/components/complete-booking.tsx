import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { decideBooking } from '../api/decide-booking.ts';

/** After the event, the client marks an accepted booking completed. */
export function CompleteBooking({ booking }: { booking: ClientBooking }) {
  const decide = useWrite(decideBooking);
  if (booking.status !== 'accepted') return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={decide.isPending}
      onClick={() =>
        decide.mutate({
          bookingId: booking.id,
          status: 'completed',
          label: booking.artist.stageName,
        })
      }
    >
      <CheckIcon size={16} /> Mark Completed
    </button>
  );
}
