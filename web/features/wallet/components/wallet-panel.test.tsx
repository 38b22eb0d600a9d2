// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { PayoutSettings, Wallet } from '../../../../contracts/payments.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { WalletPanel } from './wallet-panel.tsx';

const wallet: Wallet = {
  held: '1200.00',
  earned: '735.00',
  spent: '0.00',
  pendingPayout: '735.00',
  entries: [
    {
      id: 2,
      createdAt: '2026-01-12T10:00:00.000Z',
      kind: 'payout_failed',
      amount: '735.00',
      description: 'Booking of DJ Kasa, 10 Jan 2026',
      engagement: null,
    },
    {
      id: 1,
      createdAt: '2026-01-11T10:00:00.000Z',
      kind: 'payout_sent',
      amount: '-735.00',
      description: 'Booking of DJ Kasa, 10 Jan 2026',
      engagement: null,
    },
  ],
};
const payout: PayoutSettings = { phoneNumber: '+233240000003', network: 'mtn', isDefault: true };

/** GET /api/wallet and /api/me/payout answer from these; writes are recorded. */
function walletApi(answers: { wallet: Wallet[]; payout?: PayoutSettings }) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      writes.push({ method, url, body });
      return Response.json(body ?? {}, { status: 200 });
    }
    if (url === '/api/wallet') return Response.json(answers.wallet.shift());
    if (url === '/api/me/payout') return Response.json(answers.payout ?? payout);
    throw new TypeError('Failed to fetch');
  });
  return { writes };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the wallet shows the ledger figures and entries; Withdraw Funds sends what is owed again', async () => {
  const { writes } = walletApi({ wallet: [wallet, { ...wallet, pendingPayout: '0.00' }] });
  renderWithApp(<WalletPanel />);
  expect(await screen.findByText('GHS 735.00', { selector: '.wallet-balance' })).toBeTruthy();
  const figures = screen.getAllByRole('definition').map((cell) => cell.textContent);
  expect(figures).toEqual(['GHS 1,200.00', 'GHS 735.00', 'GHS 0.00']);
  const lines = within(screen.getByRole('list', { name: 'Wallet activity' })).getAllByRole(
    'listitem',
  );
  expect(lines.map((line) => line.textContent)).toEqual([
    expect.stringMatching(
      /^Payout failed: withdraw againBooking of DJ Kasa, 10 Jan 2026.*\+GHS 735\.00$/,
    ),
    expect.stringMatching(
      /^Sent to your mobile moneyBooking of DJ Kasa, 10 Jan 2026.*−GHS 735\.00$/,
    ),
  ]);
  expect(
    await screen.findByText(/MTN \+233240000003/, { selector: '.payout-number' }),
  ).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Withdraw Funds' }));
  await waitFor(() =>
    expect(writes).toMatchObject([{ method: 'POST', url: '/api/wallet/withdraw' }]),
  );
  expect(await screen.findByText('Withdrawal Started')).toBeTruthy();
  // The wallet is read again: nothing is owed now, so there is nothing to withdraw.
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Withdraw Funds' }).disabled).toBe(
      true,
    ),
  );
});

test('Withdraw Funds is disabled while nothing waits to be paid out', async () => {
  walletApi({ wallet: [{ ...wallet, pendingPayout: '0.00', entries: [] }] });
  renderWithApp(<WalletPanel />);
  const withdraw = await screen.findByRole<HTMLButtonElement>('button', { name: 'Withdraw Funds' });
  expect(withdraw.disabled).toBe(true);
  expect(screen.getByText('No payments yet.')).toBeTruthy();
});

test('the payout number can be changed; the network follows its prefix', async () => {
  const { writes } = walletApi({ wallet: [wallet] });
  renderWithApp(<WalletPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
  const phone = screen.getByLabelText<HTMLInputElement>('Mobile money number');
  fireEvent.change(phone, { target: { value: '+233201234567' } });
  expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('telecel');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: '/api/me/payout',
        body: { phoneNumber: '+233201234567', network: 'telecel' },
      },
    ]),
  );
  expect(await screen.findByText('Payout Number Saved')).toBeTruthy();
});
