// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { BOOKING_MESSAGES } from '../../../../contracts/bookings.ts';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { anArtist } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { bookedDaysQueryOptions } from '../api/get-booked-days.ts';
import { BookingDialog } from './booking-dialog.tsx';

const artist = anArtist({ eventRate: '1200.00' });

/** The artist's booked days, as the dialog finds them: none. */
const free = {
  queries: [[bookedDaysQueryOptions(artist.id).queryKey, []]] as [readonly unknown[], unknown][],
};

const total = () => screen.getByText(/^GHS /, { selector: 'output' }).textContent;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('Total Amount follows the duration for an hourly rate, and is the event rate per event', () => {
  renderWithApp(<BookingDialog artist={artist} open onClose={() => undefined} />, free);
  expect(total()).toBe('GHS 150.00');
  type('Duration (hours)', '3');
  expect(total()).toBe('GHS 450.00');
  // Not a whole number of hours: nothing to charge yet.
  type('Duration (hours)', '2.5');
  expect(total()).toBe('GHS 0.00');
  type('Duration (hours)', '4');
  fireEvent.change(screen.getByLabelText('Rate Type'), { target: { value: 'event' } });
  expect(total()).toBe('GHS 1,200.00');
});

test('an artist with only an event rate is booked per event', () => {
  renderWithApp(
    <BookingDialog artist={{ ...artist, hourlyRate: null }} open onClose={() => undefined} />,
    free,
  );
  expect(screen.getByLabelText<HTMLSelectElement>('Rate Type').value).toBe('event');
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Per Event (GHS 1,200.00/event)',
  ]);
  expect(total()).toBe('GHS 1,200.00');
});

test('an incomplete request names each missing field and sends nothing', async () => {
  const { server } = renderWithApp(
    <BookingDialog artist={artist} open onClose={() => undefined} />,
    free,
  );
  type('Duration (hours)', '0');
  fireEvent.click(screen.getByRole('button', { name: 'Send Booking Request' }));
  for (const message of [
    BOOKING_MESSAGES.eventDate,
    BOOKING_MESSAGES.eventTime,
    BOOKING_MESSAGES.eventDuration,
    BOOKING_MESSAGES.venue,
  ]) {
    expect(await screen.findByText(message)).toBeTruthy();
  }
  expect(server.calls).toEqual([]);
});

/** The dialog open on the artist, its requests answered by `server`. */
function openWith(server: ReturnType<typeof fakeServer>) {
  const onClose = vi.fn();
  const { toasts } = renderWithApp(<BookingDialog artist={artist} open onClose={onClose} />, {
    ...free,
    server,
  });
  return { onClose, toasts };
}

test('a complete request goes to the server with the total it will recompute, and closes', async () => {
  const server = fakeServer({ replies: [{ status: 201, body: { id: 5 } }] });
  const { onClose, toasts } = openWith(server);
  type('Event Date', '2030-12-12');
  type('Event Time', '18:30');
  type('Duration (hours)', '3');
  type('Venue', ' Labadi Beach Hotel ');
  fireEvent.click(screen.getByRole('button', { name: 'Send Booking Request' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(server.calls).toMatchObject([
    {
      method: 'POST',
      url: '/api/bookings',
      body: {
        artistId: 12,
        eventDate: new Date('2030-12-12T18:30').toISOString(),
        eventDuration: 3,
        venue: 'Labadi Beach Hotel',
        totalAmount: '450.00',
        rateType: 'hourly',
      },
    },
  ]);
  expect(toasts.map((toast) => toast.title)).toEqual(['Booking Request Sent']);
});

test("the server's refusal is shown inside the open dialog, not in a toast behind it", async () => {
  const server = fakeServer({
    replies: [{ status: 422, body: { message: 'You cannot book yourself' } }],
  });
  const { onClose, toasts } = openWith(server);
  type('Event Date', '2030-12-12');
  type('Event Time', '18:30');
  type('Venue', 'Labadi Beach Hotel');
  fireEvent.click(screen.getByRole('button', { name: 'Send Booking Request' }));
  const alert = await within(screen.getByRole('dialog', { hidden: true })).findByRole('alert');
  expect(alert.textContent).toBe('Booking FailedYou cannot book yourself');
  expect(alert.closest('dialog')).not.toBeNull();
  expect(toasts).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
  // What was typed stays for another try.
  expect(screen.getByLabelText<HTMLInputElement>('Venue').value).toBe('Labadi Beach Hotel');
});

test('a day the artist is already booked is warned of as soon as it is picked', () => {
  renderWithApp(<BookingDialog artist={artist} open onClose={() => undefined} />, {
    queries: [[bookedDaysQueryOptions(artist.id).queryKey, ['2030-12-12']]],
  });
  type('Event Date', '2030-12-11');
  expect(screen.queryByText(/already booked/)).toBeNull();
  type('Event Date', '2030-12-12');
  expect(within(screen.getByRole('dialog', { hidden: true })).getByRole('alert').textContent).toBe(
    BOOKING_MESSAGES.bookedDay('DJ Kwabena', '12 Dec 2030'),
  );
});

test("the artist's cancellation policy is said in one sentence before the request is sent", () => {
  renderWithApp(
    <BookingDialog
      artist={{ ...artist, cancellationPolicy: 'flexible' }}
      open
      onClose={() => undefined}
    />,
    free,
  );
  expect(screen.getByText(CANCELLATION_POLICY_SENTENCES.flexible)).toBeTruthy();
});
