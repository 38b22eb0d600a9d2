// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { Application } from '../../../../contracts/applications.ts';
import { ENGAGEMENT_MESSAGES, type Milestone } from '../../../../contracts/engagements.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { anApplication } from '../../../../tests/helpers/web-fixtures.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { fakeServer } from '../../../lib/outbox/outbox-fakes.ts';
import { EmployerApplicationPayment, WorkerApplicationPayment } from './application-payment.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const hired = anApplication();

test('after Accept the employer funds the job, with the fee shown before paying', () => {
  renderWithApp(<EmployerApplicationPayment application={hired} />);
  const fund = screen.getByRole('button', { name: 'Fund this job' });
  const note = document.getElementById(fund.getAttribute('aria-describedby') ?? '');
  expect(note?.textContent?.replaceAll('\u00a0', ' ')).toBe(
    'Job price GHS 2,500.00 + service fee GHS 125.00',
  );
});

test('a job with no price cannot be funded, and says what is missing', () => {
  const unpriced = { ...hired, payment: { ...hired.payment, amount: '0.00', serviceFee: '0.00' } };
  renderWithApp(<EmployerApplicationPayment application={unpriced} />);
  expect(screen.queryByRole('button', { name: 'Fund this job' })).toBeNull();
  expect(screen.getByText(PAYMENT_MESSAGES.noPrice)).toBeTruthy();
});

test('once funded, both sides may confirm at once: no event date to wait for', () => {
  const funded: Application = {
    ...hired,
    payment: { ...hired.payment, status: 'held' },
    allowedActions: ['confirm', 'dispute'],
  };
  renderWithApp(<EmployerApplicationPayment application={funded} />);
  expect(screen.queryByRole('button', { name: 'Fund this job' })).toBeNull();
  expect(screen.getByText('Your turn: confirm it was done. Kojo Quaye confirms too.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Confirm Completed' })).toBeTruthy();
  renderWithApp(<WorkerApplicationPayment application={funded} />);
  expect(
    screen.getByText('Your turn: confirm it was done. The employer confirms too.'),
  ).toBeTruthy();
});

test('the worker sees a hire that waits for its money', () => {
  renderWithApp(<WorkerApplicationPayment application={hired} />);
  expect(screen.getByText(/Waiting for the employer to fund this job/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm Completed' })).toBeNull();
});

const milestone = (id: number, title: string, amount: string, fee: string) => ({
  id,
  title,
  amount,
  dueDate: null,
  payment: { status: 'unpaid' as const, amount, serviceFee: fee, paidAt: null, releasedAt: null },
  completion: hired.completion,
  allowedActions: [] as Milestone['allowedActions'],
});

const split: Application = {
  ...hired,
  payment: { ...hired.payment, status: 'held', paidAt: '2026-01-03T10:00:00.000Z' },
  allowedActions: ['confirm', 'dispute'],
  milestones: [
    {
      ...milestone(41, 'Foundation', '1000.00', '50.00'),
      payment: {
        status: 'held',
        amount: '1000.00',
        serviceFee: '50.00',
        paidAt: '2026-01-03T10:00:00.000Z',
        releasedAt: null,
      },
      allowedActions: ['confirm', 'dispute'],
    },
    { ...milestone(42, 'Walls and roof', '1500.00', '75.00'), allowedActions: ['pay'] },
  ],
};

test('a job split in milestones shows each with its own state and only the buttons it allows', () => {
  renderWithApp(<EmployerApplicationPayment application={split} />);
  const list = screen.getByRole('list', { name: 'Milestones' });
  const [first, second] = Array.from(list.children) as HTMLElement[];
  if (!first || !second) throw new Error('two milestones');
  expect(within(first).getByText('Milestone 1: Foundation')).toBeTruthy();
  expect(within(first).getByText('Paid, held in escrow')).toBeTruthy();
  expect(within(first).getByRole('button', { name: 'Confirm Completed' })).toBeTruthy();
  expect(within(first).queryByRole('button', { name: 'Fund this job' })).toBeNull();
  expect(within(second).getByText('Milestone 2: Walls and roof')).toBeTruthy();
  expect(within(second).getByRole('button', { name: 'Fund this job' })).toBeTruthy();
  expect(within(second).queryByRole('button', { name: 'Confirm Completed' })).toBeNull();
  // Something is paid: the split can no longer change.
  expect(screen.queryByRole('button', { name: /milestones/ })).toBeNull();
});

test('the employer splits an unpaid hire: rows are checked before sending, then PUT', async () => {
  const server = fakeServer({ replies: [{ status: 200, body: {} }] });
  vi.stubGlobal('fetch', server.fetch);
  renderWithApp(<EmployerApplicationPayment application={hired} />, { server });
  fireEvent.click(screen.getByRole('button', { name: 'Split into milestones' }));
  const dialog = screen.getByRole('dialog', { name: 'Pay in milestones' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add a milestone' }));
  const titles = within(dialog).getAllByLabelText('Title');
  const amounts = within(dialog).getAllByLabelText('Amount (GHS)');
  fireEvent.change(titles[0] as HTMLElement, { target: { value: 'Foundation' } });
  fireEvent.change(amounts[0] as HTMLElement, { target: { value: '1000' } });
  fireEvent.change(amounts[1] as HTMLElement, { target: { value: '10' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save milestones' }));
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneTitle)).toBeTruthy();
  expect(within(dialog).getByText(ENGAGEMENT_MESSAGES.milestoneAmount)).toBeTruthy();
  expect(server.calls).toEqual([]);

  fireEvent.change(titles[1] as HTMLElement, { target: { value: 'Walls and roof' } });
  fireEvent.change(amounts[1] as HTMLElement, { target: { value: '1500' } });
  expect(within(dialog).getByText('Total GHS 2,500.00 of the job price GHS 2,500.00')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save milestones' }));
  await waitFor(() =>
    expect(server.calls).toMatchObject([
      {
        method: 'PUT',
        url: '/api/applications/9/milestones',
        body: {
          milestones: [
            { title: 'Foundation', amount: '1000.00', dueDate: null },
            { title: 'Walls and roof', amount: '1500.00', dueDate: null },
          ],
        },
      },
    ]),
  );
});

test('the worker sees the milestones before the first is paid, and may withdraw', () => {
  const offered: Application = {
    ...hired,
    allowedActions: ['cancel'],
    milestones: [
      { ...milestone(41, 'Foundation', '1000.00', '50.00'), allowedActions: ['cancel'] },
      milestone(42, 'Walls and roof', '1500.00', '75.00'),
    ],
  };
  renderWithApp(<WorkerApplicationPayment application={offered} />);
  expect(screen.getByText('Milestone 1: Foundation')).toBeTruthy();
  expect(screen.getByText('Milestone 2: Walls and roof')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  expect(
    screen.getByText('Nothing has been paid. The employer is told you withdrew.'),
  ).toBeTruthy();
});
