/**
 * Proves the payments ledger over the whole database (DATABASE_PATH, default data/app.db):
 * `npm run ledger:check`. Prints the totals and every rule that does not hold; exits 1 if any.
 * Safe while the server runs: it only reads.
 */
import { loadConfig } from '../api/config.ts';
import { openConfiguredDatabase } from '../api/db/database.ts';
import { checkLedger } from '../api/payments/ledger-check.ts';
import { formatAmount } from '../contracts/money.ts';

const config = loadConfig();
const db = openConfiguredDatabase(config);
try {
  const report = await checkLedger(db);
  const ghs = (pesewas: number) => `GHS ${formatAmount(pesewas)}`;
  console.log(
    [
      `Ledger of ${config.databasePath}`,
      `  transactions        ${report.transactions} (${report.accounts} accounts, ${report.payments} payments)`,
      `  provider balance    ${ghs(report.providerBalancePesewas)}`,
      `  held in escrow      ${ghs(report.heldPesewas)}`,
      `  owed to payees      ${ghs(report.owedToPayeesPesewas)}`,
      `  payouts in flight   ${ghs(report.payoutsInFlightPesewas)}`,
      `  refunds in flight   ${ghs(report.refundsInFlightPesewas)}`,
      `  service fees earned ${ghs(report.serviceFeesPesewas)}`,
      `  provider fees paid  ${ghs(report.providerFeesPesewas)}`,
      report.problems.length === 0
        ? 'OK: every rule holds'
        : `${report.problems.length} problems:\n${report.problems.map((problem) => `  - ${problem}`).join('\n')}`,
    ].join('\n'),
  );
  process.exitCode = report.problems.length === 0 ? 0 : 1;
} finally {
  await db.destroy();
}
