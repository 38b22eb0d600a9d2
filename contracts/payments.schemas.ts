import * as v from 'valibot';
import { PhoneSchema } from './auth.schemas.ts';
import { objectSchema } from './common.schemas.ts';
import { GHANA_MOBILE, MOBILE_NETWORKS } from './mobile-networks.ts';
import { PAYMENT_MESSAGES } from './payments.ts';
import { stripControls } from './text.ts';

const networkSchema = v.picklist(MOBILE_NETWORKS, PAYMENT_MESSAGES.network);

/** POST /api/bookings/:id/payment and /api/applications/:id/payment: the wallet that pays. */
export const StartPaymentSchema = objectSchema({
  phoneNumber: PhoneSchema,
  network: networkSchema,
});
export type StartPaymentInput = v.InferOutput<typeof StartPaymentSchema>;

/** POST /api/payments/:reference/otp */
export const SubmitOtpSchema = objectSchema({
  otp: v.pipe(v.string(PAYMENT_MESSAGES.otp), v.trim(), v.regex(/^\d{4,8}$/, PAYMENT_MESSAGES.otp)),
});

/** A payment reference in a path: ours are short lowercase letters, digits, - and _. */
export const PaymentReferenceParamsSchema = objectSchema({
  reference: v.pipe(v.string('Unknown payment'), v.regex(/^[a-z0-9_-]{8,64}$/, 'Unknown payment')),
});

/** POST /api/bookings/:id/dispute and /api/applications/:id/dispute */
export const DisputeSchema = objectSchema({
  reason: v.pipe(
    v.string(PAYMENT_MESSAGES.reason),
    v.transform(stripControls),
    v.trim(),
    v.minLength(10, PAYMENT_MESSAGES.reason),
    v.maxLength(500, PAYMENT_MESSAGES.reasonMax),
  ),
});

/**
 * PUT /api/me/payout: a mobile number, or the money would go nowhere; and `code`, the 6 digits
 * POST /api/me/payout/code sent to the sign-in phone. The code is judged by the server (403
 * when it is missing or not a live one), so the contract only bounds it.
 */
export const PayoutSettingsSchema = objectSchema({
  phoneNumber: v.pipe(PhoneSchema, v.regex(GHANA_MOBILE, PAYMENT_MESSAGES.payoutPhone)),
  network: networkSchema,
  code: v.optional(
    v.pipe(
      v.string(PAYMENT_MESSAGES.payoutCode),
      v.trim(),
      v.maxLength(32, PAYMENT_MESSAGES.payoutCode),
    ),
  ),
});
export type PayoutSettingsInput = v.InferOutput<typeof PayoutSettingsSchema>;
