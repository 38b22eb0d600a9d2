// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { LoginPage } from './login-page.tsx';

const HOURLY_REFUSAL = 'Too many codes were requested for this number. Please try again later.';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderLogin(server: ReturnType<typeof fakeServer>) {
  vi.stubGlobal('fetch', server.fetch);
  return renderWithApp(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
    { user: null, server },
  );
}

const phoneField = () => screen.getByLabelText('Phone Number');
const sendCode = () => fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));

test.each(['0241000001', '024 100 0001', '+233 24 100 0001', '+2330241000001'])(
  'the phone written %s is sent as +233241000001',
  async (written) => {
    const server = fakeServer({ replies: [{ status: 200, body: { ok: true } }] });
    renderLogin(server);
    expect((phoneField() as HTMLInputElement).value).toBe('+233');
    fireEvent.change(phoneField(), { target: { value: written } });
    sendCode();
    await screen.findByRole('heading', { name: 'Enter Verification Code' });
    expect(server.calls).toMatchObject([
      { method: 'POST', url: '/api/auth/send-code', body: { phoneNumber: '+233241000001' } },
    ]);
    expect(
      screen.getByText('We sent a 6-digit code via SMS/WhatsApp to +233241000001'),
    ).toBeTruthy();
  },
);

test('a number that is not Ghanaian is refused with the format message, and nothing is sent', () => {
  const server = fakeServer();
  renderLogin(server);
  fireEvent.change(phoneField(), { target: { value: '024 100 00' } });
  sendCode();
  expect(screen.getByText('Phone number must be in format +233XXXXXXXXX')).toBeTruthy();
  expect(server.calls).toEqual([]);
});

test('Resend Code counts down 60 s, then sends again; a refusal is shown under it', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = fakeServer({
    replies: [
      { status: 200, body: { ok: true } },
      { status: 200, body: { ok: true } },
      { status: 429, body: { message: HOURLY_REFUSAL }, headers: { 'retry-after': '600' } },
    ],
  });
  renderLogin(server);
  fireEvent.change(phoneField(), { target: { value: '0241000001' } });
  sendCode();
  const waiting = await screen.findByRole('button', { name: /Resend code in 60s/ });
  expect((waiting as HTMLButtonElement).disabled).toBe(true);

  await act(() => vi.advanceTimersByTimeAsync(30_000));
  expect(screen.getByRole('button', { name: /Resend code in 30s/ })).toBeTruthy();
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  const resend = screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement;
  expect(resend.disabled).toBe(false);
  fireEvent.click(resend);
  await screen.findByRole('button', { name: /Resend code in 60s/ });
  expect(server.calls.map((call) => call.url)).toEqual([
    '/api/auth/send-code',
    '/api/auth/send-code',
  ]);

  await act(() => vi.advanceTimersByTimeAsync(60_000));
  fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
  // Under the button, not only in a toast that goes after 5 seconds.
  await waitFor(() =>
    expect(
      screen.getByRole('button', { name: 'Resend Code', description: HOURLY_REFUSAL }),
    ).toBeTruthy(),
  );
  // Still on the code step, with the same number.
  expect(screen.getByRole('heading', { name: 'Enter Verification Code' })).toBeTruthy();
});
