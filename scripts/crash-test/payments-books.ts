/**
 * The books of the payments crash test once every deal ended and all money settled: the ledger
 * check, and for every payment, from the ledger and from the provider (the simulator) each, that
 * its money went where its outcome says to the pesewa: released (the payee earned the price, we
 * the fee), a client's cancellation of a paid booking (split by refund-policy.ts for the time the
 * server stamped), or anything else refunded in full; each charge refunded at most once, each
 * payment paid out at most once; and what the server reported as `refundIfCancelledNow` right
 * before each such cancel was that split.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../api/db/database.ts';
import type { PaystackSimulator } from '../../api/dev/paystack-simulator.ts';
import { checkLedger } from '../../api/payments/ledger-check.ts';
import type { CancelRecord } from './payment-deals.ts';
import type { BooksReport } from './payments-report.ts';
import { ALL_BANDS, bandOf, expectedSplit, type Policy, policyPercent } from './refund-policy.ts';

const add = (map: Map<string | number, number>, key: string | number, by: number) =>
  map.set(key, (map.get(key) ?? 0) + by);

/** A cancellation of a booking as its side saw and sent it. */
export interface BookingCancel extends CancelRecord {
  bookingId: number;
  policy: Policy;
}

export async function checkBooks(
  db: Kysely<Database>,
  sim: Pick<PaystackSimulator, 'refunds' | 'transfers' | 'transactions' | 'balance'>,
  cancels: BookingCancel[],
  startBalance: number,
): Promise<BooksReport> {
  const problems: string[] = [];
  const ledger = await checkLedger(db);
  const payments = await db.selectFrom('payments').selectAll().execute();
  const bookings = new Map(
    (
      await db
        .selectFrom('bookings')
        .select(['id', 'cancellation_policy', 'cancelled_by', 'event_date'])
        .execute()
    ).map((booking) => [booking.id, booking]),
  );
  const charges = await db
    .selectFrom('charges')
    .select(['reference', 'payment_id', 'status'])
    .execute();
  const payoutPayment = new Map(
    (await db.selectFrom('payouts').select(['reference', 'payment_id']).execute()).map((row) => [
      row.reference,
      row.payment_id,
    ]),
  );
  const lines = await db
    .selectFrom('ledger_transactions as t')
    .innerJoin('ledger_entries as e', 'e.transaction_id', 't.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['t.payment_id', 't.kind', 'a.code', sql<number>`sum(e.amount_pesewas)`.as('sum')])
    .groupBy(['t.payment_id', 't.kind', 'a.code'])
    .execute();
  const releases = await db
    .selectFrom('ledger_transactions')
    .select(['payment_id', sql<number>`count(*)`.as('n')])
    .where('kind', 'in', ['released', 'kept_released'])
    .groupBy('payment_id')
    .execute();

  // The ledger, per payment: collected, refunded, earned by the payee, our fee.
  const collected = new Map<string | number, number>();
  const refundedLedger = new Map<string | number, number>();
  const earned = new Map<string | number, number>();
  const fees = new Map<string | number, number>();
  for (const line of lines) {
    const id = Number(line.payment_id);
    const sum = Number(line.sum);
    const escrow = line.code.startsWith('escrow:');
    if (line.kind === 'charge_succeeded' && escrow) add(collected, id, -sum);
    if (line.kind === 'refund_started' && escrow) add(refundedLedger, id, sum);
    if (line.kind === 'released' || line.kind === 'kept_released') {
      if (line.code.startsWith('payee:')) add(earned, id, -sum);
      if (line.code === 'service_fees') add(fees, id, -sum);
    }
  }
  let payoutMismatches = 0;
  for (const row of releases) {
    if (Number(row.n) > 1) {
      payoutMismatches++;
      problems.push(`payment ${row.payment_id} released ${row.n} times in the ledger`);
    }
  }

  // The provider, per payment: refunds of its charges, transfers of its payouts.
  const chargePayment = new Map(charges.map((charge) => [charge.reference, charge.payment_id]));
  const simRefunded = new Map<string | number, number>();
  const refundsPerCharge = new Map<string | number, number>();
  for (const refund of sim.refunds()) {
    add(refundsPerCharge, refund.transactionReference, 1);
    const paymentId = chargePayment.get(refund.transactionReference);
    if (paymentId !== undefined) add(simRefunded, paymentId, refund.amountPesewas);
  }
  let refundMismatches = 0;
  for (const [reference, count] of refundsPerCharge) {
    if (count > 1) {
      refundMismatches++;
      problems.push(`charge ${reference} refunded ${count} times at the provider`);
    }
  }
  const transfers = sim.transfers().filter((transfer) => transfer.status === 'success');
  const paidOut = new Map<string | number, number>();
  const transfersPerPayment = new Map<string | number, number>();
  for (const transfer of transfers) {
    const paymentId = payoutPayment.get(transfer.reference);
    if (paymentId === undefined) {
      problems.push(`transfer ${transfer.reference} is no payout of ours`);
      continue;
    }
    add(paidOut, paymentId, transfer.amountPesewas);
    add(transfersPerPayment, paymentId, 1);
  }
  for (const [paymentId, count] of transfersPerPayment) {
    if (count > 1) {
      payoutMismatches++;
      problems.push(`payment ${paymentId} paid out ${count} times at the provider`);
    }
  }

  // What each payment's outcome says, by the rules written out in refund-policy.ts.
  // Every band is listed, so the report shows any that no cancellation reached.
  const refundsByBand: Record<string, number> = Object.fromEntries(
    ALL_BANDS.map((name) => [name, 0]),
  );
  const band = (name: string) => {
    refundsByBand[name] = (refundsByBand[name] ?? 0) + 1;
  };
  let splitsChecked = 0;
  let unsettled = 0;
  let splitMismatches = 0;
  for (const payment of payments) {
    const what = `payment ${payment.id} (${payment.engagement_type} ${payment.engagement_id}, ${payment.status})`;
    const booking =
      payment.engagement_type === 'booking' ? bookings.get(payment.engagement_id) : undefined;
    let keeps = { earned: 0, fee: 0 };
    if (payment.status === 'released') {
      keeps = { earned: payment.amount_pesewas, fee: payment.fee_pesewas };
    } else if (payment.status === 'refunded') {
      const clientCancelledHeld =
        booking?.cancelled_by === 'payer' && payment.held_at !== null && !payment.resolution;
      if (booking && clientCancelledHeld && payment.refunded_at) {
        const policy = booking.cancellation_policy as Policy;
        const before = Date.parse(booking.event_date) - Date.parse(payment.refunded_at);
        const percent = policyPercent(policy, before);
        const split = expectedSplit(payment.amount_pesewas, payment.fee_pesewas, percent);
        keeps = { earned: split.artistKeeps, fee: split.feeKept };
        band(bandOf(policy, percent));
        if ((payment.kept_pesewas ?? 0) !== split.artistKeeps) {
          problems.push(
            `${what}: keeps ${payment.kept_pesewas}, ${policy} says ${split.artistKeeps}`,
          );
          splitMismatches++;
        }
      } else if (payment.resolution === 'no_show') band('did not show: all back');
      else if (payment.resolution === 'refund') band('operator refund: all back');
      else if (booking?.cancelled_by === 'payee') band('artist cancelled: all back');
      else if (booking) band(`booking ${booking.cancelled_by ?? 'cancelled'} unheld: all back`);
      else band('job cancelled: all back');
    } else if (payment.status !== 'unpaid') {
      // Still held, disputed or being paid: its money is in escrow yet (ledger:check holds it).
      unsettled++;
      continue;
    }
    const got = collected.get(payment.id) ?? 0;
    if (got === 0 && payment.status !== 'released' && payment.status !== 'refunded') continue;
    splitsChecked++;
    const back = got - keeps.earned - keeps.fee;
    const facts = {
      earned: earned.get(payment.id) ?? 0,
      fee: fees.get(payment.id) ?? 0,
      refunded: refundedLedger.get(payment.id) ?? 0,
      providerRefunded: simRefunded.get(payment.id) ?? 0,
      paidOut: paidOut.get(payment.id) ?? 0,
    };
    const wanted = {
      earned: keeps.earned,
      fee: keeps.fee,
      refunded: back,
      providerRefunded: back,
      paidOut: keeps.earned,
    };
    if (JSON.stringify(facts) !== JSON.stringify(wanted)) {
      splitMismatches++;
      problems.push(`${what}: ${JSON.stringify(facts)}, wanted ${JSON.stringify(wanted)}`);
    }
  }

  // What the server reported before each client's cancellation of a paid booking.
  let reportedRefundsChecked = 0;
  const paymentOfBooking = new Map(
    payments
      .filter((payment) => payment.engagement_type === 'booking')
      .map((payment) => [payment.engagement_id, payment]),
  );
  for (const cancel of cancels) {
    if (cancel.by !== 'payer' || cancel.paymentStatus !== 'held') continue;
    const booking = bookings.get(cancel.bookingId);
    const payment = paymentOfBooking.get(cancel.bookingId);
    if (!booking || !payment) continue;
    reportedRefundsChecked++;
    const percent = policyPercent(
      cancel.policy,
      Date.parse(booking.event_date) - cancel.answeredAt,
    );
    const split = expectedSplit(payment.amount_pesewas, payment.fee_pesewas, percent);
    const inLedger =
      payment.amount_pesewas +
      payment.fee_pesewas -
      (payment.kept_pesewas ?? 0) -
      (payment.kept_fee_pesewas ?? 0);
    if (
      cancel.reportedRefund !== split.refund ||
      inLedger !== split.refund ||
      cancel.answeredPaymentStatus !== 'refunded'
    ) {
      splitMismatches++;
      problems.push(
        `booking ${cancel.bookingId} (${cancel.policy}, ${percent}%): refundIfCancelledNow ${cancel.reportedRefund}, ledger ${inLedger}, answer ${cancel.answeredPaymentStatus}; the policy says ${split.refund}`,
      );
    }
  }

  const chargeStatus = new Map(charges.map((charge) => [charge.reference, charge.status]));
  let lostCharges = 0;
  for (const transaction of sim.transactions()) {
    if (transaction.status !== 'success' && transaction.status !== 'reversed') continue;
    if (chargeStatus.get(transaction.reference) !== 'success') {
      lostCharges++;
      problems.push(
        `the provider took ${transaction.reference}; our charge is ${chargeStatus.get(transaction.reference)}`,
      );
    }
  }
  const providerBalance = {
    simulator: sim.balance() - startBalance,
    ledger: ledger.providerBalancePesewas,
  };
  if (providerBalance.simulator !== providerBalance.ledger) {
    problems.push(
      `the provider holds ${providerBalance.simulator} for us, the ledger says ${providerBalance.ledger}`,
    );
  }
  return {
    ledgerProblems: ledger.problems,
    payments: payments.length,
    paymentsByType: Object.fromEntries(
      ['booking', 'application', 'milestone'].map((type) => [
        type,
        payments.filter((payment) => payment.engagement_type === type).length,
      ]),
    ),
    released: payments.filter((payment) => payment.status === 'released').length,
    refunded: payments.filter((payment) => payment.status === 'refunded').length,
    payoutMismatches,
    refundMismatches,
    splitsChecked,
    splitMismatches,
    unsettled,
    refundsByBand,
    reportedRefundsChecked,
    charges: sim.transactions().length,
    lostCharges,
    transfers: transfers.length,
    refunds: sim.refunds().length,
    providerBalance,
    problems,
  };
}
