import { afterEach, expect, test, vi } from 'vitest';
import type { Completion } from '../../../../contracts/payments.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type DealState, dealTimeline, turnView } from './deal.ts';

const open: Completion = {
  payerConfirmedAt: null,
  payeeConfirmedAt: null,
  disputedAt: null,
  autoReleaseAt: null,
  confirmableFrom: '2026-12-12T18:30:00.000Z',
};

const base: DealState = {
  payment: { status: 'held', paidAt: '2026-12-01T14:02:00.000Z', releasedAt: null },
  completion: open,
  side: 'payer',
  other: 'DJ Kasa',
  allowedActions: ['confirm', 'dispute'],
};

const view = (overrides: Partial<DealState>) =>
  turnView({
    payment: { status: 'held', paidAt: '2026-12-01T14:02:00.000Z', releasedAt: null },
    completion: open,
    side: 'payer',
    other: 'DJ Kasa',
    allowedActions: ['confirm', 'dispute'],
    ...overrides,
  });

test('nothing to confirm before the money is held', () => {
  for (const status of ['unpaid', 'pending'] as const) {
    expect(view({ payment: { status, paidAt: null, releasedAt: null } })).toBeNull();
  }
});

test("held before the work's date the server offers no confirming: the card says from when", () => {
  const later = { ...open, confirmableFrom: '2026-12-24T18:30:00.000Z' };
  for (const side of ['payer', 'payee'] as const) {
    expect(view({ side, completion: later, allowedActions: [] })).toEqual({
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
  expect(view({ completion: payerDone, allowedActions: ['dispute'] })).toMatchObject({
    text: 'You confirmed. Waiting for DJ Kasa to confirm.',
    canConfirm: false,
    canReport: true,
  });
  expect(view({ completion: payerDone, side: 'payee', other: 'Ama Owusu' })).toMatchObject({
    text: 'Ama Owusu confirmed. Your turn: confirm it was done.',
    canConfirm: true,
  });
  expect(
    view({
      completion: { ...payerDone, payeeConfirmedAt: '2026-12-13T10:00:00.000Z' },
      allowedActions: [],
    }),
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
  expect(
    view({ payment: { status: 'released', paidAt: null, releasedAt: '2026-12-14T08:00:00.000Z' } }),
  ).toEqual({
    text: `Payment released to DJ Kasa on ${formatDateTime('2026-12-14T08:00:00.000Z')}.`,
    note: null,
    canConfirm: false,
    canReport: false,
  });
  expect(
    view({
      payment: { status: 'released', paidAt: null, releasedAt: '2026-12-14T08:00:00.000Z' },
      side: 'payee',
    })?.text,
  ).toBe(`Payment released to you on ${formatDateTime('2026-12-14T08:00:00.000Z')}.`);
  expect(view({ payment: { status: 'refunded', paidAt: null, releasedAt: null } })?.text).toBe(
    'Refunded to you.',
  );
  expect(
    view({
      payment: { status: 'disputed', paidAt: null, releasedAt: null },
      completion: { ...open, disputedAt: '2026-12-13T09:00:00.000Z' },
    }),
  ).toMatchObject({
    text: `A problem was reported on ${formatDateTime('2026-12-13T09:00:00.000Z')}. The payment is on hold until we have looked into it.`,
    canConfirm: false,
    canReport: false,
  });
});

afterEach(() => {
  vi.useRealTimers();
});

test("the timeline says what happened and what comes next, oldest first, in the viewer's words", () => {
  const completion = {
    ...open,
    payeeConfirmedAt: '2026-12-15T09:10:00.000Z',
    autoReleaseAt: '2026-12-18T14:10:00.000Z',
  };
  const at = formatDateTime;
  expect(dealTimeline({ ...base, completion, other: 'Kojo' })).toEqual([
    `Paid ${at('2026-12-01T14:02:00.000Z')}`,
    `Kojo said done ${at('2026-12-15T09:10:00.000Z')}`,
    `Goes to Kojo ${at('2026-12-18T14:10:00.000Z')} unless you report a problem`,
  ]);
  expect(dealTimeline({ ...base, completion, side: 'payee', other: 'Ama Owusu' })).toEqual([
    `Paid ${at('2026-12-01T14:02:00.000Z')}`,
    `You said done ${at('2026-12-15T09:10:00.000Z')}`,
    `Goes to you ${at('2026-12-18T14:10:00.000Z')} unless a problem is reported`,
  ]);
  const released = {
    ...base,
    payment: {
      status: 'released' as const,
      paidAt: '2026-12-01T14:02:00.000Z',
      releasedAt: '2026-12-18T14:10:00.000Z',
    },
    completion,
    other: 'Kojo',
  };
  expect(dealTimeline(released).at(-1)).toBe(`Paid out to Kojo ${at('2026-12-18T14:10:00.000Z')}`);
  expect(dealTimeline({ ...base, payment: { ...base.payment, status: 'refunded' } })).toEqual([
    `Paid ${at('2026-12-01T14:02:00.000Z')}`,
    'Refunded',
  ]);
});

test("a phone whose clock is a week wrong draws the same card: the buttons are the server's", () => {
  const before: DealState = {
    ...base,
    completion: { ...open, confirmableFrom: '2026-12-24T18:30:00.000Z' },
    allowedActions: ['cancel'],
  };
  const after: DealState = { ...base, allowedActions: ['confirm', 'dispute'] };
  const onTime = [turnView(before), turnView(after), dealTimeline(after)];
  for (const offset of [-7, 7]) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-20T12:00:00Z') + offset * 86_400_000);
    expect([turnView(before), turnView(after), dealTimeline(after)]).toEqual(onTime);
    vi.useRealTimers();
  }
  expect(turnView(before)).toMatchObject({ canConfirm: false, canReport: false });
  expect(turnView(after)).toMatchObject({ canConfirm: true, canReport: true });
});
