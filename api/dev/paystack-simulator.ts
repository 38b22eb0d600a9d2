/**
 * A Paystack stand-in on node:http that speaks the subset of Paystack's protocol our client uses,
 * with Paystack's paths, shapes and error messages, and its state in memory. It is the loopback
 * fake for tests and the backend of the `dev` payments provider for `npm start`, so it imports
 * no test framework and nothing from our client: it imitates Paystack, it does not share our
 * assumptions about Paystack.
 *
 * Follows Paystack's API reference and guides (mirrored in github.com/alexasomba/paystack-openapi,
 * Paystack-API/ and dist/paystack.yaml; sample payloads from github.com/PaystackOSS/doc-code-snippets):
 *   0b-Authentication.md, 0d-Errors.md    Bearer secret, 401 "Invalid key", error shape
 *   24-Charge.md, Docs/04-Payment-Channels.md   POST /charge (mobile_money), submit_otp,
 *                                         pay_offline + display_text, 180 s on the handset
 *   1-Transactions.md, Docs/03-Verify-Payments.md   GET /transaction/verify/:reference
 *   Docs/06-Test-Payments.md              MTN test wallet 055 123 4987
 *   28-Miscellanous.md                    GET /bank?currency=GHS&type=mobile_money
 *   19-Transfer-Recepients.md, 20-Transfers.md   recipients, transfers, verify transfer
 *   26-Refunds.md                         POST /refund, refund.* events
 *   Docs/02-Webhooks.md                   signed events, retried every 3 minutes for 4 tries,
 *                                         then hourly for 72 hours, until answered with 200
 * What the docs leave open (exact wording of some refusals, verify's status while the handset
 * rings) is written down in docs/payments-provider.md as our assumption.
 *
 * Time is the simulator's own: `now()` is the given clock plus however far `advance(ms)` moved
 * it, and nothing happens on its own except when `advance`, `runDue` or the optional real
 * interval (`tickMs`, for `npm start`) runs what is due.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';

/** Paystack's fee for a transfer to a Ghana mobile-money wallet (its price list: GHS 1). */
const TRANSFER_FEE_PESEWAS = 100;

/** Wallet numbers, in the local form Paystack receives them, that behave in scripted ways. */
export const SIMULATOR_WALLETS = {
  /** Paystack's MTN test wallet (055 123 4987): approves by itself after a moment (autoApprove). */
  testWallet: '0551234987',
  /** Declined at once: POST /charge answers status "failed". */
  declined: '0240000001',
  /** Asks for a voucher first (send_otp); submit_otp with SIMULATOR_OTP, then the handset rings. */
  otp: '0200000002',
  /** Transfers to it fail (transfer.failed); the money returns to the balance. */
  failingPayout: '0240000003',
  /** Transfers to it succeed, then are reversed (transfer.reversed). */
  reversingPayout: '0240000004',
} as const;

/** The voucher code the `otp` wallet accepts. */
export const SIMULATOR_OTP = '123456';

export const SIMULATOR_TIMINGS = {
  /** Paystack's: the customer has 180 s to approve on the handset, then the charge is abandoned. */
  approvalWindowMs: 180_000,
  autoApproveAfterMs: 5_000,
  transferSettlesAfterMs: 10_000,
  reversalAfterMs: 60_000,
  refundProcessedAfterMs: 30_000,
} as const;

/** Paystack's live-mode webhook retries. */
const WEBHOOK_RETRIES = {
  quickTries: 4,
  quickGapMs: 3 * 60_000,
  slowGapMs: 60 * 60_000,
  giveUpAfterMs: 72 * 60 * 60_000,
  timeoutMs: 30_000,
} as const;

/** Paystack's own answers, where its documentation gives them. */
const PROMPT_TEXT = 'Please complete authorization process on your mobile phone';
const VOUCHER_TEXT = 'Please dial *110# to generate a voucher code. Then input the voucher';

/** Paystack's GHS mobile-money "banks", as its documentation lists them. */
const MOBILE_MONEY_BANKS = [
  { name: 'AirtelTigo', slug: 'atl-mobile-money', code: 'ATL', id: 29 },
  { name: 'MTN', slug: 'mtn-mobile-money', code: 'MTN', id: 28 },
  { name: 'Vodafone', slug: 'vod-mobile-money', code: 'VOD', id: 66 },
].map((bank) => ({
  ...bank,
  longcode: '',
  gateway: null,
  pay_with_bank: false,
  active: true,
  is_deleted: null,
  country: 'Ghana',
  currency: 'GHS',
  type: 'mobile_money',
  createdAt: '2018-03-29T12:54:59.000Z',
  updatedAt: '2020-01-24T10:01:06.000Z',
}));

type Provider = 'mtn' | 'vod' | 'atl';
const PROVIDERS: Record<Provider, { network: MobileNetwork; bank: string }> = {
  mtn: { network: 'mtn', bank: 'MTN Mobile Money' },
  vod: { network: 'telecel', bank: 'Vodafone Cash' },
  atl: { network: 'airteltigo', bank: 'AirtelTigo Money' },
};

/** Paystack's Ghana mobile-money fee on a local charge: 1.95 %, deducted from what it settles. */
const CHARGE_FEE_RATE = 0.0195;
const INTEGRATION_ID = 100_001;

// ---------------------------------------------------------------------------------------------
// Public interface

/** When a customer's handset would ring: the dev outbox shows Approve and Decline for it. */
export interface HandsetPrompt {
  reference: string;
  /** +233XXXXXXXXX */
  phone: string;
  network: MobileNetwork;
  amountPesewas: number;
  displayText: string;
}

/** Where events go: a URL (a real HTTP POST), or a function answering with an HTTP status. */
export type WebhookTarget =
  | string
  | ((rawBody: Buffer, headers: Record<string, string>) => Promise<number>);

/** Picks events by name ("charge.success") and/or the reference they are about. */
interface EventMatch {
  event?: string;
  reference?: string;
}

type SimulatorFailure = 'none' | 'server-error' | 'hang' | 'reset';

export interface PaystackSimulatorOptions {
  secretKey: string;
  /** The clock time starts from; Date.now unless given. Tests pass a frozen one. */
  now?: () => number;
  webhookTarget?: WebhookTarget;
  onPrompt?: (prompt: HandsetPrompt) => void | Promise<void>;
  /** Whether the MTN test wallet approves by itself. On unless turned off. */
  autoApprove?: boolean;
  /** What Paystack holds for us to pay out from. */
  balancePesewas?: number;
  /** For `npm start`: run what is due on a real interval of this many ms. */
  tickMs?: number;
  host?: string;
  /** 0 (any free port) unless given. */
  port?: number;
}

interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. "/bank?currency=GHS&type=mobile_money". */
  path: string;
  authorized: boolean;
  body: unknown;
}

interface WebhookDelivery {
  eventId: number;
  event: string;
  reference: string;
  attempt: number;
  at: string;
  /** The target's HTTP status, or "error" when it could not be reached or threw. */
  status: number | 'error';
  acknowledged: boolean;
}

interface SimulatedEvent {
  id: number;
  event: string;
  reference: string;
  state: 'queued' | 'held' | 'delivered' | 'dropped' | 'gave_up';
  attempts: number;
  /** The event's JSON, as signed and sent. */
  body: string;
}

interface SimulatedTransaction {
  reference: string;
  /** As verify answers it. */
  status: string;
  amountPesewas: number;
  feesPesewas: number;
  refundedPesewas: number;
  accountNumber: string;
  provider: string;
}

/** One payout, for assertions like "exactly one transfer of X to number Y". */
interface SimulatedTransfer {
  reference: string;
  transferCode: string;
  amountPesewas: number;
  /** The wallet as Paystack holds it ("0551234987"), and as we write it ("+233551234987"). */
  accountNumber: string;
  phone: string;
  bankCode: string;
  recipientCode: string;
  reason: string | null;
  status: 'pending' | 'success' | 'failed' | 'reversed';
}

interface SimulatedRefund {
  id: number;
  transactionReference: string;
  amountPesewas: number;
  status: 'pending' | 'processed';
}

export interface PaystackSimulator {
  /** Base URL for the client, e.g. http://127.0.0.1:40123 */
  url: string;
  now(): number;
  /** Moves the clock forward, running everything that falls due on the way, in order. */
  advance(ms: number): Promise<void>;
  /** Runs what is due now: state changes, webhook deliveries and their retries. */
  runDue(): Promise<void>;
  /** The customer approves on the handset; false when no charge waits for it. */
  approve(reference: string): Promise<boolean>;
  /** The customer declines on the handset; false when no charge waits for it. */
  decline(reference: string): Promise<boolean>;
  setAutoApprove(on: boolean): void;
  setWebhookTarget(target: WebhookTarget | undefined): void;
  setPromptListener(listener: PaystackSimulatorOptions['onPrompt']): void;
  /** The next matching event is delivered twice. */
  duplicateNextEvent(match?: EventMatch): void;
  /** The next matching event waits until releaseHeldEvents, so later ones overtake it. */
  holdNextEvent(match?: EventMatch): void;
  releaseHeldEvents(match?: EventMatch): Promise<void>;
  /** The next matching event is never sent: only polling verify finds what it said. */
  dropNextEvent(match?: EventMatch): void;
  events(): SimulatedEvent[];
  deliveries(): WebhookDelivery[];
  transactions(): SimulatedTransaction[];
  transfers(): SimulatedTransfer[];
  refunds(): SimulatedRefund[];
  balance(): number;
  requests: ReceivedRequest[];
  /** Every following request: 500, never answered, or its connection cut. 'none' ends it. */
  fail(mode: SimulatorFailure): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// State

type TransactionState =
  | 'send_otp'
  | 'pay_offline'
  | 'success'
  | 'failed'
  | 'abandoned'
  | 'reversed';

interface Transaction {
  id: number;
  reference: string;
  email: string;
  customerCode: string;
  amount: number;
  phone: string;
  provider: Provider;
  metadata: unknown;
  state: TransactionState;
  createdAt: number;
  paidAt: number | null;
  /** When the customer's time runs out while the charge waits on them. */
  expiresAt: number;
  gatewayResponse: string | null;
  message: string | null;
  fees: number;
  refunded: number;
}

interface Recipient {
  id: number;
  code: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  createdAt: number;
}

interface Transfer {
  id: number;
  code: string;
  reference: string;
  amount: number;
  reason: string | null;
  recipient: Recipient;
  status: SimulatedTransfer['status'];
  createdAt: number;
  updatedAt: number;
  transferredAt: number | null;
  gatewayResponse: string | null;
}

interface Refund {
  id: number;
  transaction: Transaction;
  amount: number;
  status: SimulatedRefund['status'];
  refundReference: string | null;
  createdAt: number;
  updatedAt: number;
}

interface OutgoingEvent {
  id: number;
  event: string;
  reference: string;
  body: Buffer;
  signature: string;
  state: SimulatedEvent['state'];
  attempts: number;
  firstAttemptAt: number | null;
}

interface Task {
  at: number;
  seq: number;
  run: () => void | Promise<void>;
}

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body: Json;
}

export async function startPaystackSimulator(
  options: PaystackSimulatorOptions,
): Promise<PaystackSimulator> {
  const { secretKey } = options;
  const domain = secretKey.startsWith('sk_live_') ? 'live' : 'test';
  const baseClock = options.now ?? Date.now;
  let offset = 0;
  const now = () => baseClock() + offset;
  const iso = (ms: number) => new Date(ms).toISOString();

  let webhookTarget = options.webhookTarget;
  let promptListener = options.onPrompt;
  let autoApprove = options.autoApprove ?? true;
  let balance = options.balancePesewas ?? 10_000_000;
  let failure: SimulatorFailure = 'none';

  const transactions = new Map<string, Transaction>();
  const recipients = new Map<string, Recipient>();
  const transfers = new Map<string, Transfer>();
  const refunds: Refund[] = [];
  const events: OutgoingEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  const rules: { kind: 'duplicate' | 'hold' | 'drop'; match: EventMatch }[] = [];
  const requests: ReceivedRequest[] = [];
  let nextId = 1;

  // -------------------------------------------------------------------------------------------
  // Time and what falls due

  const tasks: Task[] = [];
  let taskSeq = 0;
  let draining = false;

  const schedule = (at: number, run: Task['run']) => {
    tasks.push({ at, seq: taskSeq++, run });
  };

  function takeDue(limit: number): Task | undefined {
    let best: Task | undefined;
    for (const task of tasks) {
      if (
        task.at <= limit &&
        (!best || task.at < best.at || (task.at === best.at && task.seq < best.seq))
      ) {
        best = task;
      }
    }
    if (best) tasks.splice(tasks.indexOf(best), 1);
    return best;
  }

  /**
   * Runs due tasks one at a time, in time order, moving the clock to each. A call made while a
   * run is under way (a webhook target calling back in) returns at once: the run under way picks
   * up whatever became due.
   */
  async function drain(until?: number): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      for (let task = takeDue(until ?? now()); task; task = takeDue(until ?? now())) {
        if (task.at > now()) offset += task.at - now();
        try {
          await task.run();
        } catch {
          // A task's failure (a listener throwing) must not stop the clock.
        }
      }
      if (until !== undefined && until > now()) offset += until - now();
    } finally {
      draining = false;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks

  function takeRule(event: string, reference: string) {
    const index = rules.findIndex(
      ({ match }) =>
        (match.event === undefined || match.event === event) &&
        (match.reference === undefined || match.reference === reference),
    );
    return index === -1 ? undefined : rules.splice(index, 1)[0]?.kind;
  }

  function emit(event: string, reference: string, data: Json) {
    const body = Buffer.from(JSON.stringify({ event, data }));
    const signature = createHmac('sha512', secretKey).update(body).digest('hex');
    const rule = takeRule(event, reference);
    const copies = rule === 'duplicate' ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      const outgoing: OutgoingEvent = {
        id: nextId++,
        event,
        reference,
        body,
        signature,
        state: rule === 'drop' ? 'dropped' : rule === 'hold' ? 'held' : 'queued',
        attempts: 0,
        firstAttemptAt: null,
      };
      events.push(outgoing);
      if (outgoing.state === 'queued') schedule(now(), () => attempt(outgoing));
    }
  }

  async function attempt(outgoing: OutgoingEvent) {
    if (outgoing.state !== 'queued') return;
    outgoing.attempts += 1;
    outgoing.firstAttemptAt ??= now();
    const status = await post(outgoing);
    const acknowledged = status === 200;
    deliveries.push({
      eventId: outgoing.id,
      event: outgoing.event,
      reference: outgoing.reference,
      attempt: outgoing.attempts,
      at: iso(now()),
      status,
      acknowledged,
    });
    if (acknowledged) {
      outgoing.state = 'delivered';
      return;
    }
    const gap =
      outgoing.attempts < WEBHOOK_RETRIES.quickTries
        ? WEBHOOK_RETRIES.quickGapMs
        : WEBHOOK_RETRIES.slowGapMs;
    const next = now() + gap;
    if (next - outgoing.firstAttemptAt > WEBHOOK_RETRIES.giveUpAfterMs) {
      outgoing.state = 'gave_up';
      return;
    }
    schedule(next, () => attempt(outgoing));
  }

  async function post(outgoing: OutgoingEvent): Promise<number | 'error'> {
    const target = webhookTarget;
    if (!target) return 'error';
    const headers = {
      'content-type': 'application/json',
      'x-paystack-signature': outgoing.signature,
    };
    try {
      if (typeof target === 'function') return await target(Buffer.from(outgoing.body), headers);
      const response = await fetch(target, {
        method: 'POST',
        headers,
        body: new Uint8Array(outgoing.body),
        signal: AbortSignal.timeout(WEBHOOK_RETRIES.timeoutMs),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 'error';
    }
  }

  // -------------------------------------------------------------------------------------------
  // Charges

  async function ringHandset(transaction: Transaction) {
    transaction.state = 'pay_offline';
    transaction.expiresAt = now() + SIMULATOR_TIMINGS.approvalWindowMs;
    armExpiry(transaction);
    if (autoApprove && transaction.phone === SIMULATOR_WALLETS.testWallet) {
      schedule(now() + SIMULATOR_TIMINGS.autoApproveAfterMs, () => {
        if (autoApprove) succeed(transaction);
      });
    }
    try {
      await promptListener?.({
        reference: transaction.reference,
        phone: `+233${transaction.phone.slice(1)}`,
        network: PROVIDERS[transaction.provider].network,
        amountPesewas: transaction.amount,
        displayText: PROMPT_TEXT,
      });
    } catch {
      // The handset rang whether or not the listener coped.
    }
  }

  function armExpiry(transaction: Transaction) {
    const { expiresAt } = transaction;
    schedule(expiresAt, () => {
      const waiting = transaction.state === 'pay_offline' || transaction.state === 'send_otp';
      if (waiting && transaction.expiresAt === expiresAt) {
        transaction.state = 'abandoned';
        transaction.gatewayResponse = 'The transaction was not completed';
      }
    });
  }

  function succeed(transaction: Transaction): boolean {
    if (transaction.state !== 'pay_offline') return false;
    transaction.state = 'success';
    transaction.paidAt = now();
    transaction.gatewayResponse = 'Approved';
    transaction.message = 'madePayment';
    transaction.fees = Math.round(transaction.amount * CHARGE_FEE_RATE);
    balance += transaction.amount - transaction.fees;
    emit('charge.success', transaction.reference, transactionData(transaction));
    return true;
  }

  function fail(transaction: Transaction, reason: string) {
    transaction.state = 'failed';
    transaction.gatewayResponse = reason;
    transaction.message = reason;
  }

  async function createCharge(body: Json): Promise<Answer> {
    const { email, mobile_money: wallet } = body;
    if (email === undefined || email === '') {
      return refusal(400, 'Email Address is required', 'missing_params');
    }
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return refusal(400, 'Invalid Email Address Passed', 'invalid_params');
    }
    const amount = wholeAmount(body.amount);
    if (amount === undefined) return refusal(400, 'Invalid Amount Sent', 'invalid_params');
    if (body.currency !== undefined && body.currency !== 'GHS') {
      return refusal(400, 'Currency not supported by merchant', 'invalid_params');
    }
    if (!isJson(wallet)) {
      return refusal(400, 'Mobile money details are required', 'missing_params');
    }
    const provider = typeof wallet.provider === 'string' ? wallet.provider.toLowerCase() : '';
    if (!isProvider(provider)) {
      return refusal(400, 'Invalid mobile money provider', 'invalid_params');
    }
    if (typeof wallet.phone !== 'string' || !/^0\d{9}$/.test(wallet.phone)) {
      return refusal(400, 'Invalid phone number', 'invalid_params');
    }
    const reference = body.reference ?? randomCode('', 15);
    if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) {
      return refusal(
        400,
        'Invalid reference. Only -, ., = and alphanumeric characters allowed',
        'invalid_params',
      );
    }
    if (transactions.has(reference)) {
      return refusal(400, 'Duplicate Transaction Reference', 'duplicate_reference', {
        nextStep: 'Try and create the Transaction or Charge with a new reference',
      });
    }

    const transaction: Transaction = {
      id: 5_000_000_000 + nextId++,
      reference,
      email,
      customerCode: randomCode('CUS_', 15),
      amount,
      phone: wallet.phone,
      provider,
      metadata: body.metadata ?? '',
      state: 'send_otp',
      createdAt: now(),
      paidAt: null,
      expiresAt: now() + SIMULATOR_TIMINGS.approvalWindowMs,
      gatewayResponse: null,
      message: null,
      fees: 0,
      refunded: 0,
    };
    transactions.set(reference, transaction);

    if (wallet.phone === SIMULATOR_WALLETS.declined) {
      fail(transaction, 'Declined');
      return chargeAnswer(transaction);
    }
    if (wallet.phone === SIMULATOR_WALLETS.otp) {
      armExpiry(transaction);
      return chargeAnswer(transaction);
    }
    await ringHandset(transaction);
    return chargeAnswer(transaction);
  }

  async function submitOtp(body: Json): Promise<Answer> {
    const transaction =
      typeof body.reference === 'string' ? transactions.get(body.reference) : undefined;
    if (transaction?.state !== 'send_otp') {
      return refusal(400, 'Transaction reference is invalid');
    }
    if (body.otp !== SIMULATOR_OTP) {
      fail(transaction, 'Invalid voucher code');
      return chargeAnswer(transaction);
    }
    await ringHandset(transaction);
    return chargeAnswer(transaction);
  }

  function chargeAnswer(transaction: Transaction): Answer {
    const { reference, state } = transaction;
    if (state === 'pay_offline') {
      return success('Charge attempted', { reference, status: state, display_text: PROMPT_TEXT });
    }
    if (state === 'send_otp') {
      return success('Charge attempted', { reference, status: state, display_text: VOUCHER_TEXT });
    }
    if (state === 'failed') {
      return success('Charge attempted', {
        reference,
        status: 'failed',
        message: transaction.message,
        gateway_response: transaction.gatewayResponse,
      });
    }
    return success('Charge attempted', transactionData(transaction));
  }

  /** Verify's word for the state: the customer still has something to do while it waits. */
  const verifyStatus = (state: TransactionState) =>
    state === 'send_otp' || state === 'pay_offline' ? 'ongoing' : state;

  function transactionData(transaction: Transaction): Json {
    const { phone, provider } = transaction;
    const paid = transaction.paidAt === null ? null : iso(transaction.paidAt);
    const created = iso(transaction.createdAt);
    return {
      id: transaction.id,
      domain,
      status: verifyStatus(transaction.state),
      reference: transaction.reference,
      receipt_number: null,
      amount: transaction.amount,
      message: transaction.message,
      gateway_response: transaction.gatewayResponse,
      paid_at: paid,
      created_at: created,
      channel: 'mobile_money',
      currency: 'GHS',
      ip_address: null,
      metadata: transaction.metadata,
      log: null,
      fees: transaction.paidAt === null ? null : transaction.fees,
      fees_split: null,
      authorization: {
        authorization_code: `AUTH_${transaction.id.toString(36)}`,
        bin: `${phone.slice(0, 3)}XXX`,
        last4: `X${phone.slice(-3)}`,
        exp_month: '12',
        exp_year: '9999',
        channel: 'mobile_money',
        card_type: '',
        bank: PROVIDERS[provider].bank,
        country_code: 'GH',
        brand: PROVIDERS[provider].bank,
        reusable: false,
        signature: null,
        account_name: null,
      },
      customer: {
        id: transaction.id % 100_000_000,
        first_name: null,
        last_name: null,
        email: transaction.email,
        customer_code: transaction.customerCode,
        phone: null,
        metadata: null,
        risk_action: 'default',
      },
      plan: null,
      split: {},
      requested_amount: transaction.amount,
      transaction_date: created,
      paidAt: paid,
      createdAt: created,
    };
  }

  function verifyTransaction(reference: string): Answer {
    const transaction = transactions.get(reference);
    if (!transaction) return refusal(400, 'Transaction reference not found');
    return success('Verification successful', transactionData(transaction));
  }

  // -------------------------------------------------------------------------------------------
  // Recipients and transfers

  function recipientData(recipient: Recipient): Json {
    const bank = MOBILE_MONEY_BANKS.find((entry) => entry.code === recipient.bankCode);
    return {
      active: true,
      createdAt: iso(recipient.createdAt),
      currency: 'GHS',
      description: null,
      domain,
      email: null,
      id: recipient.id,
      integration: INTEGRATION_ID,
      metadata: null,
      name: recipient.name,
      recipient_code: recipient.code,
      type: 'mobile_money',
      updatedAt: iso(recipient.createdAt),
      is_deleted: false,
      details: {
        authorization_code: null,
        account_number: recipient.accountNumber,
        account_name: null,
        bank_code: recipient.bankCode,
        bank_name: bank?.name ?? null,
      },
    };
  }

  function createRecipient(body: Json): Answer {
    const { type, name, account_number: accountNumber, bank_code: bankCode } = body;
    if (type !== 'mobile_money') {
      return refusal(400, 'Recipient type is invalid', 'invalid_params');
    }
    if (typeof name !== 'string' || name.trim() === '') {
      return refusal(400, 'Name is required', 'missing_params');
    }
    if (
      typeof bankCode !== 'string' ||
      !MOBILE_MONEY_BANKS.some((bank) => bank.code === bankCode)
    ) {
      return refusal(400, 'Bank code is invalid', 'invalid_bank_code');
    }
    if (typeof accountNumber !== 'string' || !/^0\d{9}$/.test(accountNumber)) {
      return refusal(400, 'Account number is invalid', 'invalid_params');
    }
    if (body.currency !== undefined && body.currency !== 'GHS') {
      return refusal(400, 'Currency not supported for this recipient type', 'invalid_params');
    }
    // Paystack: "A duplicate account number will lead to the retrieval of the existing record."
    let recipient = [...recipients.values()].find(
      (entry) => entry.accountNumber === accountNumber && entry.bankCode === bankCode,
    );
    if (!recipient) {
      recipient = {
        id: 20_000_000 + nextId++,
        code: randomCode('RCP_', 15),
        name: name.trim(),
        accountNumber,
        bankCode,
        createdAt: now(),
      };
      recipients.set(recipient.code, recipient);
    }
    return success('Transfer recipient created successfully', recipientData(recipient));
  }

  function listRecipients(): Answer {
    const list = [...recipients.values()].reverse().map(recipientData);
    return success('Recipients retrieved', list, {
      meta: { total: list.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 },
    });
  }

  function transferData(transfer: Transfer, withRecipient: boolean): Json {
    return {
      transfersessionid: [],
      transfertrials: [],
      domain,
      amount: transfer.amount,
      currency: 'GHS',
      reference: transfer.reference,
      source: 'balance',
      source_details: null,
      reason: transfer.reason,
      status: transfer.status,
      failures: null,
      transfer_code: transfer.code,
      titan_code: null,
      transferred_at: transfer.transferredAt === null ? null : iso(transfer.transferredAt),
      id: transfer.id,
      integration: INTEGRATION_ID,
      request: transfer.id + 200_000_000,
      recipient: withRecipient ? recipientData(transfer.recipient) : transfer.recipient.id,
      session: { provider: null, id: null },
      fee_charged: 0,
      gateway_response: transfer.gatewayResponse,
      createdAt: iso(transfer.createdAt),
      updatedAt: iso(transfer.updatedAt),
    };
  }

  function createTransfer(body: Json): Answer {
    if (body.source !== 'balance') {
      return refusal(400, 'Invalid transfer source', 'invalid_params');
    }
    const amount = wholeAmount(body.amount);
    if (amount === undefined) return refusal(400, 'Invalid amount', 'invalid_params');
    const recipient =
      typeof body.recipient === 'string' ? recipients.get(body.recipient) : undefined;
    if (!recipient) {
      return refusal(400, 'Recipient specified is invalid', 'invalid_transfer_recipient', {
        nextStep:
          'Provide a valid recipient. Ensure you are passing the recipient code in the recipient param',
      });
    }
    if (body.currency !== undefined && body.currency !== 'GHS') {
      return refusal(400, 'Currency does not match recipient currency', 'invalid_params');
    }
    const reference = body.reference ?? randomCode('', 20).toLowerCase();
    // Paystack: "min: 16 max: 50 ... lowercase letters (a-z), digits (0-9) and ... (-), (_)".
    if (typeof reference !== 'string' || !/^[a-z0-9_-]{16,50}$/.test(reference)) {
      return refusal(400, 'Invalid transfer reference', 'invalid_params', {
        nextStep: 'Use 16 to 50 lowercase letters, digits, dashes or underscores',
      });
    }
    if (transfers.has(reference)) {
      return refusal(400, 'Duplicate Transfer Reference', 'duplicate_reference');
    }
    if (amount > balance) {
      return refusal(
        400,
        'Your balance is not enough to fulfil this request',
        'insufficient_balance',
        {
          type: 'api_error',
        },
      );
    }

    balance -= amount;
    const transfer: Transfer = {
      id: 800_000_000 + nextId++,
      code: randomCode('TRF_', 15),
      reference,
      amount,
      reason: typeof body.reason === 'string' ? body.reason : null,
      recipient,
      status: 'pending',
      createdAt: now(),
      updatedAt: now(),
      transferredAt: null,
      gatewayResponse: null,
    };
    transfers.set(reference, transfer);
    schedule(now() + SIMULATOR_TIMINGS.transferSettlesAfterMs, () => settle(transfer));
    return success('Transfer has been queued', transferData(transfer, false));
  }

  function settle(transfer: Transfer) {
    transfer.updatedAt = now();
    if (transfer.recipient.accountNumber === SIMULATOR_WALLETS.failingPayout) {
      transfer.status = 'failed';
      transfer.gatewayResponse = 'Recipient wallet could not be credited';
      balance += transfer.amount;
      emit('transfer.failed', transfer.reference, transferData(transfer, true));
      return;
    }
    transfer.status = 'success';
    transfer.transferredAt = now();
    transfer.gatewayResponse = 'Approved';
    // Paystack's fee for a transfer, from the balance (kept when the transfer is reversed).
    balance -= TRANSFER_FEE_PESEWAS;
    emit('transfer.success', transfer.reference, transferData(transfer, true));
    if (transfer.recipient.accountNumber === SIMULATOR_WALLETS.reversingPayout) {
      schedule(now() + SIMULATOR_TIMINGS.reversalAfterMs, () => {
        transfer.status = 'reversed';
        transfer.updatedAt = now();
        transfer.gatewayResponse = 'Transfer reversed by the mobile money operator';
        balance += transfer.amount;
        emit('transfer.reversed', transfer.reference, transferData(transfer, true));
      });
    }
  }

  function verifyTransfer(reference: string): Answer {
    const transfer = transfers.get(reference);
    if (!transfer) return refusal(404, 'Transfer not found');
    return success('Transfer retrieved', transferData(transfer, true));
  }

  // -------------------------------------------------------------------------------------------
  // Refunds

  function refundEventData(refund: Refund): Json {
    return {
      status: refund.status,
      transaction_reference: refund.transaction.reference,
      refund_reference: refund.refundReference,
      // Paystack's own samples of refund events carry the amount as a string.
      amount: String(refund.amount),
      currency: 'GHS',
      processor: 'mobile_money',
      customer: { first_name: null, last_name: null, email: refund.transaction.email },
      integration: INTEGRATION_ID,
      domain,
      id: String(refund.id),
    };
  }

  /** GET /refund?transaction=: the refunds of one transaction, by its reference or id. */
  function listRefunds(key: string): Answer {
    const list = refunds
      .filter(
        (refund) => refund.transaction.reference === key || String(refund.transaction.id) === key,
      )
      .map((refund) => ({
        id: refund.id,
        transaction: { id: refund.transaction.id, reference: refund.transaction.reference },
        amount: refund.amount,
        currency: 'GHS',
        status: refund.status,
        expected_at: null,
        createdAt: iso(refund.createdAt),
      }));
    return success('Refunds retrieved', list, {
      meta: { next: null, previous: null, perPage: 50 },
    });
  }

  function createRefund(body: Json): Answer {
    const key = body.transaction;
    const transaction =
      typeof key === 'string'
        ? (transactions.get(key) ?? [...transactions.values()].find((t) => String(t.id) === key))
        : typeof key === 'number'
          ? [...transactions.values()].find((t) => t.id === key)
          : undefined;
    if (!transaction) return refusal(404, 'Transaction not found');
    const remaining = transaction.amount - transaction.refunded;
    if (transaction.state === 'reversed' || (transaction.state === 'success' && remaining === 0)) {
      return refusal(400, 'Transaction has been fully reversed', 'invalid_params');
    }
    if (transaction.state !== 'success') {
      return refusal(400, 'Cannot refund a transaction that was not successful', 'invalid_params');
    }
    const amount = body.amount === undefined ? remaining : wholeAmount(body.amount);
    if (amount === undefined) return refusal(400, 'Invalid amount', 'invalid_params');
    if (amount > remaining) {
      return refusal(
        400,
        'Refund amount cannot be more than the unrefunded transaction amount',
        'invalid_params',
      );
    }

    transaction.refunded += amount;
    balance -= amount;
    const refund: Refund = {
      id: 3_000_000 + nextId++,
      transaction,
      amount,
      status: 'pending',
      refundReference: null,
      createdAt: now(),
      updatedAt: now(),
    };
    refunds.push(refund);
    emit('refund.pending', transaction.reference, refundEventData(refund));
    schedule(now() + SIMULATOR_TIMINGS.refundProcessedAfterMs, () => {
      refund.status = 'processed';
      refund.updatedAt = now();
      refund.refundReference = randomCode('', 12).toUpperCase();
      if (transaction.refunded >= transaction.amount) transaction.state = 'reversed';
      emit('refund.processed', transaction.reference, refundEventData(refund));
    });

    return success('Refund has been queued for processing', {
      transaction: {
        id: transaction.id,
        domain,
        reference: transaction.reference,
        amount: transaction.amount,
        paid_at: transaction.paidAt === null ? null : iso(transaction.paidAt),
        channel: 'mobile_money',
        currency: 'GHS',
      },
      integration: INTEGRATION_ID,
      deducted_amount: amount,
      channel: null,
      merchant_note: `Refund for transaction ${transaction.reference}`,
      customer_note: `Refund for transaction ${transaction.reference}`,
      status: refund.status,
      refunded_by: 'api',
      expected_at: iso(now() + SIMULATOR_TIMINGS.refundProcessedAfterMs),
      currency: 'GHS',
      domain,
      amount,
      fully_deducted: true,
      id: refund.id,
      createdAt: iso(refund.createdAt),
      updatedAt: iso(refund.updatedAt),
    });
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  async function route(method: string, url: URL, body: unknown): Promise<Answer> {
    const path = url.pathname.replace(/\/+$/, '');
    const json = isJson(body) ? body : undefined;
    const tail = (prefix: string) =>
      path.startsWith(prefix) && path.length > prefix.length
        ? decodeURIComponent(path.slice(prefix.length))
        : undefined;

    if (method === 'POST') {
      if (!json) return refusal(400, 'Invalid JSON body', 'invalid_params');
      if (path === '/charge') return createCharge(json);
      if (path === '/charge/submit_otp') return submitOtp(json);
      if (path === '/transferrecipient') return createRecipient(json);
      if (path === '/transfer') return createTransfer(json);
      if (path === '/refund') return createRefund(json);
    }
    if (method === 'GET') {
      const verifyReference = tail('/transaction/verify/');
      if (verifyReference !== undefined) return verifyTransaction(verifyReference);
      const transferReference = tail('/transfer/verify/');
      if (transferReference !== undefined) return verifyTransfer(transferReference);
      if (path === '/transferrecipient') return listRecipients();
      if (path === '/refund') return listRefunds(url.searchParams.get('transaction') ?? '');
      if (path === '/bank') {
        const ghana =
          url.searchParams.get('currency') === 'GHS' || url.searchParams.get('country') === 'ghana';
        const list =
          ghana && url.searchParams.get('type') === 'mobile_money' ? MOBILE_MONEY_BANKS : [];
        return success('Banks retrieved', list, {
          meta: { next: null, previous: null, perPage: 50 },
        });
      }
    }
    return refusal(404, 'Not Found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = await text(req);
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const authorized = req.headers.authorization === `Bearer ${secretKey}`;
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, authorized, body });

    if (failure === 'hang') return;
    if (failure === 'reset') {
      req.socket.destroy();
      return;
    }
    if (failure === 'server-error') {
      return send(res, { status: 500, body: { status: false, message: 'An error occurred' } });
    }
    if (!authorized) return send(res, refusal(401, 'Invalid key'));
    return send(res, await route(req.method ?? 'GET', url, body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        send(res, { status: 500, body: { status: false, message: 'An error occurred' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  const ticker =
    options.tickMs === undefined ? undefined : setInterval(() => void drain(), options.tickMs);
  ticker?.unref();

  return {
    url: `http://${host}:${address.port}`,
    now,
    advance: (ms) => drain(now() + ms),
    runDue: () => drain(),
    async approve(reference) {
      const transaction = transactions.get(reference);
      if (!transaction || !succeed(transaction)) return false;
      await drain();
      return true;
    },
    async decline(reference) {
      const transaction = transactions.get(reference);
      if (transaction?.state !== 'pay_offline' && transaction?.state !== 'send_otp') return false;
      fail(transaction, 'Declined by the customer');
      return true;
    },
    setAutoApprove(on) {
      autoApprove = on;
    },
    setWebhookTarget(target) {
      webhookTarget = target;
    },
    setPromptListener(listener) {
      promptListener = listener;
    },
    duplicateNextEvent: (match = {}) => void rules.push({ kind: 'duplicate', match }),
    holdNextEvent: (match = {}) => void rules.push({ kind: 'hold', match }),
    dropNextEvent: (match = {}) => void rules.push({ kind: 'drop', match }),
    async releaseHeldEvents(match = {}) {
      for (const outgoing of events) {
        const matches =
          (match.event === undefined || match.event === outgoing.event) &&
          (match.reference === undefined || match.reference === outgoing.reference);
        if (outgoing.state === 'held' && matches) {
          outgoing.state = 'queued';
          schedule(now(), () => attempt(outgoing));
        }
      }
      await drain();
    },
    events: () =>
      events.map(({ id, event, reference, state, attempts, body }) => ({
        id,
        event,
        reference,
        state,
        attempts,
        body: body.toString('utf8'),
      })),
    deliveries: () => deliveries.map((delivery) => ({ ...delivery })),
    transactions: () =>
      [...transactions.values()].map((transaction) => ({
        reference: transaction.reference,
        status: verifyStatus(transaction.state),
        amountPesewas: transaction.amount,
        feesPesewas: transaction.fees,
        refundedPesewas: transaction.refunded,
        accountNumber: transaction.phone,
        provider: transaction.provider,
      })),
    transfers: () =>
      [...transfers.values()].map((transfer) => ({
        reference: transfer.reference,
        transferCode: transfer.code,
        amountPesewas: transfer.amount,
        accountNumber: transfer.recipient.accountNumber,
        phone: `+233${transfer.recipient.accountNumber.slice(1)}`,
        bankCode: transfer.recipient.bankCode,
        recipientCode: transfer.recipient.code,
        reason: transfer.reason,
        status: transfer.status,
      })),
    refunds: () =>
      refunds.map((refund) => ({
        id: refund.id,
        transactionReference: refund.transaction.reference,
        amountPesewas: refund.amount,
        status: refund.status,
      })),
    balance: () => balance,
    requests,
    fail(mode) {
      failure = mode;
    },
    close() {
      if (ticker) clearInterval(ticker);
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Also ends connections held open by 'hang' and keep-alive.
        server.closeAllConnections();
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function success(message: string, data: unknown, extra: Json = {}): Answer {
  return { status: 200, body: { status: true, message, data, ...extra } };
}

/** Paystack's error shape: a message, and for validation errors a type, a code and a next step. */
function refusal(
  status: number,
  message: string,
  code?: string,
  details: { nextStep?: string; type?: string } = {},
): Answer {
  if (code === undefined) return { status, body: { status: false, message } };
  return {
    status,
    body: {
      status: false,
      message,
      meta: { nextStep: details.nextStep ?? 'Ensure that the value(s) you are passing are valid' },
      type: details.type ?? 'validation_error',
      code,
    },
  };
}

function send(res: ServerResponse, answer: Answer) {
  res
    .writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(answer.body));
}

/** Paystack takes amounts as integers or digit strings, in the currency's subunit. */
function wholeAmount(value: unknown): number | undefined {
  const amount = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0
    ? amount
    : undefined;
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isProvider = (value: string): value is Provider => Object.hasOwn(PROVIDERS, value);

/** Paystack-style codes: a prefix and lowercase letters and digits. */
function randomCode(prefix: string, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let code = prefix;
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return code;
}
