import {
  CANCELLATION_TIERS,
  type CancellationPolicy,
  cancellationSplit,
} from '../../contracts/engagements.ts';
import type { Db } from '../db/database.ts';
import { ACCOUNTS } from './ledger.ts';
import {
  accountBalances,
  ledgerCheckRows,
  ledgerTransactionKeys,
  unbalancedTransactions,
} from './ledger-repository.ts';
import { TRANSFER_FEE_PESEWAS } from './paystack-client.ts';

/** What `npm run ledger:check` found: the totals, and every rule that does not hold. */
export interface LedgerReport {
  transactions: number;
  accounts: number;
  payments: number;
  /** What the provider holds for us, by the ledger. */
  providerBalancePesewas: number;
  /** Held in escrow for all engagements. */
  heldPesewas: number;
  /** Released and not yet in payees' wallets (owed again after a failure). */
  owedToPayeesPesewas: number;
  payoutsInFlightPesewas: number;
  refundsInFlightPesewas: number;
  serviceFeesPesewas: number;
  providerFeesPesewas: number;
  problems: string[];
}

const LIVE_PAYOUT = new Set(['queued', 'pending', 'success']);
/** The payer's time to dispute once told the payee says the work is done (escrow.ts). */
const NOTICE_WINDOW_MS = 72 * 60 * 60 * 1000;
const OPEN = new Set(['queued', 'pending']);
const HOLDING = new Set(['held', 'disputed']);

/**
 * Proves the ledger over the whole database: every transaction balances; every charge, release,
 * payout and refund has exactly the postings its state calls for and no posting lacks its row;
 * each engagement's escrow equals what was collected less what was released or refunded, and
 * matches its status; the provider balance equals charges settled less the provider's fees,
 * payouts made and refunds processed; the in-flight and payee accounts equal the rows still
 * moving and the earnings still owed; and no payment was paid out twice. And the rules of time
 * around the money: no payout was asked of the provider before its number's 24-hour hold ended
 * or while paused, nor for a suspended payee unless an operator released it; a frozen payment is
 * held with no clock running; and money the payee alone said was done went by itself only 72
 * hours or more after the payer was sent the notice, whose clock says so while it runs.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];
  const [balances, unbalanced, keys, rows] = await Promise.all([
    accountBalances(db),
    unbalancedTransactions(db),
    ledgerTransactionKeys(db),
    ledgerCheckRows(db),
  ]);
  const balance = (code: string) => balances.get(code) ?? 0;
  /** What an account owes, as a positive figure (liabilities and revenue carry credits). */
  const credit = (code: string) => 0 - balance(code) || 0;
  for (const row of unbalanced) {
    problems.push(
      `transaction ${row.id} (${row.key}) has ${row.entries} entries summing to ${row.sum}`,
    );
  }

  const posted = new Set(keys.map((row) => row.key));
  const expected = new Set<string>();
  const expect = (key: string, present: boolean, what: string) => {
    if (present) expected.add(key);
    if (present !== posted.has(key)) {
      problems.push(`${what}: ${present ? 'missing' : 'unexpected'} posting ${key}`);
    }
  };

  const collected = new Map<number, number>();
  let chargesNet = 0;
  let providerFees = 0;
  for (const charge of rows.charges) {
    const success = charge.status === 'success';
    expect(`charge:${charge.reference}`, success, `charge ${charge.reference} (${charge.status})`);
    if (!success) continue;
    const fee = charge.provider_fee_pesewas ?? 0;
    collected.set(
      charge.payment_id,
      (collected.get(charge.payment_id) ?? 0) + charge.amount_pesewas,
    );
    chargesNet += charge.amount_pesewas - fee;
    providerFees += fee;
  }

  const refunded = new Map<number, number>();
  let refundsProcessed = 0;
  let refundsOpen = 0;
  for (const refund of rows.refunds) {
    const what = `refund of ${refund.charge_reference} (${refund.status})`;
    expect(`refund-start:${refund.charge_reference}`, true, what);
    expect(`refund-done:${refund.charge_reference}`, refund.status === 'processed', what);
    refunded.set(refund.payment_id, (refunded.get(refund.payment_id) ?? 0) + refund.amount_pesewas);
    if (refund.status === 'processed') refundsProcessed += refund.amount_pesewas;
    else refundsOpen += refund.amount_pesewas;
  }

  const paidOut = new Map<number, { count: number; pesewas: number }>();
  const livePayouts = new Map<number, number>();
  let payoutsMade = 0;
  let payoutsOpen = 0;
  let transferFees = 0;
  for (const payout of rows.payouts) {
    const what = `payout ${payout.reference} (${payout.status})`;
    const { reference, status } = payout;
    expect(`payout-start:${reference}`, true, what);
    expect(`payout-success:${reference}`, status === 'success' || status === 'reversed', what);
    expect(`payout-reversed:${reference}`, status === 'reversed', what);
    expect(`payout-failed:${reference}`, status === 'failed', what);
    // Paystack's fee for each transfer that went, kept when it came back.
    const went = status === 'success' || status === 'reversed';
    expect(`transfer-fee:${reference}`, went, what);
    if (went) transferFees += TRANSFER_FEE_PESEWAS;
    if (LIVE_PAYOUT.has(status)) {
      livePayouts.set(
        payout.payee_id,
        (livePayouts.get(payout.payee_id) ?? 0) + payout.amount_pesewas,
      );
    }
    if (OPEN.has(status)) payoutsOpen += payout.amount_pesewas;
    if (status === 'success') {
      payoutsMade += payout.amount_pesewas;
      const paid = paidOut.get(payout.payment_id) ?? { count: 0, pesewas: 0 };
      paidOut.set(payout.payment_id, {
        count: paid.count + 1,
        pesewas: paid.pesewas + payout.amount_pesewas,
      });
    }
  }

  const released = new Map<number, number>();
  let held = 0;
  let serviceFees = 0;
  const policyOf = new Map(
    rows.policies.map((row) => [row.payment_id, row.cancellation_policy as CancellationPolicy]),
  );
  for (const payment of rows.payments) {
    const isReleased = payment.status === 'released';
    expect(`release:${payment.id}`, isReleased, `payment ${payment.id} (${payment.status})`);
    const total = payment.amount_pesewas + payment.fee_pesewas;
    // What a client's late cancellation left: in escrow until the event's end, then released.
    const kept = (payment.kept_pesewas ?? 0) + (payment.kept_fee_pesewas ?? 0);
    const keptReleased = payment.kept_released_at !== null;
    expect(`kept-release:${payment.id}`, keptReleased, `payment ${payment.id} kept share`);
    problems.push(
      ...splitProblems(payment, policyOf.get(payment.id), {
        collected: collected.get(payment.id) ?? 0,
        refunded: refunded.get(payment.id) ?? 0,
      }),
    );
    const inEscrow =
      (collected.get(payment.id) ?? 0) -
      (isReleased ? total : 0) -
      (refunded.get(payment.id) ?? 0) -
      (keptReleased ? kept : 0);
    const escrow = credit(ACCOUNTS.escrow(payment.id));
    if (escrow !== inEscrow) {
      problems.push(
        `payment ${payment.id}: escrow holds ${escrow}, but collected less released and refunded is ${inEscrow}`,
      );
    }
    const shouldHold = HOLDING.has(payment.status)
      ? total
      : payment.status === 'refunded' && !keptReleased
        ? kept
        : 0;
    if (escrow !== shouldHold) {
      problems.push(`payment ${payment.id} is ${payment.status} but escrow holds ${escrow}`);
    }
    held += escrow;
    if (isReleased) {
      serviceFees += payment.fee_pesewas;
      released.set(
        payment.payee_id,
        (released.get(payment.payee_id) ?? 0) + payment.amount_pesewas,
      );
    }
    if (keptReleased) {
      serviceFees += payment.kept_fee_pesewas ?? 0;
      released.set(
        payment.payee_id,
        (released.get(payment.payee_id) ?? 0) + (payment.kept_pesewas ?? 0),
      );
    }
    const paid = paidOut.get(payment.id);
    if (paid && (paid.count > 1 || paid.pesewas > payment.amount_pesewas)) {
      problems.push(
        `payment ${payment.id} was paid out ${paid.count} times (${paid.pesewas} of ${payment.amount_pesewas})`,
      );
    }
  }
  for (const row of keys) {
    if (!expected.has(row.key)) problems.push(`posting ${row.key} has no row that calls for it`);
  }
  problems.push(...timeRuleProblems(rows));

  const compare = (what: string, ledger: number, rowsSay: number) => {
    if (ledger !== rowsSay)
      problems.push(`${what}: the ledger says ${ledger}, the rows ${rowsSay}`);
  };
  const providerBalance = balance(ACCOUNTS.providerBalance);
  compare(
    'provider balance (charges less fees, payouts and refunds)',
    providerBalance,
    chargesNet - payoutsMade - refundsProcessed - transferFees,
  );
  compare(
    'provider fees (on charges and transfers)',
    balance(ACCOUNTS.providerFees),
    providerFees + transferFees,
  );
  compare('service fees', credit(ACCOUNTS.serviceFees), serviceFees);
  compare('payouts in flight', credit(ACCOUNTS.payoutsInFlight), payoutsOpen);
  compare('refunds in flight', credit(ACCOUNTS.refundsInFlight), refundsOpen);

  let owed = 0;
  const payees = new Set([...released.keys(), ...livePayouts.keys()]);
  for (const [code, amount] of balances) {
    if (code.startsWith('payee:')) payees.add(Number(code.slice('payee:'.length)));
    if (code.startsWith('payee:')) owed -= amount;
  }
  for (const payeeId of payees) {
    const account = credit(ACCOUNTS.payee(payeeId));
    if (account < 0) problems.push(`payee ${payeeId} has been paid ${-account} more than earned`);
    compare(
      `payee ${payeeId} (released less payouts on their way or made)`,
      account,
      (released.get(payeeId) ?? 0) - (livePayouts.get(payeeId) ?? 0),
    );
  }

  const total = [...balances.values()].reduce((sum, amount) => sum + amount, 0);
  if (total !== 0) problems.push(`all accounts together sum to ${total}, not 0`);

  return {
    transactions: keys.length,
    accounts: balances.size,
    payments: rows.payments.length,
    providerBalancePesewas: providerBalance,
    heldPesewas: held,
    owedToPayeesPesewas: owed,
    payoutsInFlightPesewas: credit(ACCOUNTS.payoutsInFlight),
    refundsInFlightPesewas: credit(ACCOUNTS.refundsInFlight),
    serviceFeesPesewas: credit(ACCOUNTS.serviceFees),
    providerFeesPesewas: balance(ACCOUNTS.providerFees),
    problems,
  };
}

/**
 * A booking its client cancelled late is split by its policy to the pesewa: what stays (the
 * artist's share, the fee's share) is cancellationSplit's for one of the policy's percents, and
 * what went back is the rest of what was collected.
 */
function splitProblems(
  payment: Awaited<ReturnType<typeof ledgerCheckRows>>['payments'][number],
  policy: CancellationPolicy | undefined,
  money: { collected: number; refunded: number },
): string[] {
  if (payment.kept_pesewas === null) return [];
  const what = `payment ${payment.id} (cancelled late)`;
  if (!policy) return [`${what} is not a booking's`];
  const kept = payment.kept_pesewas;
  const keptFee = payment.kept_fee_pesewas ?? 0;
  const fits = CANCELLATION_TIERS[policy].some(({ percent }) => {
    const split = cancellationSplit(payment.amount_pesewas, payment.fee_pesewas, percent);
    return split.artistKeeps === kept && split.feeKept === keptFee;
  });
  const problems: string[] = [];
  if (!fits) {
    problems.push(`${what}: keeps ${kept} + fee ${keptFee}, no split of its ${policy} policy`);
  }
  // Every charge that landed went back but for the split's kept share.
  const back = money.collected - kept - keptFee;
  if (money.refunded !== back) {
    problems.push(`${what}: ${money.refunded} went back, its split says ${back}`);
  }
  return problems;
}

/** The rules of time around the money (see checkLedger). */
function timeRuleProblems(rows: Awaited<ReturnType<typeof ledgerCheckRows>>): string[] {
  const problems: string[] = [];
  const suspendedAt = new Map(rows.suspended.map((user) => [user.id, user.suspended_at ?? '']));
  const byId = new Map(rows.payments.map((payment) => [payment.id, payment]));
  for (const payout of rows.payouts) {
    const what = `payout ${payout.reference}`;
    if (payout.initiated_at && payout.hold_until && payout.initiated_at < payout.hold_until) {
      problems.push(`${what} was sent at ${payout.initiated_at}, before its hold ended`);
    }
    if (payout.paused_at && (payout.status !== 'queued' || payout.initiated_at)) {
      problems.push(`${what} is paused but was sent (${payout.status})`);
    }
    const suspended = suspendedAt.get(payout.payee_id);
    const payment = byId.get(payout.payment_id);
    if (
      suspended &&
      payout.initiated_at &&
      payout.initiated_at >= suspended &&
      payment?.resolution !== 'release'
    ) {
      problems.push(`${what} was sent to payee ${payout.payee_id} after they were suspended`);
    }
  }
  for (const payment of rows.payments) {
    const what = `payment ${payment.id}`;
    if (payment.frozen_at && (payment.status !== 'held' || payment.release_due_at)) {
      problems.push(
        `${what} is frozen but ${payment.status} with its clock at ${payment.release_due_at}`,
      );
    }
    const payeeAlone = payment.payee_confirmed_at !== null && payment.payer_confirmed_at === null;
    if (!payeeAlone || payment.resolution) continue;
    const earliest = payment.payer_notified_at
      ? Date.parse(payment.payer_notified_at) + NOTICE_WINDOW_MS
      : null;
    if (payment.status === 'held' && payment.release_due_at) {
      if (earliest === null || Date.parse(payment.release_due_at) < earliest) {
        problems.push(
          `${what}: its clock runs to ${payment.release_due_at}, under 72 hours after the payer's notice (${payment.payer_notified_at})`,
        );
      }
    }
    if (payment.status === 'released' && payment.released_at) {
      if (earliest === null || Date.parse(payment.released_at) < earliest) {
        problems.push(
          `${what} was released at ${payment.released_at} on the payee's word alone, under 72 hours after the payer's notice (${payment.payer_notified_at})`,
        );
      }
    }
  }
  return problems;
}
