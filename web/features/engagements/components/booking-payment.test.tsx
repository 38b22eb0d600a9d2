// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { ArtistBookingPayment, ClientBookingPayment } from './booking-payment.tsx';

const booking: ClientBooking = {
  id: 5,
  artistId: 12,
  clientId: 7,
  eventDate: '2026-01-10T18:30:00.000Z',
  eventDuration: 3,
  eventType: 'Wedding',
  venue: 'Labadi Beach Hotel',
  eventDetails: null,
  totalAmount: '735.00',
  rateType: 'hourly',
  status: 'accepted',
  createdAt: '2026-01-01T10:00:00.000Z',
  client: { firstName: 'Ama', lastName: 'Owusu' },
  artist: { id: 12, stageName: 'DJ Kasa' },
  contact: { firstName: 'Yaw', lastName: 'Darko', phoneNumber: '+233241000003' },
  payment: {
    status: 'held',
    amount: '735.00',
    serviceFee: '36.75',
    paidAt: '2026-01-02T10:00:00.000Z',
    releasedAt: null,
  },
  completion: {
    payerConfirmedAt: null,
    payeeConfirmedAt: null,
    disputedAt: null,
    autoReleaseAt: null,
    confirmableFrom: null,
  },
  review: { openUntil: null, mine: null, theirs: null },
  allowedActions: ['pay', 'cancel'],
  cancellationPolicy: 'moderate',
  refundIfCancelledNow: '0.00',
};

/** Confirm Completed on the card, then Confirm in the dialog that asks. */
function confirmCompleted() {
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Completed' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirm the work was done?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

test('an accepted, unpaid booking offers Pay with its fee; the artist sees it waits for the client', () => {
  const unpaid = {
    ...booking,
    payment: { ...booking.payment, status: 'unpaid' as const, paidAt: null },
  };
  renderWithApp(<ClientBookingPayment booking={unpaid} />);
  expect(screen.getByRole('button', { name: 'Pay GHS 771.75' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Confirm/ })).toBeNull();
  renderWithApp(<ArtistBookingPayment booking={unpaid} />);
  expect(screen.getByText(/Waiting for Ama Owusu to pay/)).toBeTruthy();
});

test('after the event the client confirms through the outbox, and is told', async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  const { toasts } = renderWithApp(<ClientBookingPayment booking={booking} />, { server });
  expect(screen.getByText('Your turn: confirm it was done. DJ Kasa confirms too.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  // Releasing money cannot be taken back: it asks first, and Cancel sends nothing.
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Completed' }));
  const asked = screen.getByRole('dialog', { name: 'Confirm the work was done?' });
  fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
  expect(server.calls).toEqual([]);
  confirmCompleted();
  await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Completion Confirmed']));
  expect(server.calls).toMatchObject([
    { method: 'POST', url: '/api/bookings/5/confirm', body: {} },
  ]);
  expect(server.calls[0]?.key).toBeTruthy();
});

test('Report a problem asks why, refuses a reason too short, and sends a good one', async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  const { toasts } = renderWithApp(<ArtistBookingPayment booking={booking} />, { server });
  fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
  const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
  const reason = within(dialog).getByLabelText('What went wrong?');
  fireEvent.change(reason, { target: { value: 'Bad' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Report Problem' }));
  expect(within(dialog).getByText(PAYMENT_MESSAGES.reason)).toBeTruthy();
  expect(server.calls).toEqual([]);

  fireEvent.change(reason, { target: { value: '  The client cancelled at the door.  ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Report Problem' }));
  await waitFor(() => expect(toasts.map((toast) => toast.title)).toEqual(['Problem Reported']));
  expect(server.calls).toMatchObject([
    {
      method: 'POST',
      url: '/api/bookings/5/dispute',
      body: { reason: 'The client cancelled at the door.' },
    },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('a confirmation made offline waits on the phone, and the card says so instead of offering it again', async () => {
  const { toasts } = renderWithApp(<ClientBookingPayment booking={booking} />, { online: false });
  confirmCompleted();
  expect(
    await screen.findByText('Your confirmation is saved on this phone and waits to be sent.'),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm Completed' })).toBeNull();
  expect(toasts.map((toast) => toast.title)).toEqual([
    "Saved. It will be sent when you're back online.",
  ]);
});

test('before the event date, nobody can confirm yet', () => {
  const eventDate = new Date(Date.now() + 86_400_000).toISOString();
  const coming = {
    ...booking,
    eventDate,
    completion: { ...booking.completion, confirmableFrom: eventDate },
  };
  renderWithApp(<ClientBookingPayment booking={coming} />);
  expect(
    screen.getByText(
      `Paid and held safely. You can both confirm it was done from ${formatDateTime(eventDate)}.`,
    ),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm Completed' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
});

test('work completed with no escrow behind it (demo data, before payments) says nothing of money', () => {
  const { container } = renderWithApp(
    <ClientBookingPayment
      booking={{
        ...booking,
        status: 'completed',
        payment: { ...booking.payment, status: 'unpaid', paidAt: null },
      }}
    />,
  );
  expect(container.textContent).toBe('');
  expect(screen.queryByText('Unpaid')).toBeNull();
});
