// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Application } from '../../../../contracts/applications.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { renderWithApp } from '../../../../tests/helpers/web-harness.tsx';
import { EmployerApplicationPayment, WorkerApplicationPayment } from './application-payment.tsx';

const hired: Application = {
  id: 9,
  jobId: 3,
  coverLetter: 'I have built walls in Elmina for 8 years.',
  status: 'accepted',
  createdAt: '2026-01-01T10:00:00.000Z',
  job: { title: 'Mason for a shop', category: 'skilled_trades', region: 'Central' },
  applicant: { firstName: 'Kojo', lastName: 'Quaye', email: null },
  contact: { firstName: 'Kojo', lastName: 'Quaye', phoneNumber: '+233549999997' },
  payment: {
    status: 'unpaid',
    amount: '2500.00',
    serviceFee: '125.00',
    paidAt: null,
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
  milestones: [],
};

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
  const funded = { ...hired, payment: { ...hired.payment, status: 'held' as const } };
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
