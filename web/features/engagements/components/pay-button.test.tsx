// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PAYMENT_MESSAGES, type Payment } from '../../../../contracts/payments.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { PayButton } from './pay-button.tsx';

const payment: Payment = {
  status: 'unpaid',
  amount: '735.00',
  serviceFee: '36.75',
  paidAt: null,
  releasedAt: null,
};

type Handler = (body: unknown) => { status: number; body: unknown };

/**
 * The payment API at the edge: each call takes the next answer scripted for its method and path,
 * and is recorded.
 */
function paymentApi(script: Record<string, Handler[]>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const handler = script[`${method} ${url}`]?.shift();
    if (!handler) throw new TypeError('Failed to fetch');
    const answer = handler(body);
    return Response.json(answer.body, { status: answer.status });
  };
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

const started =
  (status: string, reference = 'gg_ref12345') =>
  () => ({
    status: 202,
    body: { reference, status, displayText: null },
  });
const progress =
  (status: string, extra: Record<string, unknown> = {}) =>
  () => ({
    status: 200,
    body: {
      reference: 'gg_ref12345',
      status,
      displayText: null,
      message: null,
      secondsLeft: null,
      ...extra,
    },
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderPay() {
  return renderWithApp(
    <PayButton
      payment={payment}
      allowed
      url="/api/bookings/5/payment"
      action="Pay"
      title="Pay DJ Kasa"
      payee="DJ Kasa"
      amountLabel="Booking total"
      refreshes={[['bookings']]}
    />,
    { user: { phoneNumber: '+233241234567' } },
  );
}

async function openAndPay() {
  fireEvent.click(screen.getByRole('button', { name: /Pay GHS 771.75/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pay DJ Kasa' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay GHS 771.75' }));
  });
  await advance(0);
  return dialog;
}

test('the total with its fee broken out shows before paying; the wallet starts from the user', () => {
  renderPay();
  const pay = screen.getByRole('button', { name: 'Pay GHS 771.75' });
  const note = document.getElementById(pay.getAttribute('aria-describedby') ?? '');
  expect(note?.textContent?.replaceAll('\u00a0', ' ')).toBe(
    'Booking total GHS 735.00 + service fee GHS 36.75',
  );

  fireEvent.click(pay);
  const dialog = screen.getByRole('dialog', { name: 'Pay DJ Kasa' });
  const rows = within(dialog)
    .getAllByRole('definition')
    .map((cell) => cell.textContent);
  expect(rows).toEqual(['GHS 735.00', 'GHS 36.75', 'GHS 771.75']);
  expect(within(dialog).getByText('Total to pay')).toBeTruthy();
  const phone = within(dialog).getByLabelText<HTMLInputElement>('Mobile money number');
  const network = within(dialog).getByLabelText<HTMLSelectElement>('Network');
  expect(phone.value).toBe('+233241234567');
  expect(network.value).toBe('mtn');
  // The network follows the number's prefix until the payer picks one.
  fireEvent.change(phone, { target: { value: '+233201234567' } });
  expect(network.value).toBe('telecel');
  fireEvent.change(network, { target: { value: 'airteltigo' } });
  expect(network.value).toBe('airteltigo');
});

test('a wallet the form cannot take is named and nothing is sent', async () => {
  const { calls } = paymentApi({});
  renderPay();
  fireEvent.click(screen.getByRole('button', { name: /Pay GHS/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pay DJ Kasa' });
  fireEvent.change(within(dialog).getByLabelText('Mobile money number'), {
    target: { value: '0241234567' },
  });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay GHS 771.75' }));
  });
  expect(within(dialog).getByText(PAYMENT_MESSAGES.phoneNumber)).toBeTruthy();
  expect(within(dialog).getByText(PAYMENT_MESSAGES.network)).toBeTruthy();
  expect(calls).toEqual([]);
});

test('paying: the instruction and hint, a 180 s countdown, and the screen moves on when the money lands', async () => {
  const { calls } = paymentApi({
    'POST /api/bookings/5/payment': [started('pay_offline')],
    'GET /api/payments/gg_ref12345': [progress('pending'), progress('success')],
  });
  const { queryClient } = renderPay();
  queryClient.setQueryData(['bookings'], { pages: [], pageParams: [] });
  queryClient.setQueryData(['wallet'], {});
  const dialog = await openAndPay();

  expect(calls[0]).toMatchObject({
    method: 'POST',
    url: '/api/bookings/5/payment',
    body: { phoneNumber: '+233241234567', network: 'mtn' },
  });
  expect(within(dialog).getByText('Approve GHS 771.75 on your phone.')).toBeTruthy();
  expect(within(dialog).getByText('No prompt? Dial *170#, My Wallet, My Approvals')).toBeTruthy();
  const timer = within(dialog).getByRole('timer', { name: 'Time left to approve' });
  expect(timer.textContent).toBe('3:00');
  await advance(1000);
  expect(timer.textContent).toBe('2:59');
  // The first poll says pending: still waiting.
  await advance(2000);
  expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  expect(within(dialog).getByText('Waiting for your approval...')).toBeTruthy();
  // The second: the money landed.
  await advance(3000);
  expect(within(dialog).getByText('Payment received')).toBeTruthy();
  expect(within(dialog).getByText(/GHS 771.75 paid. We hold GHS 735.00 for DJ Kasa/)).toBeTruthy();
  expect(queryClient.getQueryState(['bookings'])?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(['wallet'])?.isInvalidated).toBe(true);
  // Polling stopped.
  await advance(10_000);
  expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
});

test('at zero the countdown says it is checking, and keeps asking until the server decides', async () => {
  const { calls } = paymentApi({
    'POST /api/bookings/5/payment': [started('pay_offline')],
    'GET /api/payments/gg_ref12345': [
      ...Array.from({ length: 61 }, () => progress('pending')),
      progress('failed', { message: PAYMENT_MESSAGES.abandoned }),
    ],
  });
  renderPay();
  const dialog = await openAndPay();
  await advance(180_000);
  expect(within(dialog).getByRole('timer').textContent).toBe('0:00');
  expect(within(dialog).getByText('Checking with your network...')).toBeTruthy();
  await advance(6_000);
  expect(within(dialog).getByText('Payment failed')).toBeTruthy();
  expect(within(dialog).getByText(PAYMENT_MESSAGES.abandoned)).toBeTruthy();
  expect(calls.filter((call) => call.method === 'GET')).toHaveLength(62);
});

test('a declined payment says so and offers Try again, back to the form with the number kept', async () => {
  const { calls } = paymentApi({
    'POST /api/bookings/5/payment': [started('failed'), started('pay_offline', 'gg_ref67890')],
  });
  renderPay();
  fireEvent.click(screen.getByRole('button', { name: /Pay GHS/ }));
  const dialog = screen.getByRole('dialog', { name: 'Pay DJ Kasa' });
  fireEvent.change(within(dialog).getByLabelText('Mobile money number'), {
    target: { value: '+233551234987' },
  });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay GHS 771.75' }));
  });
  await advance(0);
  expect(within(dialog).getByRole('alert').textContent).toContain(PAYMENT_MESSAGES.declined);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
  expect(within(dialog).getByLabelText<HTMLInputElement>('Mobile money number').value).toBe(
    '+233551234987',
  );
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay GHS 771.75' }));
  });
  await advance(0);
  expect(within(dialog).getByText('Approve GHS 771.75 on your phone.')).toBeTruthy();
  expect(calls.map((call) => call.body)).toEqual([
    { phoneNumber: '+233551234987', network: 'mtn' },
    { phoneNumber: '+233551234987', network: 'mtn' },
  ]);
});

test('a refusal to start stays on the form with the server message', async () => {
  paymentApi({
    'POST /api/bookings/5/payment': [
      () => ({ status: 409, body: { message: PAYMENT_MESSAGES.alreadyPaid } }),
    ],
  });
  renderPay();
  const dialog = await openAndPay();
  expect(within(dialog).getByRole('alert').textContent).toBe(PAYMENT_MESSAGES.alreadyPaid);
  expect(within(dialog).getByLabelText('Mobile money number')).toBeTruthy();
});

test('send_otp asks for the code the network sent, then waits for the approval', async () => {
  const { calls } = paymentApi({
    'POST /api/bookings/5/payment': [
      () => ({
        status: 202,
        body: {
          reference: 'gg_ref12345',
          status: 'send_otp',
          displayText: 'Dial *110# for a voucher',
        },
      }),
    ],
    'POST /api/payments/gg_ref12345/otp': [progress('pay_offline')],
    'GET /api/payments/gg_ref12345': [progress('success')],
  });
  renderPay();
  const dialog = await openAndPay();
  expect(within(dialog).getByText('Dial *110# for a voucher')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '12' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve Payment' }));
  });
  expect(within(dialog).getByText(PAYMENT_MESSAGES.otp)).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: ' 123456 ' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve Payment' }));
  });
  await advance(0);
  expect(calls.at(-1)).toMatchObject({
    url: '/api/payments/gg_ref12345/otp',
    body: { otp: '123456' },
  });
  expect(within(dialog).getByRole('timer')).toBeTruthy();
  await advance(3000);
  expect(within(dialog).getByText('Payment received')).toBeTruthy();
});

test('closing while the phone rings keeps the payment going: Continue Payment reopens it', async () => {
  paymentApi({
    'POST /api/bookings/5/payment': [started('pay_offline')],
    'GET /api/payments/gg_ref12345': [progress('pending'), progress('success')],
  });
  renderPay();
  const dialog = await openAndPay();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  await advance(3000);
  fireEvent.click(screen.getByRole('button', { name: 'Continue Payment' }));
  expect(screen.getByRole('timer').textContent).toBe('2:57');
  await advance(3000);
  expect(screen.getByText('Payment received')).toBeTruthy();
});

test('a payment that ends while the dialog is closed is announced', async () => {
  paymentApi({
    'POST /api/bookings/5/payment': [started('pay_offline')],
    'GET /api/payments/gg_ref12345': [progress('failed', { message: PAYMENT_MESSAGES.abandoned })],
  });
  renderPay();
  const dialog = await openAndPay();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await advance(3000);
  const toast = screen.getByTestId('toast');
  expect(toast.textContent).toContain('Payment Failed');
  expect(toast.textContent).toContain(PAYMENT_MESSAGES.abandoned);
  // Over: the next Pay starts afresh.
  expect(screen.getByRole('button', { name: 'Pay GHS 771.75' })).toBeTruthy();
});

test('offline, Pay is disabled and says paying needs a connection, instead of queueing', () => {
  renderPay();
  act(() => onlineManager.setOnline(false));
  const pay = screen.getByRole('button', { name: /Pay GHS 771.75/ }) as HTMLButtonElement;
  expect(pay.disabled).toBe(true);
  const hint = document.getElementById(pay.getAttribute('aria-describedby') ?? '');
  expect(hint?.textContent).toBe(PAYMENT_MESSAGES.offline);
});
