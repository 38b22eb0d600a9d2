/** What `npm run test:crash -- --payments` found, how it is printed and when it passes. */

export interface PaymentsCrashTestOptions {
  rounds: number;
  /** The longest a round runs before its kill -9; each kill comes at a random moment in it. */
  roundMs: number;
  deals: number;
  writers: number;
  log?: (line: string) => void;
  keepDatabase?: boolean;
}

/** What the books say once everything settled (payments-books.ts). */
export interface BooksReport {
  ledgerProblems: string[];
  payments: number;
  paymentsByType: Record<string, number>;
  released: number;
  refunded: number;
  /** Payments paid out (released, or an artist's kept share) more than once at the provider. */
  payoutMismatches: number;
  /** Charges refunded more than once, or payments whose refunds are not what the rules say. */
  refundMismatches: number;
  /** Payments whose money went where their outcome says, to the pesewa (of those paid). */
  splitsChecked: number;
  splitMismatches: number;
  /** Payments still held, disputed or being paid (none once a crash run settled). */
  unsettled: number;
  /** Client cancellations of paid bookings by band ("moderate 50%"), and other full refunds. */
  refundsByBand: Record<string, number>;
  /** Reported `refundIfCancelledNow` figures compared with the independent split. */
  reportedRefundsChecked: number;
  charges: number;
  lostCharges: number;
  transfers: number;
  refunds: number;
  providerBalance: { simulator: number; ledger: number };
  problems: string[];
}

export interface PaymentsCrashTestReport extends BooksReport {
  rounds: number;
  databasePath: string;
  dealsByKind: Record<string, number>;
  /** Actions answered 2xx, by who and what; refusals (the deal moved on); outside events. */
  actions: Record<string, number>;
  /** Requests that died with the server and were sent again (with the same key where it has one). */
  retriedRequests: number;
  webhookDeliveries: number;
  webhookFailures: number;
  clockHours: number;
  unfinishedDeals: number;
  integrity: string;
  finalExit: { code: number | null; signal: string | null; timedOut: boolean };
  serverErrorLogLines: number;
}

const table = (counts: Record<string, number>, indent: string) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([what, n]) => `${indent}${what.padEnd(30)} ${n}`);

export function formatPaymentsCrashReport(report: PaymentsCrashTestReport): string {
  const ghs = (pesewas: number) => `GHS ${(pesewas / 100).toFixed(2)}`;
  const problems = [...report.ledgerProblems, ...report.problems];
  return [
    'Payments crash test summary',
    `  rounds (kill -9)          ${report.rounds}`,
    `  deals                     ${Object.values(report.dealsByKind).reduce((a, b) => a + b, 0)} (${report.unfinishedDeals} unfinished)`,
    ...table(report.dealsByKind, '    '),
    '  actions and events',
    ...table(report.actions, '    '),
    `  server clock moved        ${report.clockHours} hours`,
    `  requests retried          ${report.retriedRequests} (died with the server)`,
    `  webhooks                  ${report.webhookDeliveries} deliveries, ${report.webhookFailures} not acknowledged (server down) and retried`,
    `  payments                  ${report.payments} (${report.released} released, ${report.refunded} refunded, ${report.unsettled} unsettled; ${Object.entries(
      report.paymentsByType,
    )
      .map(([type, n]) => `${n} ${type}`)
      .join(', ')})`,
    '  refunds by policy band',
    ...table(report.refundsByBand, '    '),
    `  at the provider           ${report.charges} charges, ${report.transfers} transfers, ${report.refunds} refunds`,
    `  splits to the pesewa      ${report.splitsChecked} checked, ${report.splitMismatches} wrong; ${report.reportedRefundsChecked} refundIfCancelledNow figures checked`,
    `  paid out more than once   ${report.payoutMismatches}`,
    `  refunds not as due        ${report.refundMismatches}`,
    `  charges lost              ${report.lostCharges}`,
    `  provider balance          simulator ${ghs(report.providerBalance.simulator)}, ledger ${ghs(report.providerBalance.ledger)}`,
    `  ledger:check              ${report.ledgerProblems.length === 0 ? 'OK' : `${report.ledgerProblems.length} problems`}`,
    `  integrity_check           ${report.integrity}`,
    `  final SIGTERM             exit code ${report.finalExit.code}`,
    `  server log                ${report.serverErrorLogLines} 5xx lines`,
    ...(problems.length > 0
      ? ['  problems:', ...problems.slice(0, 30).map((problem) => `    - ${problem}`)]
      : []),
  ].join('\n');
}

export function paymentsCrashTestPassed(report: PaymentsCrashTestReport): boolean {
  return (
    report.ledgerProblems.length === 0 &&
    report.payoutMismatches === 0 &&
    report.refundMismatches === 0 &&
    report.splitMismatches === 0 &&
    report.unsettled === 0 &&
    report.lostCharges === 0 &&
    report.unfinishedDeals === 0 &&
    report.providerBalance.simulator === report.providerBalance.ledger &&
    report.integrity === 'ok' &&
    report.finalExit.code === 0 &&
    report.problems.length === 0
  );
}
