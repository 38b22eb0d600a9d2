// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { PayoutSettings, Wallet } from '../../../../contracts/payments.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { WalletPanel } from './wallet-panel.tsx';

const wallet: Wallet = {
  held: '1200.00',
  earned: '735.00',
  spent: '0.00',
  pendingPayout: '735.00',
  payoutFailed: '735.00',
  payoutHeldUntil: null,
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
  const { writes } = walletApi({ wallet: [wallet, { ...wallet, payoutFailed: '0.00' }] });
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
  // The wallet is read again: the payout is on its way now, so there is nothing to withdraw.
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Withdraw Funds' }).disabled).toBe(
      true,
    ),
  );
});

test('Withdraw Funds is disabled while nothing waits to be paid out', async () => {
  walletApi({ wallet: [{ ...wallet, pendingPayout: '0.00', payoutFailed: '0.00', entries: [] }] });
  renderWithApp(<WalletPanel />);
  const withdraw = await screen.findByRole<HTMLButtonElement>('button', { name: 'Withdraw Funds' });
  expect(withdraw.disabled).toBe(true);
  expect(screen.getByText('No payments yet.')).toBeTruthy();
});

test('a payout on its way is not offered again: Withdraw Funds waits for one that failed', async () => {
  walletApi({ wallet: [{ ...wallet, payoutFailed: '0.00' }] });
  renderWithApp(<WalletPanel />);
  expect(await screen.findByText(/On its way to your mobile-money wallet/)).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Withdraw Funds' }).disabled).toBe(
    true,
  );
});

test('the payout number changes only with a code sent to the sign-in phone; the network follows its prefix', async () => {
  const { writes } = walletApi({ wallet: [wallet, { ...wallet, payoutHeldUntil: null }] });
  renderWithApp(<WalletPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
  const phone = screen.getByLabelText<HTMLInputElement>('Mobile money number');
  fireEvent.change(phone, { target: { value: '+233201234567' } });
  expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('telecel');
  // No Save before a code: first the code is sent to the sign-in phone.
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  const code = await screen.findByLabelText<HTMLInputElement>('Code from your sign-in phone');
  expect(writes).toEqual([{ method: 'POST', url: '/api/me/payout/code', body: undefined }]);
  // A code that is not 6 digits is not sent.
  fireEvent.change(code, { target: { value: '12' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(
    await screen.findByText('Enter the 6-digit code we sent to your sign-in phone'),
  ).toBeTruthy();
  expect(writes).toHaveLength(1);
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(writes[1]).toEqual({
      method: 'PUT',
      url: '/api/me/payout',
      body: { phoneNumber: '+233201234567', network: 'telecel', code: '123456' },
    }),
  );
  expect(await screen.findByText('Payout Number Saved')).toBeTruthy();
});

test('a payout number set less than 24 hours ago: the wallet says until when payouts wait', async () => {
  const heldUntil = '2026-01-13T10:00:00.000Z';
  walletApi({ wallet: [{ ...wallet, payoutHeldUntil: heldUntil }] });
  renderWithApp(<WalletPanel />);
  expect(
    await screen.findByText(
      `Payouts to your new payout number wait until ${formatDateTime(heldUntil)}, 24 hours after it was set. If you did not change it, change it back now.`,
    ),
  ).toBeTruthy();
});

test('money moved for one milestone of a job names the milestone', async () => {
  walletApi({
    wallet: [
      {
        ...wallet,
        entries: [
          {
            id: 3,
            createdAt: '2026-01-13T10:00:00.000Z',
            kind: 'released',
            amount: '1000.00',
            description: 'Mason for a shop',
            engagement: { type: 'application', id: 9 },
            milestone: { position: 1, title: 'Foundation' },
          },
        ],
      },
    ],
  });
  renderWithApp(<WalletPanel />);
  expect(await screen.findByText('Milestone 1: Foundation')).toBeTruthy();
});
