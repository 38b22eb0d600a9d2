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
import {
  BankData,
  CHARGE_PROVIDER_CODES,
  ChargeData,
  ChargeEventData,
  type ChargeResult,
  chargeResult,
  Envelope,
  EventEnvelope,
  type MobileMoneyBank,
  metadataObject,
  networkCause,
  networkOfBank,
  type PaystackEvent,
  parseJson,
  pesewas,
  RecipientData,
  type Refund,
  RefundData,
  RefundEventData,
  type Transaction,
  TransactionData,
  type Transfer,
  TransferData,
  TransferEventData,
  type TransferRecipient,
  toPaystackPhone,
  transferResult,
} from './paystack-wire.ts';

const PAYSTACK_BASE_URL = 'https://api.paystack.co';

const DEFAULT_TIMEOUT_MS = 15_000;
/** Paystack's bank list changes rarely; an hour keeps a renamed network from lingering for long. */
const BANK_LIST_TTL_MS = 60 * 60 * 1000;

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

/**
 * Paystack's fee for each transfer to a mobile-money wallet in Ghana (its price list: GHS 1),
 * taken from our balance when the transfer succeeds. Booked as an expense (ledger.ts).
 */
export const TRANSFER_FEE_PESEWAS = 100;

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
