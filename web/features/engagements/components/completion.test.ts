import { expect, test } from 'vitest';
import type { Completion } from '../../../../contracts/payments.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type CompletionInput, completionView } from './completion.ts';

const NOW = Date.parse('2026-12-20T12:00:00Z');
const open: Completion = {
  payerConfirmedAt: null,
  payeeConfirmedAt: null,
  disputedAt: null,
  autoReleaseAt: null,
  confirmableFrom: '2026-12-12T18:30:00.000Z',
};

const view = (overrides: Partial<CompletionInput>) =>
  completionView({
    payment: { status: 'held', releasedAt: null },
    completion: open,
    side: 'payer',
    other: 'DJ Kasa',
    now: NOW,
    ...overrides,
  });

test('nothing to confirm before the money is held', () => {
  for (const status of ['unpaid', 'pending'] as const) {
    expect(view({ payment: { status, releasedAt: null } })).toBeNull();
  }
});

test("held before the work's date: no confirming yet, for either side, and the card says from when", () => {
  const later = { ...open, confirmableFrom: '2026-12-24T18:30:00.000Z' };
  for (const side of ['payer', 'payee'] as const) {
    expect(view({ side, completion: later })).toEqual({
      text: `Paid and held safely. You can both confirm it was done from ${formatDateTime(later.confirmableFrom)}.`,
      note: null,
      canConfirm: false,
      canReport: false,
    });
  }
});

test('after the event each side sees whose turn it is; a job can be confirmed once funded', () => {
  expect(view({})).toMatchObject({
    text: 'Your turn: confirm it was done. DJ Kasa confirms too.',
    canConfirm: true,
    canReport: true,
  });
  expect(
    view({ completion: { ...open, confirmableFrom: null }, other: 'the employer', side: 'payee' }),
  ).toMatchObject({
    text: 'Your turn: confirm it was done. The employer confirms too.',
    canConfirm: true,
  });
  const payerDone = { ...open, payerConfirmedAt: '2026-12-13T09:00:00.000Z' };
  expect(view({ completion: payerDone })).toMatchObject({
    text: 'You confirmed. Waiting for DJ Kasa to confirm.',
    canConfirm: false,
    canReport: true,
  });
  expect(view({ completion: payerDone, side: 'payee', other: 'Ama Owusu' })).toMatchObject({
    text: 'Ama Owusu confirmed. Your turn: confirm it was done.',
    canConfirm: true,
  });
  expect(
    view({ completion: { ...payerDone, payeeConfirmedAt: '2026-12-13T10:00:00.000Z' } }),
  ).toMatchObject({
    text: 'You have both confirmed. The payment is on its way.',
    canConfirm: false,
  });
});

test('the auto-release date is shown to both sides, in their words', () => {
  const due = { ...open, autoReleaseAt: '2026-12-16T09:00:00.000Z' };
  expect(view({ completion: due })?.note).toBe(
    `Released to DJ Kasa on ${formatDateTime(due.autoReleaseAt)} unless a problem is reported.`,
  );
  expect(view({ completion: due, side: 'payee', other: 'Ama Owusu' })?.note).toBe(
    `Released to you on ${formatDateTime(due.autoReleaseAt)} unless a problem is reported.`,
  );
});

test('the payee says it is done first: the payer is told who says so, what to do, and when the money goes by itself', () => {
  const told = { ...open, payeeConfirmedAt: '2026-12-13T09:00:00.000Z' };
  // Before the SMS has gone no clock runs: the card says from when it will.
  expect(view({ completion: told })).toEqual({
    text: 'DJ Kasa says the work is done. Confirm it, or report a problem.',
    note: 'If you do neither, the money goes to DJ Kasa by itself 72 hours after our SMS to you.',
    canConfirm: true,
    canReport: true,
  });
  const ticking = { ...told, autoReleaseAt: '2026-12-16T09:01:00.000Z' };
  expect(view({ completion: ticking })?.note).toBe(
    `If you do neither, the money goes to DJ Kasa by itself on ${formatDateTime(ticking.autoReleaseAt)}.`,
  );
  expect(view({ completion: told, side: 'payee', other: 'Ama Owusu' })).toMatchObject({
    text: 'You confirmed. Waiting for Ama Owusu to confirm.',
    note: 'Released to you 72 hours after Ama Owusu is told, unless a problem is reported.',
  });
});

test('released, refunded and disputed are told, with nothing left to do', () => {
  expect(view({ payment: { status: 'released', releasedAt: '2026-12-14T08:00:00.000Z' } })).toEqual(
    {
      text: `Payment released to DJ Kasa on ${formatDateTime('2026-12-14T08:00:00.000Z')}.`,
      note: null,
      canConfirm: false,
      canReport: false,
    },
  );
  expect(
    view({ payment: { status: 'released', releasedAt: '2026-12-14T08:00:00.000Z' }, side: 'payee' })
      ?.text,
  ).toBe(`Payment released to you on ${formatDateTime('2026-12-14T08:00:00.000Z')}.`);
  expect(view({ payment: { status: 'refunded', releasedAt: null } })?.text).toBe(
    'Refunded to you.',
  );
  expect(
    view({
      payment: { status: 'disputed', releasedAt: null },
      completion: { ...open, disputedAt: '2026-12-13T09:00:00.000Z' },
    }),
  ).toMatchObject({
    text: `A problem was reported on ${formatDateTime('2026-12-13T09:00:00.000Z')}. The payment is on hold until we have looked into it.`,
    canConfirm: false,
    canReport: false,
  });
});
