import { expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import {
  formatCountdown,
  INITIAL_PAY_FLOW,
  isUnderWay,
  type PayEvent,
  type PayFlow,
  payFlowReducer,
  secondsLeft,
} from './pay-flow.ts';

const run = (events: PayEvent[], from: PayFlow = INITIAL_PAY_FLOW) =>
  events.reduce(payFlowReducer, from);
const NOW = 1_000_000;

test('a charge that rings the handset waits 180 s for approval, then lands', () => {
  const approving = run([
    { type: 'submit' },
    {
      type: 'answer',
      answer: { reference: 'gg_abc12345', status: 'pay_offline', displayText: 'Approve' },
      now: NOW,
    },
  ]);
  expect(approving).toEqual({
    step: 'approve',
    reference: 'gg_abc12345',
    deadline: NOW + 180_000,
    wallet: null,
  });
  expect(isUnderWay(approving)).toBe(true);

  // A poll without secondsLeft keeps the deadline; one with it moves the deadline to the server's.
  const polled = run(
    [{ type: 'answer', answer: { status: 'pending', secondsLeft: null }, now: NOW + 30_000 }],
    approving,
  );
  expect(polled).toEqual(approving);
  const corrected = run(
    [{ type: 'answer', answer: { status: 'pay_offline', secondsLeft: 120 }, now: NOW + 30_000 }],
    approving,
  );
  expect(corrected).toMatchObject({ step: 'approve', deadline: NOW + 150_000 });

  const paid = run([{ type: 'answer', answer: { status: 'success' }, now: NOW + 40_000 }], polled);
  expect(paid).toEqual({ step: 'paid' });
  expect(isUnderWay(paid)).toBe(false);
});

test('a failed charge says why (or that it was declined), and Try again starts afresh', () => {
  const approving: PayFlow = {
    step: 'approve',
    reference: 'gg_abc12345',
    deadline: NOW,
    wallet: null,
  };
  expect(
    run(
      [
        {
          type: 'answer',
          answer: { status: 'failed', message: PAYMENT_MESSAGES.abandoned },
          now: NOW,
        },
      ],
      approving,
    ),
  ).toEqual({ step: 'failed', message: PAYMENT_MESSAGES.abandoned });
  // The start's own answer carries no message.
  const declined = run([
    { type: 'submit' },
    {
      type: 'answer',
      answer: { reference: 'gg_abc12345', status: 'failed', displayText: null },
      now: NOW,
    },
  ]);
  expect(declined).toEqual({ step: 'failed', message: PAYMENT_MESSAGES.declined });
  expect(run([{ type: 'reset' }], declined)).toEqual(INITIAL_PAY_FLOW);
});

test('a refusal to start goes back to the form with the reason', () => {
  expect(
    run([{ type: 'submit' }, { type: 'refused', message: PAYMENT_MESSAGES.alreadyPaid }]),
  ).toEqual({
    step: 'choose',
    error: PAYMENT_MESSAGES.alreadyPaid,
  });
  // Submitting again clears it.
  expect(run([{ type: 'submit' }, { type: 'refused', message: 'no' }, { type: 'submit' }])).toEqual(
    { step: 'starting' },
  );
});

test('send_otp asks for the code; a refused code stays on the step with the reason', () => {
  const otp = run([
    { type: 'submit' },
    {
      type: 'answer',
      answer: {
        reference: 'gg_otp12345',
        status: 'send_otp',
        displayText: 'Dial *110# for a voucher',
      },
      now: NOW,
    },
  ]);
  expect(otp).toEqual({
    step: 'otp',
    reference: 'gg_otp12345',
    displayText: 'Dial *110# for a voucher',
    sending: false,
    error: null,
  });
  expect(run([{ type: 'send-otp' }], otp)).toMatchObject({ sending: true });
  expect(
    run([{ type: 'send-otp' }, { type: 'otp-refused', message: 'Wrong code' }], otp),
  ).toMatchObject({ step: 'otp', sending: false, error: 'Wrong code' });
  // The code accepted, the handset rings: the reference carries over.
  expect(
    run(
      [{ type: 'send-otp' }, { type: 'answer', answer: { status: 'pay_offline' }, now: NOW }],
      otp,
    ),
  ).toEqual({ step: 'approve', reference: 'gg_otp12345', deadline: NOW + 180_000, wallet: null });
});

test('a charge already under way keeps the wallet it rings, whatever was typed this time', () => {
  const wallet = { phoneNumber: '+233241111111', network: 'mtn' as const };
  const approving = run([
    { type: 'submit' },
    {
      type: 'answer',
      answer: { reference: 'gg_abc12345', status: 'pending', displayText: null, ...wallet },
      now: NOW,
    },
  ]);
  expect(approving).toMatchObject({ step: 'approve', wallet });
  // Polls that do not name it keep it.
  expect(
    run([{ type: 'answer', answer: { status: 'pending' }, now: NOW + 5_000 }], approving),
  ).toMatchObject({ wallet });
});

test('a late poll answer changes nothing once the flow is over', () => {
  for (const over of [
    { step: 'paid' },
    { step: 'failed', message: 'x' },
    INITIAL_PAY_FLOW,
  ] as PayFlow[]) {
    expect(run([{ type: 'answer', answer: { status: 'pending' }, now: NOW }], over)).toBe(over);
  }
});

test('the countdown never goes below zero and reads m:ss', () => {
  expect(secondsLeft(NOW + 179_001, NOW)).toBe(180);
  expect(secondsLeft(NOW - 5_000, NOW)).toBe(0);
  expect(formatCountdown(180)).toBe('3:00');
  expect(formatCountdown(69)).toBe('1:09');
  expect(formatCountdown(0)).toBe('0:00');
});
