import type { MobileNetwork } from './mobile-networks.ts';

/**
 * Escrow as each booking and application carries it. `unpaid` until the payer's money lands,
 * `pending` while a mobile-money prompt waits on the payer's handset, `held` by the provider for
 * us until both sides confirm, then `released` to the payee; `refunded` when a funded engagement
 * is cancelled; `disputed` freezes release until an operator decides.
 */
export const PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'held',
  'released',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  pending: 'Payment pending',
  held: 'Paid, held in escrow',
  released: 'Paid out',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** The `payment` field of a booking or an application. Amounts are "735.00" strings. */
export interface Payment {
  status: PaymentStatus;
  /** What the payee receives: the booking total, or the job's price. */
  amount: string;
  /** Charged to the payer on top of `amount`, shown before they pay. */
  serviceFee: string;
  paidAt: string | null;
  releasedAt: string | null;
}

/**
 * Who has confirmed the work was done, and whether release is frozen. Beside `payment` on each
 * booking and application, so the screens can say whose turn it is.
 */
export interface Completion {
  payerConfirmedAt: string | null;
  payeeConfirmedAt: string | null;
  disputedAt: string | null;
  /**
   * When the money goes to the payee by itself if the payer raises no dispute; null while no
   * clock runs (nobody confirmed a job yet, the payer's notice is not sent yet, or frozen). After
   * the payee confirms first, it is at least 72 hours after the payer was sent the notice.
   */
  autoReleaseAt: string | null;
  /**
   * From when the work may be confirmed done: a booking's event start, a job's start date (its
   * first minute, Ghana time); null when the work has no date (a job without a start date).
   */
  confirmableFrom: string | null;
}

/**
 * The next step of a mobile-money charge, in the provider's words: `pay_offline` (approve on the
 * handset), `send_otp` (type the code the network sent), `pending`, `success`, `failed`.
 */
export const CHARGE_STEPS = ['pay_offline', 'send_otp', 'pending', 'success', 'failed'] as const;
export type ChargeStep = (typeof CHARGE_STEPS)[number];

/** 202 answer of POST /api/bookings/:id/payment and /api/applications/:id/payment. */
export interface PaymentStarted {
  reference: string;
  status: ChargeStep;
  displayText: string | null;
  /**
   * The wallet being asked: the one typed, or, when a charge was already under way (a second
   * tap, another device), the one that charge rings.
   */
  phoneNumber: string;
  network: MobileNetwork;
}

/** GET /api/payments/:reference: the paying screen polls this until success or failed. */
export interface PaymentProgress extends PaymentStarted {
  /** Why it failed, in words for the payer (declined, not approved in time ...). */
  message: string | null;
  /** Seconds left to approve on the handset; null when not waiting for the handset. */
  secondsLeft: number | null;
}

/** A line of the wallet: money that moved for or from the signed-in user. */
export interface WalletEntry {
  id: number;
  createdAt: string;
  kind:
    | 'paid'
    | 'refunded'
    | 'held_for_you'
    | 'returned_to_payer'
    | 'released'
    | 'payout_sent'
    | 'payout_failed';
  /** Positive: towards the user; negative: from the user. */
  amount: string;
  description: string;
  engagement: { type: 'booking' | 'application'; id: number } | null;
  /**
   * The milestone the money moved for, when the employer split the job: its place (1 for the
   * first) and title. Absent or null for a booking or a job paid in one.
   */
  milestone?: { position: number; title: string } | null;
}

/** GET /api/wallet */
export interface Wallet {
  /** Held in escrow for engagements where the user is paid. */
  held: string;
  /** Released to the user, all time. */
  earned: string;
  /** Paid by the user (fees included), less refunds, all time. */
  spent: string;
  /** Released to the user and not yet in their mobile-money wallet (in flight or failed). */
  pendingPayout: string;
  /** The part of pendingPayout whose payout failed or came back: what Withdraw Funds sends again. */
  payoutFailed: string;
  /**
   * Until when payouts to the payout number wait (ISO): 24 hours after it was set, when it is not
   * the sign-in phone; null when payouts go at once.
   */
  payoutHeldUntil: string | null;
  entries: WalletEntry[];
}

/** GET/PUT /api/me/payout: where the user's earnings go. */
export interface PayoutSettings {
  phoneNumber: string;
  network: MobileNetwork;
  /** True while it is still the sign-in phone and the network its prefix implies. */
  isDefault: boolean;
}

/**
 * A payout number other than the sign-in phone gets payouts only this long after it was set, so
 * the owner has a day to see the SMS that says it changed and undo it.
 */
export const PAYOUT_NUMBER_HOLD_SECONDS = 24 * 60 * 60;

/** Seconds a payer has to approve a prompt on the handset (the networks' own limit). */
export const HANDSET_APPROVAL_SECONDS = 180;

/** Where a payer finds a prompt that never rang. */
export const APPROVAL_HINTS: Record<MobileNetwork, string> = {
  mtn: 'No prompt? Dial *170#, My Wallet, My Approvals',
  telecel: 'No prompt? Dial *110#, Approve Payments',
  airteltigo: 'No prompt? Dial *110#, My Wallet, My Approvals',
};

/** Mobile prefixes after +233 by network, for a payout number's default network. */
const NETWORK_PREFIXES: Record<MobileNetwork, readonly string[]> = {
  mtn: ['24', '25', '53', '54', '55', '59'],
  telecel: ['20', '50'],
  airteltigo: ['26', '27', '56', '57'],
};

/** The network a +233 number belongs to by its prefix, or undefined (Glo, Expresso, ported ...). */
export function networkOfPhone(phone: string): MobileNetwork | undefined {
  const prefix = phone.slice(4, 6);
  for (const [network, prefixes] of Object.entries(NETWORK_PREFIXES)) {
    if (prefixes.includes(prefix)) return network as MobileNetwork;
  }
  return undefined;
}

/**
 * The service fee in pesewas: `percent` of the amount, rounded half up to a pesewa. The payer
 * pays amount + fee; the payee receives the amount.
 */
export function serviceFeePesewas(amountPesewas: number, percent: number): number {
  return Math.floor((amountPesewas * percent * 100 + 5000) / 10000);
}

export const PAYMENT_MESSAGES = {
  phoneNumber: 'Phone number must be in format +233XXXXXXXXX',
  network: 'Choose MTN, Telecel or AirtelTigo',
  payoutPhone: 'Enter a Ghana mobile money number (MTN, Telecel or AirtelTigo)',
  otp: 'Enter the code your network sent (4 to 8 digits)',
  reason: 'Tell us what went wrong (at least 10 characters)',
  reasonMax: 'Keep it under 500 characters',
  offline: 'Paying needs a connection. Connect to the internet to pay.',
  notPayable: 'This can be paid once it is accepted',
  alreadyPaid: 'This is already paid',
  noPrice: 'This job has no price to pay yet: set a fixed price or estimated hours',
  notPayer: 'Only the one who pays can do this',
  notParty: 'Only the two sides of this engagement can do this',
  /** The 422 of a confirmation before the work's date, saying from when (a Ghana-time label). */
  confirmFrom: (when: string) => `You can confirm the work is done from ${when}`,
  notFunded: 'This can be confirmed once it is paid',
  declined: 'The payment was declined. Check your balance and try again.',
  abandoned: 'The payment was not approved in time. Try again.',
  confirmToComplete:
    'Work is completed when both sides confirm it once it is paid: use Confirm instead',
  notCancellable: 'Only accepted work that is not completed can be cancelled',
  cancelTooLate: 'The work has started: report a problem instead of cancelling',
  cancelAfterConfirm: 'The work was confirmed as done: report a problem instead of cancelling',
  disputed: 'This payment is disputed: our team will decide where the money goes',
  alreadyReleased: 'This payment was already released',
  refused: 'The payment could not be started. Check the number and network and try again.',
  nothingToWithdraw: 'There is nothing waiting to be paid out again',
  unknownPayment: 'Unknown payment',
  otpNotAsked: 'This payment is not waiting for a code',
  tooManyCharges: 'You have started many payments in the last hour. Please try again later.',
  tooManyPrompts:
    'This number was asked to approve many payments in the last hour. Please try again later.',
  payeeSuspended: 'This account is suspended, so it cannot be paid. Cancel the work instead.',
  payoutCode: 'Enter the 6-digit code we sent to your sign-in phone',
  payoutCodeWrong: 'Incorrect or expired code. Request a new one and try again.',
} as const;
