import type { Status } from '../../contracts/applications.ts';
import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import { STATUS_CHANGE_MESSAGES } from '../../contracts/transitions.ts';
import { dayLabel, timeLabel } from '../lib/day-label.ts';
import type { Deal, Role, Side } from './process.ts';

/**
 * The guards of the process table (process.ts PROCESS): when a transition is refused, and with
 * which refusal (a 409 conflict, a 422 rule, a 403). The table names them; their rules live here.
 */

/** Why a transition is refused, in words the routes map to a status (domain-errors.ts). */
export interface Refusal {
  kind: 'forbidden' | 'conflict' | 'rule';
  message: string;
}

export const conflict = (message: string): Refusal => ({ kind: 'conflict', message });
export const rule = (message: string): Refusal => ({ kind: 'rule', message });
export const forbidden = (message: string): Refusal => ({ kind: 'forbidden', message });

/**
 * Whether the work has begun: from its date on (a booking's event start, a job's start date) it
 * may be confirmed done and no longer cancelled. Work without a date has begun once paid.
 */
const workHasBegun = (deal: Pick<Deal, 'workStartsAt'>, now: Date) =>
  deal.workStartsAt === null || now.getTime() >= Date.parse(deal.workStartsAt);

/** The refusals of confirming or disputing money not held (escrow's heldPaymentOf). */
export function notHeld(deal: Deal): Refusal {
  if (deal.status !== 'accepted' && deal.state !== 'released') {
    return conflict(STATUS_CHANGE_MESSAGES.notAllowed(deal.status, 'completed'));
  }
  if (deal.state === 'accepted' || deal.state === 'paying') return rule(PAYMENT_MESSAGES.notFunded);
  if (deal.state === 'disputed') return conflict(PAYMENT_MESSAGES.disputed);
  if (deal.state === 'released') return conflict(PAYMENT_MESSAGES.alreadyReleased);
  return conflict(STATUS_CHANGE_MESSAGES.notAllowed(deal.status, 'completed'));
}

export const confirmed = (deal: Deal, side: Side) =>
  (side === 'payer' ? deal.payerConfirmedAt : deal.payeeConfirmedAt) !== null;

/** "14 Mar 2027" for a job's day, "14 Mar 2027, 18:00 GMT" for an event's start. */
const workStartLabel = (deal: Deal, at: string) =>
  deal.kind === 'booking' ? timeLabel(at) : dayLabel(at);

/** A side confirms once the work's date has come (the 422 says from when). */
export const confirmGuard = (deal: Deal, _role: Role, now: Date): Refusal | null =>
  deal.workStartsAt && !workHasBegun(deal, now)
    ? rule(PAYMENT_MESSAGES.confirmFrom(workStartLabel(deal, deal.workStartsAt)))
    : null;

export function cancelWrongState(deal: Deal): Refusal {
  if (deal.state === 'disputed') return conflict(PAYMENT_MESSAGES.disputed);
  return conflict(PAYMENT_MESSAGES.notCancellable);
}

/**
 * Nobody cancels after a side said the work is done, nor money held once the work has begun:
 * dated work from its date; work without a date, for its payer, once paid (the worker may have
 * done it already, so only a dispute remains to them; the payee may still give it back). Work
 * nobody paid for may be called off at any time: no money moves, and a job's last unpaid
 * milestone would otherwise keep its application open for ever.
 */
export function cancelGuard(deal: Deal, role: Role, now: Date): Refusal | null {
  if (deal.payerConfirmedAt || deal.payeeConfirmedAt) {
    return conflict(PAYMENT_MESSAGES.cancelAfterConfirm);
  }
  if (deal.state === 'accepted' || deal.state === 'paying') return null;
  const begun = deal.workStartsAt
    ? workHasBegun(deal, now)
    : role === 'payer' && (deal.state === 'held' || deal.state === 'frozen');
  if (begun) return rule(PAYMENT_MESSAGES.cancelTooLate);
  return null;
}

export function payWrongState(deal: Deal): Refusal {
  if (deal.status === 'completed' || deal.state === 'held' || deal.state === 'frozen') {
    return conflict(PAYMENT_MESSAGES.alreadyPaid);
  }
  if (deal.status !== 'accepted') return rule(PAYMENT_MESSAGES.notPayable);
  return conflict(PAYMENT_MESSAGES.alreadyPaid);
}

export const operatorOnly = (deal: Deal) =>
  conflict(`This is ${deal.state}, not disputed or frozen`);

export const decisionWrongState = (deal: Deal, target: Status) =>
  conflict(STATUS_CHANGE_MESSAGES.notAllowed(deal.status, target));
