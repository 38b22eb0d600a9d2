/**
 * Mobile-money payments of both kinds of deal (bookings and jobs): starting a charge, following
 * it, and the two writes of completion (confirm, report a problem) that both kinds of
 * engagement make the same way. Paying needs a connection, so it is a plain request; confirming
 * and reporting go through the outbox.
 */
import type { QueryKey } from '@tanstack/react-query';
import { api } from '../../../../contracts/paths.ts';
import type { StartPaymentInput } from '../../../../contracts/payments.schemas.ts';
import type { PaymentProgress, PaymentStarted } from '../../../../contracts/payments.ts';
import { getJson, sendJson } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import type { WriteKind } from '../../../lib/outbox/write-kind.ts';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys.ts';

/**
 * POST /api/bookings/:id/payment or /api/applications/:id/payment. No idempotency key: a second
 * tap while a charge is under way is answered with that charge.
 */
export function startPayment(url: string, input: StartPaymentInput): Promise<PaymentStarted> {
  return sendJson<PaymentStarted>('POST', url, input);
}

export function getPaymentProgress(reference: string): Promise<PaymentProgress> {
  return getJson<PaymentProgress>(api.payment(reference));
}

export function submitPaymentOtp(reference: string, otp: string): Promise<PaymentProgress> {
  return sendJson<PaymentProgress>('POST', api.paymentOtp(reference), { otp });
}

/** Which engagement a completion write is about, and how the outbox lists it. */
export interface CompletionVariables {
  id: number;
  /** 'DJ Kasa, 12 Dec 2026' or 'Kofi Boateng, Mason for a shop': who and what, for the lists. */
  label: string;
}

export interface DisputeVariables extends CompletionVariables {
  reason: string;
}

interface CompletionKindOptions {
  /** Stored with each item: never rename. */
  name: string;
  url: (id: number) => string;
  /** The engagement's own domain prefix; the wallet is refreshed as well. */
  refreshes: QueryKey;
}

/** "The work was done": one side's confirmation; the money goes once both have confirmed. */
export function confirmCompletionKind(
  options: CompletionKindOptions,
): WriteKind<CompletionVariables> {
  return {
    name: options.name,
    request: ({ id, label }) => ({
      method: 'POST',
      url: options.url(id),
      body: {},
      title: t('Confirm completed: {label}', { label }),
      // The engagement itself, so its card knows a confirmation waits to be sent.
      ref: id,
    }),
    sent: (item) => ({
      title: t('Completion Confirmed'),
      description: t('{title}. The payment is released once both sides have confirmed.', {
        title: item.title,
      }),
    }),
    failed: { title: t('Confirmation Failed'), fallback: msg('Please try again.') },
    refreshes: [options.refreshes, WALLET_QUERY_KEY],
  };
}

/** "Something went wrong": freezes the release until an operator decides. */
export function reportProblemKind(options: CompletionKindOptions): WriteKind<DisputeVariables> {
  return {
    name: options.name,
    request: ({ id, label, reason }) => ({
      method: 'POST',
      url: options.url(id),
      body: { reason },
      title: t('Report a problem: {label}', { label }),
      ref: id,
    }),
    sent: (item) => ({
      title: t('Problem Reported'),
      description: t('{title}. The payment is on hold until we have looked into it.', {
        title: item.title,
      }),
    }),
    failed: { title: t('Report Failed'), fallback: msg('Please try again.') },
    refreshes: [options.refreshes, WALLET_QUERY_KEY],
  };
}
