import * as v from 'valibot';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';

/**
 * Paystack's wire: the JSON its API and its webhooks send, as we check it, the types our client
 * answers in, and the conversions between the two (amounts, phone numbers, networks). The client
 * (paystack-client.ts) makes the calls; nothing here talks to the network.
 */

/** Paystack's mobile-money provider codes for POST /charge, per network. */
export const CHARGE_PROVIDER_CODES: Record<MobileNetwork, 'mtn' | 'vod' | 'atl'> = {
  mtn: 'mtn',
  telecel: 'vod',
  airteltigo: 'atl',
};

/**
 * How each network is found in Paystack's GHS mobile-money bank list, whose `code` is the
 * transfer recipient's bank_code. The documented list has slugs mtn-mobile-money,
 * vod-mobile-money and atl-mobile-money (codes MTN, VOD, ATL; names MTN, Vodafone, AirtelTigo);
 * names are the fallback should a slug change, as Vodafone's did not when it became Telecel.
 */
const BANK_LIST_MATCHERS: Record<MobileNetwork, { slugPrefix: string; name: RegExp }> = {
  mtn: { slugPrefix: 'mtn-', name: /^mtn\b/i },
  telecel: { slugPrefix: 'vod-', name: /telecel|vodafone/i },
  airteltigo: { slugPrefix: 'atl-', name: /airtel|tigo/i },
};

/** A status string as Paystack sent it; the named ones are those its documentation lists. */
type Raw<Known extends string> = Known | (string & {});

/**
 * The charge's next step: pay_offline (show displayText, the customer approves on the handset),
 * send_otp (ask for the code, then submitOtp), pending (poll verify), success, failed. Anything
 * else: treat as pending and poll verify.
 */
type ChargeStep = Raw<'pay_offline' | 'send_otp' | 'pending' | 'success' | 'failed'>;

export interface ChargeResult {
  reference: string;
  status: ChargeStep;
  /** What to show the customer for pay_offline and send_otp; null when Paystack sent none. */
  displayText: string | null;
  /** Why the charge failed, when it did. */
  message: string | null;
}

/** Conclusive: success, failed, abandoned, reversed. Still moving: ongoing, pending, processing, queued. */
type TransactionStatus = Raw<
  'success' | 'failed' | 'abandoned' | 'reversed' | 'ongoing' | 'pending' | 'processing' | 'queued'
>;

/** What GET /transaction/verify says; confirm reference, amount and currency before crediting. */
export interface Transaction {
  id: number;
  reference: string;
  status: TransactionStatus;
  amountPesewas: number;
  currency: string;
  /** Paystack's fee, deducted from what it settles to us; null when it did not say. */
  feesPesewas: number | null;
  channel: string | null;
  /** Paystack's reason for failure or abandonment, or its "Approved". */
  gatewayResponse: string | null;
  message: string | null;
  paidAt: string | null;
  createdAt: string | null;
  metadata: Record<string, unknown> | null;
}

export interface MobileMoneyBank {
  name: string;
  slug: string;
  /** The transfer recipient's bank_code. */
  code: string;
  active: boolean;
  /** Our network for this entry, or null when it is none we know. */
  network: MobileNetwork | null;
}

export interface TransferRecipient {
  recipientCode: string;
  name: string;
  /** The wallet number as Paystack holds it, e.g. "0551234987". */
  accountNumber: string;
  bankCode: string;
  bankName: string | null;
  active: boolean;
}

/**
 * Conclusive: success, failed, reversed (money came back), abandoned, blocked, rejected.
 * Still moving: pending, received, otp (transfer OTP must be off on the Paystack account).
 */
type TransferStatus = Raw<
  | 'pending'
  | 'success'
  | 'failed'
  | 'reversed'
  | 'otp'
  | 'abandoned'
  | 'blocked'
  | 'rejected'
  | 'received'
>;

export interface Transfer {
  reference: string;
  transferCode: string;
  status: TransferStatus;
  amountPesewas: number;
  currency: string;
  reason: string | null;
  /** The recipient's code; verify answers carry it, the answer to initiate does not. */
  recipientCode: string | null;
  gatewayResponse: string | null;
  transferredAt: string | null;
}

/** pending, processing, processed (money back with the customer), failed, needs-attention. */
type RefundStatus = Raw<'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention'>;

export interface Refund {
  id: number;
  transactionReference: string;
  amountPesewas: number;
  currency: string;
  status: RefundStatus;
  expectedAt: string | null;
}

const Pesewas = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const OptionalText = v.nullish(v.string());

export const ChargeData = v.looseObject({
  reference: v.string(),
  status: v.string(),
  display_text: OptionalText,
  message: OptionalText,
  gateway_response: OptionalText,
});

export const TransactionData = v.looseObject({
  id: v.number(),
  reference: v.string(),
  status: v.string(),
  amount: Pesewas,
  currency: v.string(),
  fees: v.nullish(Pesewas),
  channel: OptionalText,
  gateway_response: OptionalText,
  message: OptionalText,
  paid_at: OptionalText,
  created_at: OptionalText,
  // Paystack sends "" when there is none, and an object (or its JSON) otherwise.
  metadata: v.optional(v.unknown()),
});

export const BankData = v.array(
  v.looseObject({
    name: v.string(),
    slug: v.string(),
    code: v.string(),
    active: v.nullish(v.boolean()),
    is_deleted: v.nullish(v.boolean()),
  }),
);

export const RecipientData = v.looseObject({
  recipient_code: v.string(),
  name: v.string(),
  active: v.nullish(v.boolean()),
  details: v.looseObject({
    account_number: v.string(),
    bank_code: v.string(),
    bank_name: OptionalText,
  }),
});

export const TransferData = v.looseObject({
  reference: v.string(),
  transfer_code: v.string(),
  status: v.string(),
  amount: Pesewas,
  currency: v.string(),
  reason: OptionalText,
  // The recipient's id on initiate, the recipient itself on verify and in webhooks.
  recipient: v.optional(v.union([v.number(), v.looseObject({ recipient_code: v.string() })])),
  gateway_response: OptionalText,
  transferred_at: OptionalText,
});

export const RefundData = v.looseObject({
  id: v.number(),
  transaction: v.looseObject({ reference: v.string() }),
  amount: Pesewas,
  currency: v.string(),
  status: v.string(),
  expected_at: OptionalText,
});

export const Envelope = v.looseObject({
  status: v.optional(v.unknown()),
  message: v.optional(v.unknown()),
  data: v.optional(v.unknown()),
  code: v.optional(v.unknown()),
  type: v.optional(v.unknown()),
});

/**
 * A webhook event, in our vocabulary. Paystack sends only successes for charges; failures and
 * abandonment are found by polling verify. Whatever an event says, confirm it with verify
 * before moving money: the event only tells us which reference to look at.
 */
export type PaystackEvent =
  | {
      event: 'charge.success';
      reference: string;
      amountPesewas: number;
      currency: string;
      status: TransactionStatus;
    }
  | {
      event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
      reference: string;
      transferCode: string;
      amountPesewas: number;
      currency: string;
      status: TransferStatus;
    }
  | {
      event: `refund.${string}`;
      transactionReference: string;
      /** Paystack's reference for the refund, once the processor gave one. */
      refundReference: string | null;
      amountPesewas: number;
      currency: string;
      status: RefundStatus;
    }
  /** An event we do not act on, named so it can be acknowledged and logged. */
  | { event: 'other'; name: string };

// Refund events carry the amount as a string ("10000") in Paystack's own samples.
const EventPesewas = v.union([
  Pesewas,
  v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)),
]);

export const EventEnvelope = v.looseObject({ event: v.string(), data: v.looseObject({}) });
export const ChargeEventData = v.looseObject({
  reference: v.string(),
  amount: EventPesewas,
  currency: v.string(),
  status: v.string(),
});
export const TransferEventData = v.looseObject({
  reference: v.string(),
  transfer_code: v.string(),
  amount: EventPesewas,
  currency: v.string(),
  status: v.string(),
});
export const RefundEventData = v.looseObject({
  transaction_reference: v.string(),
  refund_reference: OptionalText,
  amount: EventPesewas,
  currency: v.string(),
  status: v.string(),
});

const GHANA_PHONE = /^\+233(\d{9})$/;

/** Paystack takes Ghana wallet numbers in the local form its docs use: +233551234987 -> 0551234987. */
export function toPaystackPhone(phone: string): string {
  const match = GHANA_PHONE.exec(phone);
  if (!match) throw new TypeError('A Ghana phone number in the form +233XXXXXXXXX is required');
  return `0${match[1]}`;
}

export function pesewas(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new TypeError('An amount must be a positive whole number of pesewas');
  }
  return amount;
}

export function networkOfBank(bank: { slug: string; name: string }): MobileNetwork | null {
  const networks = Object.keys(BANK_LIST_MATCHERS) as MobileNetwork[];
  return (
    networks.find((network) => bank.slug.startsWith(BANK_LIST_MATCHERS[network].slugPrefix)) ??
    networks.find((network) => BANK_LIST_MATCHERS[network].name.test(bank.name)) ??
    null
  );
}

export function chargeResult(data: v.InferOutput<typeof ChargeData>): ChargeResult {
  return {
    reference: data.reference,
    status: data.status,
    displayText: data.display_text ?? null,
    message: data.message ?? data.gateway_response ?? null,
  };
}

export function transferResult(data: v.InferOutput<typeof TransferData>): Transfer {
  return {
    reference: data.reference,
    transferCode: data.transfer_code,
    status: data.status,
    amountPesewas: data.amount,
    currency: data.currency,
    reason: data.reason ?? null,
    recipientCode:
      typeof data.recipient === 'object' && data.recipient !== null
        ? data.recipient.recipient_code
        : null,
    gatewayResponse: data.gateway_response ?? null,
    transferredAt: data.transferred_at ?? null,
  };
}

export function metadataObject(metadata: unknown): Record<string, unknown> | null {
  const value =
    typeof metadata === 'string' && metadata.startsWith('{') ? parseJson(metadata) : metadata;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The low-level cause of a failed fetch (ECONNREFUSED, ECONNRESET ...), which says nothing secret. */
export function networkCause(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : 'unknown error';
}
