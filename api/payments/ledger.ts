import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertLedgerTransaction } from './ledger-repository.ts';

/**
 * The double-entry ledger of escrow, in integer pesewas. Each movement of money is one
 * transaction whose entries sum to zero: debits positive, credits negative. Assets (what the
 * provider holds for us, the provider's fees we paid) carry positive balances; what we owe
 * (escrow to an engagement, earnings to a payee, money on its way out) and what we earned
 * (service fees) carry negative ones. Nothing is ever updated: each transaction has a key, so
 * posting the same movement twice (a duplicate webhook, a retry after a crash) posts nothing.
 */

/** The accounts. Per-payment and per-user accounts are made on first use. */
export const ACCOUNTS = {
  /** Asset: what the provider holds for us (charges settled less its fee, less what left). */
  providerBalance: 'provider_balance',
  /** Expense: the provider's fee on each charge and each transfer, deducted from its balance. */
  providerFees: 'provider_fees',
  /** Revenue: our service fee, earned when an escrow is released. */
  serviceFees: 'service_fees',
  /** Liability: payouts asked of the provider and not yet settled. */
  payoutsInFlight: 'payouts_in_flight',
  /** Liability: refunds asked of the provider and not yet processed. */
  refundsInFlight: 'refunds_in_flight',
  /** Liability: what the payer paid for one engagement, held until released or refunded. */
  escrow: (paymentId: number) => `escrow:payment:${paymentId}`,
  /** Liability: released earnings we still owe a payee (not yet sent, or sent and failed). */
  payee: (userId: number) => `payee:${userId}`,
} as const;

const POSTING_KINDS = [
  'charge_succeeded',
  'released',
  'payout_started',
  'payout_succeeded',
  'payout_failed',
  'payout_reversed',
  'refund_started',
  'refund_processed',
  'kept_released',
  'transfer_fee',
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export interface LedgerLine {
  account: string;
  amountPesewas: number;
}

export interface Posting {
  kind: PostingKind;
  /** Unique: the same key is never posted twice. */
  key: string;
  paymentId: number;
  /** The charge, payout or refund reference the movement is about. */
  reference: string | null;
  lines: LedgerLine[];
}

/** What each movement posts. Zero lines (a fee of nothing) are left out. */
export const postings = {
  /** The payer's money landed with the provider, less its fee: held for the engagement. */
  chargeSucceeded(input: {
    paymentId: number;
    reference: string;
    totalPesewas: number;
    providerFeePesewas: number;
  }): Posting {
    const { paymentId, reference, totalPesewas, providerFeePesewas } = input;
    return posting('charge_succeeded', `charge:${reference}`, paymentId, reference, [
      [ACCOUNTS.providerBalance, totalPesewas - providerFeePesewas],
      [ACCOUNTS.providerFees, providerFeePesewas],
      [ACCOUNTS.escrow(paymentId), -totalPesewas],
    ]);
  },

  /** Escrow released: the payee is owed the amount, the fee is ours. */
  released(input: {
    paymentId: number;
    payeeId: number;
    amountPesewas: number;
    feePesewas: number;
  }): Posting {
    const { paymentId, payeeId, amountPesewas, feePesewas } = input;
    return posting('released', `release:${paymentId}`, paymentId, null, [
      [ACCOUNTS.escrow(paymentId), amountPesewas + feePesewas],
      [ACCOUNTS.payee(payeeId), -amountPesewas],
      [ACCOUNTS.serviceFees, -feePesewas],
    ]);
  },

  /**
   * What a client's late cancellation left in escrow by the booking's policy goes at the event's
   * end: the artist is owed their share as earnings, our fee's share is ours.
   */
  keptReleased(input: {
    paymentId: number;
    payeeId: number;
    keptPesewas: number;
    keptFeePesewas: number;
  }): Posting {
    const { paymentId, payeeId, keptPesewas, keptFeePesewas } = input;
    return posting('kept_released', `kept-release:${paymentId}`, paymentId, null, [
      [ACCOUNTS.escrow(paymentId), keptPesewas + keptFeePesewas],
      [ACCOUNTS.payee(payeeId), -keptPesewas],
      [ACCOUNTS.serviceFees, -keptFeePesewas],
    ]);
  },

  payoutStarted: (payout: PayoutMovement): Posting =>
    posting(
      'payout_started',
      `payout-start:${payout.reference}`,
      payout.paymentId,
      payout.reference,
      [
        [ACCOUNTS.payee(payout.payeeId), payout.amountPesewas],
        [ACCOUNTS.payoutsInFlight, -payout.amountPesewas],
      ],
    ),

  payoutSucceeded: (payout: PayoutMovement): Posting =>
    posting(
      'payout_succeeded',
      `payout-success:${payout.reference}`,
      payout.paymentId,
      payout.reference,
      [
        [ACCOUNTS.payoutsInFlight, payout.amountPesewas],
        [ACCOUNTS.providerBalance, -payout.amountPesewas],
      ],
    ),

  /** The transfer failed before reaching the wallet: the payee is owed it again. */
  payoutFailed: (payout: PayoutMovement): Posting =>
    posting(
      'payout_failed',
      `payout-failed:${payout.reference}`,
      payout.paymentId,
      payout.reference,
      [
        [ACCOUNTS.payoutsInFlight, payout.amountPesewas],
        [ACCOUNTS.payee(payout.payeeId), -payout.amountPesewas],
      ],
    ),

  /** A paid transfer came back to our balance: the payee is owed it again. */
  payoutReversed: (payout: PayoutMovement): Posting =>
    posting(
      'payout_reversed',
      `payout-reversed:${payout.reference}`,
      payout.paymentId,
      payout.reference,
      [
        [ACCOUNTS.providerBalance, payout.amountPesewas],
        [ACCOUNTS.payee(payout.payeeId), -payout.amountPesewas],
      ],
    ),

  /** Paystack's fee for a transfer that went, from its balance: our expense, as a charge's. */
  transferFee: (input: { paymentId: number; reference: string; feePesewas: number }): Posting =>
    posting('transfer_fee', `transfer-fee:${input.reference}`, input.paymentId, input.reference, [
      [ACCOUNTS.providerFees, input.feePesewas],
      [ACCOUNTS.providerBalance, -input.feePesewas],
    ]),

  /** A charge goes back to the payer in full, fee included. */
  refundStarted: (refund: RefundMovement): Posting =>
    posting(
      'refund_started',
      `refund-start:${refund.chargeReference}`,
      refund.paymentId,
      refund.chargeReference,
      [
        [ACCOUNTS.escrow(refund.paymentId), refund.amountPesewas],
        [ACCOUNTS.refundsInFlight, -refund.amountPesewas],
      ],
    ),

  refundProcessed: (refund: RefundMovement): Posting =>
    posting(
      'refund_processed',
      `refund-done:${refund.chargeReference}`,
      refund.paymentId,
      refund.chargeReference,
      [
        [ACCOUNTS.refundsInFlight, refund.amountPesewas],
        [ACCOUNTS.providerBalance, -refund.amountPesewas],
      ],
    ),
};

export interface PayoutMovement {
  paymentId: number;
  payeeId: number;
  reference: string;
  amountPesewas: number;
}

export interface RefundMovement {
  paymentId: number;
  chargeReference: string;
  amountPesewas: number;
}

function posting(
  kind: PostingKind,
  key: string,
  paymentId: number,
  reference: string | null,
  lines: [string, number][],
): Posting {
  return {
    kind,
    key,
    paymentId,
    reference,
    lines: lines
      .filter(([, amount]) => amount !== 0)
      .map(([account, amountPesewas]) => ({ account, amountPesewas })),
  };
}

/** A posting that does not balance, or is not whole pesewas, is a bug: nothing is written. */
export class UnbalancedPosting extends Error {
  override readonly name = 'UnbalancedPosting';
}

/**
 * Writes a posting inside the caller's transaction, so it commits with the state change it
 * records. Answers false, writing nothing, when its key was posted before.
 */
export async function post(trx: Kysely<Database>, entry: Posting, now: Date): Promise<boolean> {
  const sum = entry.lines.reduce((total, line) => total + line.amountPesewas, 0);
  const whole = entry.lines.every((line) => Number.isSafeInteger(line.amountPesewas));
  if (!whole || sum !== 0 || entry.lines.length < 2) {
    throw new UnbalancedPosting(
      `${entry.key}: ${entry.lines.map((line) => `${line.account} ${line.amountPesewas}`).join(', ')}`,
    );
  }
  return insertLedgerTransaction(trx, entry, now.toISOString());
}
