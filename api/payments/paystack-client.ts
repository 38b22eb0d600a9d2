/**
 * Our own thin client for the part of Paystack's REST API that mobile-money escrow uses. It maps
 * Paystack's answers into our vocabulary (camelCase, integer pesewas, our network names) and
 * keeps Paystack's status strings raw wherever the caller must decide what they mean.
 *
 * Follows Paystack's API reference and guides (mirrored in github.com/alexasomba/paystack-openapi,
 * Paystack-API/ and dist/paystack.yaml; sample payloads from github.com/PaystackOSS/doc-code-snippets):
 *   0b-Authentication.md     Bearer secret key on every request
 *   0d-Errors.md             { status, message, data }; 4xx refusals, 5xx Paystack's fault
 *   24-Charge.md             POST /charge, POST /charge/submit_otp
 *   Docs/04-Payment-Channels.md  mobile money: providers mtn | vod | atl, phone "0551234987",
 *                            pay_offline + display_text, 180 s to approve on the handset
 *   1-Transactions.md        GET /transaction/verify/:reference
 *   Docs/03-Verify-Payments.md   transaction statuses
 *   28-Miscellanous.md       GET /bank?currency=GHS&type=mobile_money (transfer bank codes)
 *   19-Transfer-Recepients.md    POST /transferrecipient (type mobile_money)
 *   20-Transfers.md          POST /transfer, GET /transfer/verify/:reference
 *   26-Refunds.md            POST /refund
 *   Docs/02-Webhooks.md      x-paystack-signature: hex HMAC-SHA512 of the raw body, secret key
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';

const PAYSTACK_BASE_URL = 'https://api.paystack.co';

const DEFAULT_TIMEOUT_MS = 15_000;
/** Paystack's bank list changes rarely; an hour keeps a renamed network from lingering for long. */
const BANK_LIST_TTL_MS = 60 * 60 * 1000;

/** Paystack's mobile-money provider codes for POST /charge, per network. */
const CHARGE_PROVIDER_CODES: Record<MobileNetwork, 'mtn' | 'vod' | 'atl'> = {
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

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * Paystack answered and refused (any 4xx but 429, or status false): a duplicate reference, a
 * bad recipient, an unknown transaction, a wrong key (401). Retrying the same request will not help.
 */
export class PaystackError extends Error {
  override readonly name = 'PaystackError';
  /** The HTTP status Paystack answered with. */
  readonly httpStatus: number;
  /** Paystack's machine-readable code when it sent one, e.g. "duplicate_reference". */
  readonly code: string | undefined;
  /** Paystack's error category when it sent one: api_error, validation_error, processor_error. */
  readonly type: string | undefined;

  constructor(httpStatus: number, message: string, details: { code?: string; type?: string } = {}) {
    super(message);
    this.httpStatus = httpStatus;
    this.code = details.code;
    this.type = details.type;
  }
}

/**
 * Paystack could not be reached, did not answer in time, failed on its side (5xx), asked us to
 * slow down (429) or answered something we cannot read. Try again later. After a write (charge,
 * transfer, refund) the request may still have taken effect: verify by reference before retrying.
 */
export class PaystackUnavailableError extends Error {
  override readonly name = 'PaystackUnavailableError';
  readonly reason: 'network' | 'timeout' | 'server_error' | 'rate_limited' | 'bad_response';
  readonly httpStatus: number | undefined;

  constructor(reason: PaystackUnavailableError['reason'], message: string, httpStatus?: number) {
    super(message);
    this.reason = reason;
    this.httpStatus = httpStatus;
  }
}

// ---------------------------------------------------------------------------------------------
// Results, in our vocabulary

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
/**
 * Paystack's fee for each transfer to a mobile-money wallet in Ghana (its price list: GHS 1),
 * taken from our balance when the transfer succeeds. Booked as an expense (ledger.ts).
 */
export const TRANSFER_FEE_PESEWAS = 100;

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

interface MobileMoneyBank {
  name: string;
  slug: string;
  /** The transfer recipient's bank_code. */
  code: string;
  active: boolean;
  /** Our network for this entry, or null when it is none we know. */
  network: MobileNetwork | null;
}

interface TransferRecipient {
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

interface Refund {
  id: number;
  transactionReference: string;
  amountPesewas: number;
  currency: string;
  status: RefundStatus;
  expectedAt: string | null;
}

export interface ChargeInput {
  /** Paystack requires an email for every customer. */
  email: string;
  amountPesewas: number;
  /** Ours, unique per charge: letters, digits, "-", "." and "=". */
  reference: string;
  /** +233XXXXXXXXX */
  phone: string;
  network: MobileNetwork;
  metadata?: Record<string, unknown>;
}

interface TransferRecipientInput {
  /** The wallet holder's registered name. */
  name: string;
  /** +233XXXXXXXXX */
  phone: string;
  network: MobileNetwork;
}

interface TransferInput {
  amountPesewas: number;
  recipientCode: string;
  /** Fixed per payout, so a retry can never pay twice: 16 to 50 of a-z, 0-9, "-" and "_". */
  reference: string;
  reason: string;
}

interface RefundInput {
  transactionReference: string;
  /** Omitted: the whole transaction. */
  amountPesewas?: number;
}

export interface PaystackClient {
  charge(input: ChargeInput): Promise<ChargeResult>;
  submitOtp(input: { reference: string; otp: string }): Promise<ChargeResult>;
  verifyTransaction(reference: string): Promise<Transaction>;
  /** GHS mobile-money "banks", fetched once an hour at most. */
  listMobileMoneyBanks(): Promise<MobileMoneyBank[]>;
  createTransferRecipient(input: TransferRecipientInput): Promise<TransferRecipient>;
  initiateTransfer(input: TransferInput): Promise<Transfer>;
  verifyTransfer(reference: string): Promise<Transfer>;
  createRefund(input: RefundInput): Promise<Refund>;
  /**
   * The refunds of one transaction (GET /refund?transaction=, its "List Refunds"): how a part
   * refund is known asked for and processed, since its transaction never shows reversed.
   */
  listRefunds(transactionReference: string): Promise<Refund[]>;
}

export interface PaystackClientOptions {
  secretKey: string;
  /** Paystack's API unless given; tests and the dev provider point it at the simulator. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Per request, for the whole answer. */
  timeoutMs?: number;
  /** For the bank-list cache. */
  now?: () => number;
}

// ---------------------------------------------------------------------------------------------
// Wire shapes: only the fields we read; Paystack sends many more.

const Pesewas = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const OptionalText = v.nullish(v.string());

const ChargeData = v.looseObject({
  reference: v.string(),
  status: v.string(),
  display_text: OptionalText,
  message: OptionalText,
  gateway_response: OptionalText,
});

const TransactionData = v.looseObject({
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

const BankData = v.array(
  v.looseObject({
    name: v.string(),
    slug: v.string(),
    code: v.string(),
    active: v.nullish(v.boolean()),
    is_deleted: v.nullish(v.boolean()),
  }),
);

const RecipientData = v.looseObject({
  recipient_code: v.string(),
  name: v.string(),
  active: v.nullish(v.boolean()),
  details: v.looseObject({
    account_number: v.string(),
    bank_code: v.string(),
    bank_name: OptionalText,
  }),
});

const TransferData = v.looseObject({
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

const RefundData = v.looseObject({
  id: v.number(),
  transaction: v.looseObject({ reference: v.string() }),
  amount: Pesewas,
  currency: v.string(),
  status: v.string(),
  expected_at: OptionalText,
});

const Envelope = v.looseObject({
  status: v.optional(v.unknown()),
  message: v.optional(v.unknown()),
  data: v.optional(v.unknown()),
  code: v.optional(v.unknown()),
  type: v.optional(v.unknown()),
});

// ---------------------------------------------------------------------------------------------

export function createPaystackClient(options: PaystackClientOptions): PaystackClient {
  const baseUrl = (options.baseUrl ?? PAYSTACK_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  // Held only in this closure and the Authorization header: never in a message or a log line.
  const authorization = `Bearer ${options.secretKey}`;

  async function call<S extends v.GenericSchema>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<v.InferOutput<S>> {
    const what = `${method} ${path.split('?')[0]}`;
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (signal.aborted) {
        throw new PaystackUnavailableError(
          'timeout',
          `Paystack did not answer ${what} within ${timeoutMs} ms`,
        );
      }
      throw new PaystackUnavailableError(
        'network',
        `Could not reach Paystack for ${what}: ${networkCause(error)}`,
      );
    }

    if (status >= 500) {
      throw new PaystackUnavailableError(
        'server_error',
        `Paystack failed on ${what} (HTTP ${status})`,
        status,
      );
    }
    if (status === 429) {
      throw new PaystackUnavailableError(
        'rate_limited',
        `Paystack asked us to slow down on ${what}`,
        status,
      );
    }
    const envelope = v.safeParse(Envelope, parseJson(text));
    const answer = envelope.success ? envelope.output : undefined;
    if (!answer && status < 400) {
      throw new PaystackUnavailableError(
        'bad_response',
        `Paystack's answer to ${what} is not JSON (HTTP ${status})`,
        status,
      );
    }
    if (!answer || status >= 400 || answer.status !== true) {
      const message =
        typeof answer?.message === 'string' && answer.message !== ''
          ? answer.message
          : `Paystack refused ${what} (HTTP ${status})`;
      throw new PaystackError(status, message, {
        code: typeof answer?.code === 'string' ? answer.code : undefined,
        type: typeof answer?.type === 'string' ? answer.type : undefined,
      });
    }
    const data = v.safeParse(schema, answer.data);
    if (!data.success) {
      const issue = data.issues[0];
      const where = issue ? v.getDotPath(issue) : null;
      throw new PaystackUnavailableError(
        'bad_response',
        `Paystack's answer to ${what} has an unexpected shape${where ? ` at data.${where}` : ''}`,
        status,
      );
    }
    return data.output;
  }

  let bankCache: { at: number; banks: Promise<MobileMoneyBank[]> } | undefined;

  function listMobileMoneyBanks(): Promise<MobileMoneyBank[]> {
    if (bankCache && now() - bankCache.at < BANK_LIST_TTL_MS) return bankCache.banks;
    const banks = call('GET', '/bank?currency=GHS&type=mobile_money', BankData).then((list) =>
      list.map((bank) => ({
        name: bank.name,
        slug: bank.slug,
        code: bank.code,
        active: bank.active !== false && bank.is_deleted !== true,
        network: networkOfBank(bank),
      })),
    );
    const entry = { at: now(), banks };
    bankCache = entry;
    // A failed fetch is not kept: the next caller asks again.
    banks.catch(() => {
      if (bankCache === entry) bankCache = undefined;
    });
    return banks;
  }

  async function transferBankCode(network: MobileNetwork): Promise<string> {
    const bank = (await listMobileMoneyBanks()).find(
      (entry) => entry.active && entry.network === network,
    );
    if (!bank) {
      // Retrying later helps once the cached list expires, or Paystack restores the entry.
      throw new PaystackUnavailableError(
        'bad_response',
        `Paystack's GHS mobile money bank list has no active entry for ${network}`,
      );
    }
    return bank.code;
  }

  return {
    async charge(input) {
      const data = await call('POST', '/charge', ChargeData, {
        email: input.email,
        amount: pesewas(input.amountPesewas),
        currency: 'GHS',
        reference: input.reference,
        mobile_money: {
          phone: toPaystackPhone(input.phone),
          provider: CHARGE_PROVIDER_CODES[input.network],
        },
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });
      return chargeResult(data);
    },

    async submitOtp({ reference, otp }) {
      return chargeResult(await call('POST', '/charge/submit_otp', ChargeData, { otp, reference }));
    },

    async verifyTransaction(reference) {
      const data = await call(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
        TransactionData,
      );
      return {
        id: data.id,
        reference: data.reference,
        status: data.status,
        amountPesewas: data.amount,
        currency: data.currency,
        feesPesewas: data.fees ?? null,
        channel: data.channel ?? null,
        gatewayResponse: data.gateway_response ?? null,
        message: data.message ?? null,
        paidAt: data.paid_at ?? null,
        createdAt: data.created_at ?? null,
        metadata: metadataObject(data.metadata),
      };
    },

    listMobileMoneyBanks,

    async createTransferRecipient(input) {
      const data = await call('POST', '/transferrecipient', RecipientData, {
        type: 'mobile_money',
        name: input.name,
        account_number: toPaystackPhone(input.phone),
        bank_code: await transferBankCode(input.network),
        currency: 'GHS',
      });
      return {
        recipientCode: data.recipient_code,
        name: data.name,
        accountNumber: data.details.account_number,
        bankCode: data.details.bank_code,
        bankName: data.details.bank_name ?? null,
        active: data.active !== false,
      };
    },

    async initiateTransfer(input) {
      return transferResult(
        await call('POST', '/transfer', TransferData, {
          source: 'balance',
          amount: pesewas(input.amountPesewas),
          recipient: input.recipientCode,
          reference: input.reference,
          reason: input.reason,
          currency: 'GHS',
        }),
      );
    },

    async verifyTransfer(reference) {
      return transferResult(
        await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`, TransferData),
      );
    },

    async listRefunds(transactionReference) {
      const data = await call(
        'GET',
        `/refund?transaction=${encodeURIComponent(transactionReference)}`,
        v.array(RefundData),
      );
      return data.map((refund) => ({
        id: refund.id,
        transactionReference: refund.transaction.reference,
        amountPesewas: refund.amount,
        currency: refund.currency,
        status: refund.status,
        expectedAt: refund.expected_at ?? null,
      }));
    },

    async createRefund(input) {
      const data = await call('POST', '/refund', RefundData, {
        transaction: input.transactionReference,
        ...(input.amountPesewas === undefined ? {} : { amount: pesewas(input.amountPesewas) }),
      });
      return {
        id: data.id,
        transactionReference: data.transaction.reference,
        amountPesewas: data.amount,
        currency: data.currency,
        status: data.status,
        expectedAt: data.expected_at ?? null,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks

const SIGNATURE = /^[0-9a-f]{128}$/i;

/**
 * True when `signature` (the x-paystack-signature header) is the hex HMAC-SHA512 of exactly these
 * bytes under the secret key. Compute it over the raw body as received: re-serialised JSON may
 * differ by a byte. False for a missing or malformed header.
 */
export function verifyWebhookSignature(
  secretKey: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * A webhook event, in our vocabulary. Paystack sends only successes for charges; failures and
 * abandonment are found by polling verify. Whatever an event says, confirm it with verify
 * before moving money: the event only tells us which reference to look at.
 */
type PaystackEvent =
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

const EventEnvelope = v.looseObject({ event: v.string(), data: v.looseObject({}) });
const ChargeEventData = v.looseObject({
  reference: v.string(),
  amount: EventPesewas,
  currency: v.string(),
  status: v.string(),
});
const TransferEventData = v.looseObject({
  reference: v.string(),
  transfer_code: v.string(),
  amount: EventPesewas,
  currency: v.string(),
  status: v.string(),
});
const RefundEventData = v.looseObject({
  transaction_reference: v.string(),
  refund_reference: OptionalText,
  amount: EventPesewas,
  currency: v.string(),
  status: v.string(),
});

/** Reads a webhook body whose signature has been verified; undefined when it is not an event. */
export function parseWebhookEvent(rawBody: Buffer): PaystackEvent | undefined {
  const envelope = v.safeParse(EventEnvelope, parseJson(rawBody.toString('utf8')));
  if (!envelope.success) return undefined;
  const { event, data } = envelope.output;

  if (event === 'charge.success') {
    const parsed = v.safeParse(ChargeEventData, data);
    if (!parsed.success) return undefined;
    const { reference, amount, currency, status } = parsed.output;
    return { event, reference, amountPesewas: amount, currency, status };
  }
  if (
    event === 'transfer.success' ||
    event === 'transfer.failed' ||
    event === 'transfer.reversed'
  ) {
    const parsed = v.safeParse(TransferEventData, data);
    if (!parsed.success) return undefined;
    const { reference, transfer_code, amount, currency, status } = parsed.output;
    return {
      event,
      reference,
      transferCode: transfer_code,
      amountPesewas: amount,
      currency,
      status,
    };
  }
  if (event.startsWith('refund.')) {
    const parsed = v.safeParse(RefundEventData, data);
    if (!parsed.success) return undefined;
    const { transaction_reference, refund_reference, amount, currency, status } = parsed.output;
    return {
      event: event as `refund.${string}`,
      transactionReference: transaction_reference,
      refundReference: refund_reference ?? null,
      amountPesewas: amount,
      currency,
      status,
    };
  }
  return { event: 'other', name: event };
}

// ---------------------------------------------------------------------------------------------
// Helpers

const GHANA_PHONE = /^\+233(\d{9})$/;

/** Paystack takes Ghana wallet numbers in the local form its docs use: +233551234987 -> 0551234987. */
function toPaystackPhone(phone: string): string {
  const match = GHANA_PHONE.exec(phone);
  if (!match) throw new TypeError('A Ghana phone number in the form +233XXXXXXXXX is required');
  return `0${match[1]}`;
}

function pesewas(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new TypeError('An amount must be a positive whole number of pesewas');
  }
  return amount;
}

function networkOfBank(bank: { slug: string; name: string }): MobileNetwork | null {
  const networks = Object.keys(BANK_LIST_MATCHERS) as MobileNetwork[];
  return (
    networks.find((network) => bank.slug.startsWith(BANK_LIST_MATCHERS[network].slugPrefix)) ??
    networks.find((network) => BANK_LIST_MATCHERS[network].name.test(bank.name)) ??
    null
  );
}

function chargeResult(data: v.InferOutput<typeof ChargeData>): ChargeResult {
  return {
    reference: data.reference,
    status: data.status,
    displayText: data.display_text ?? null,
    message: data.message ?? data.gateway_response ?? null,
  };
}

function transferResult(data: v.InferOutput<typeof TransferData>): Transfer {
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

function metadataObject(metadata: unknown): Record<string, unknown> | null {
  const value =
    typeof metadata === 'string' && metadata.startsWith('{') ? parseJson(metadata) : metadata;
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The low-level cause of a failed fetch (ECONNREFUSED, ECONNRESET ...), which says nothing secret. */
function networkCause(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : 'unknown error';
}
