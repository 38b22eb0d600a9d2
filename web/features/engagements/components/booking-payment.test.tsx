// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { aBooking } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { ArtistBookingPayment, ClientBookingPayment } from './booking-payment.tsx';

const booking = aBooking();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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
  renderWithApp(
    <ClientBookingPayment booking={{ ...unpaid, allowedActions: ['pay', 'cancel'] }} />,
  );
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

/** Paid, three days before the event: the server offers Cancel only, at the policy's 50%. */
const comingEvent = '2026-01-10T18:30:00.000Z';
const coming: ClientBooking = {
  ...booking,
  eventDate: comingEvent,
  completion: { ...booking.completion, confirmableFrom: comingEvent },
  allowedActions: ['cancel'],
  refundIfCancelledNow: '385.88',
};

test("the buttons are the server's: a phone whose clock is a week ahead shows no Confirm before the event", () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Right clock: 7 Jan; this phone says 14 Jan, after the event.
  vi.setSystemTime(Date.parse(comingEvent) + 4 * 86_400_000);
  renderWithApp(<ClientBookingPayment booking={coming} />);
  expect(
    screen.getByText(
      `Paid and held safely. You can both confirm it was done from ${formatDateTime(comingEvent)}.`,
    ),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm Completed' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
});

test('a phone whose clock is a week behind still shows Confirm once the server allows it', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse(comingEvent) - 7 * 86_400_000);
  renderWithApp(<ClientBookingPayment booking={booking} />);
  expect(screen.getByRole('button', { name: 'Confirm Completed' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Report a problem' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
});

test("Cancel says what comes back, in the server's figure, before it acts", async () => {
  const server = fakeServer({ replies: [{ status: 200, body: { id: 5 } }] });
  vi.stubGlobal('fetch', server.fetch);
  renderWithApp(<ClientBookingPayment booking={coming} />, { server });
  fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel your booking of DJ Kasa?' });
  expect(
    within(dialog).getByText('You get back GHS 385.88 of the GHS 771.75 you paid.'),
  ).toBeTruthy();
  expect(within(dialog).getByText(CANCELLATION_POLICY_SENTENCES.moderate)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  expect(server.calls).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
  const again = screen.getByRole('dialog', { name: 'Cancel your booking of DJ Kasa?' });
  fireEvent.click(within(again).getByRole('button', { name: 'Cancel booking' }));
  await waitFor(() =>
    expect(server.calls).toMatchObject([{ method: 'POST', url: '/api/bookings/5/cancel' }]),
  );
});

test('the artist cancelling is told the client gets everything back', () => {
  renderWithApp(<ArtistBookingPayment booking={{ ...coming, refundIfCancelledNow: '771.75' }} />);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel the booking of Ama Owusu?' });
  expect(within(dialog).getByText('Ama Owusu gets back all GHS 771.75 they paid.')).toBeTruthy();
  expect(
    within(dialog).getByText('It counts on your profile as a booking you cancelled.'),
  ).toBeTruthy();
});

test('work completed with no escrow behind it (demo data, before payments) says nothing of money', () => {
  const { container } = renderWithApp(
    <ClientBookingPayment
      booking={{
        ...booking,
        status: 'completed',
        payment: { ...booking.payment, status: 'unpaid', paidAt: null },
        allowedActions: [],
      }}
    />,
  );
  expect(container.textContent).toBe('');
  expect(screen.queryByText('Unpaid')).toBeNull();
});
