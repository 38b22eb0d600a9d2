/**
 * The paying dialog as a state machine, pure so it can be tested step by step: choose the wallet,
 * start the charge, then follow the provider's steps (approve on the handset, or type the code
 * the network sent) until the money lands or the charge fails.
 */

import type { MobileNetwork } from '../../../../contracts/mobile-networks.ts';
import {
  type ChargeStep,
  HANDSET_APPROVAL_SECONDS,
  PAYMENT_MESSAGES,
  type PaymentProgress,
  type PaymentStarted,
} from '../../../../contracts/payments.ts';

export type PayFlow =
  /** The wallet form; `error` is why the last try was refused before any charge began. */
  | { step: 'choose'; error: string | null }
  | { step: 'starting' }
  /** Waiting for the payer to approve on the handset (or for the network), until `deadline`. */
  | { step: 'approve'; reference: string; deadline: number; wallet: Wallet | null }
  /** The network sent a code by SMS; `error` is a refusal of the code as typed. */
  | {
      step: 'otp';
      reference: string;
      displayText: string | null;
      sending: boolean;
      error: string | null;
    }
  | { step: 'paid' }
  | { step: 'failed'; message: string };

/** The wallet a charge rings, as the server last said. */
export interface Wallet {
  phoneNumber: string;
  network: MobileNetwork;
}

export type PayEvent =
  | { type: 'submit' }
  /** The server refused to start (already paid, not payable ...) or could not be reached. */
  | { type: 'refused'; message: string }
  /** Any answer about the charge: the start, a poll, or the code's. */
  | { type: 'answer'; answer: PaymentStarted | Partial<PaymentProgress>; now: number }
  | { type: 'send-otp' }
  | { type: 'otp-refused'; message: string }
  /** Try again after a failure, or go back to the form. */
  | { type: 'reset' };

export const INITIAL_PAY_FLOW: PayFlow = { step: 'choose', error: null };

/** While a charge is under way: the dialog may close, but the flow goes on and can be resumed. */
export function isUnderWay(flow: PayFlow): boolean {
  return flow.step === 'starting' || flow.step === 'approve' || flow.step === 'otp';
}

export function payFlowReducer(flow: PayFlow, event: PayEvent): PayFlow {
  switch (event.type) {
    case 'submit':
      return flow.step === 'choose' ? { step: 'starting' } : flow;
    case 'refused':
      return flow.step === 'starting' ? { step: 'choose', error: event.message } : flow;
    case 'reset':
      return INITIAL_PAY_FLOW;
    case 'send-otp':
      return flow.step === 'otp' ? { ...flow, sending: true, error: null } : flow;
    case 'otp-refused':
      return flow.step === 'otp' ? { ...flow, sending: false, error: event.message } : flow;
    case 'answer':
      // A late answer (a poll that was in flight) changes nothing once the flow is over.
      if (flow.step === 'choose' || flow.step === 'paid' || flow.step === 'failed') return flow;
      return onAnswer(flow, event.answer, event.now);
  }
}

function onAnswer(
  flow: PayFlow,
  answer: PaymentStarted | Partial<PaymentProgress>,
  now: number,
): PayFlow {
  const step: ChargeStep | undefined = answer.status;
  const reference = answer.reference ?? ('reference' in flow ? flow.reference : undefined);
  if (step === 'success') return { step: 'paid' };
  if (step === 'failed' || !reference) {
    const message = 'message' in answer ? answer.message : null;
    return { step: 'failed', message: message || PAYMENT_MESSAGES.declined };
  }
  if (step === 'send_otp') {
    return {
      step: 'otp',
      reference,
      displayText: answer.displayText ?? null,
      sending: false,
      error: null,
    };
  }
  // pay_offline, pending, or a step we do not know yet: the payer approves on the handset.
  const secondsLeft = 'secondsLeft' in answer ? answer.secondsLeft : null;
  const deadline =
    typeof secondsLeft === 'number'
      ? now + secondsLeft * 1000
      : flow.step === 'approve' && flow.reference === reference
        ? flow.deadline
        : now + HANDSET_APPROVAL_SECONDS * 1000;
  const wallet =
    answer.phoneNumber && answer.network
      ? { phoneNumber: answer.phoneNumber, network: answer.network }
      : flow.step === 'approve' && flow.reference === reference
        ? flow.wallet
        : null;
  return { step: 'approve', reference, deadline, wallet };
}

/** Seconds left on the handset's clock, never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 179 -> '2:59' */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
