import * as v from 'valibot';
import { count, isoDate, money, nullableText, same, text } from './answers.schemas.ts';
import { MOBILE_NETWORKS } from './mobile-networks.ts';
import type {
  PaymentProgress as PaymentProgressType,
  PaymentStarted as PaymentStartedType,
  PayoutSettings as PayoutSettingsType,
  Wallet as WalletType,
} from './payments.ts';
import { CHARGE_STEPS } from './payments.ts';

/**
 * What the payments routes answer: a payment started and its progress, the wallet, the payout
 * settings. Answer schemas, like answers.schemas.ts: they describe what the server writes.
 */

// Payments

const PaymentStartedEntries = {
  reference: text,
  status: v.picklist(CHARGE_STEPS),
  displayText: nullableText,
  phoneNumber: text,
  network: v.picklist(MOBILE_NETWORKS),
};
export const PaymentStartedSchema = v.object(PaymentStartedEntries);
same<v.InferOutput<typeof PaymentStartedSchema>, PaymentStartedType>(true);

export const PaymentProgressSchema = v.object({
  ...PaymentStartedEntries,
  message: nullableText,
  secondsLeft: v.nullable(v.number()),
});
same<v.InferOutput<typeof PaymentProgressSchema>, PaymentProgressType>(true);

export const WalletSchema = v.object({
  held: money,
  earned: money,
  spent: money,
  pendingPayout: money,
  payoutFailed: money,
  payoutHeldUntil: v.nullable(isoDate),
  entries: v.array(
    v.object({
      id: count,
      createdAt: isoDate,
      kind: v.picklist([
        'paid',
        'refunded',
        'held_for_you',
        'returned_to_payer',
        'released',
        'payout_sent',
        'payout_failed',
      ]),
      amount: money,
      description: text,
      engagement: v.nullable(v.object({ type: v.picklist(['booking', 'application']), id: count })),
      milestone: v.optional(v.nullable(v.object({ position: count, title: text }))),
    }),
  ),
});
same<v.InferOutput<typeof WalletSchema>, WalletType>(true);

export const PayoutSettingsAnswerSchema = v.object({
  phoneNumber: text,
  network: v.picklist(MOBILE_NETWORKS),
  isDefault: v.boolean(),
});
same<v.InferOutput<typeof PayoutSettingsAnswerSchema>, PayoutSettingsType>(true);
