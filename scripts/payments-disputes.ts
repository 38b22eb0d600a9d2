/**
 * Lists the disputed payments an operator must decide, oldest first: `npm run payments:disputes`
 * (DATABASE_PATH, default data/app.db). Decide one with `npm run payments:resolve`.
 */

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../api/config.ts';
import { type Db, openConfiguredDatabase } from '../api/db/database.ts';
import { disputedPayments } from '../api/payments/payments-repository.ts';
import { formatAmount } from '../contracts/money.ts';

/** The disputes as an operator reads them, one block each. */
export async function formatDisputes(db: Db): Promise<string> {
  const disputes = await disputedPayments(db);
  if (disputes.length === 0) return 'No disputed payments.';
  return disputes
    .map((dispute) => {
      const by = dispute.disputed_by === dispute.payer_id ? 'payer' : 'payee';
      return [
        `Payment ${dispute.id}: ${dispute.engagement_type} ${dispute.engagement_id}, GHS ${formatAmount(dispute.amount_pesewas)} (fee GHS ${formatAmount(dispute.fee_pesewas)}), disputed ${dispute.disputed_at} by the ${by}`,
        `  payer  ${dispute.payer_first_name} ${dispute.payer_last_name} ${dispute.payer_phone} (user ${dispute.payer_id})`,
        `  payee  ${dispute.payee_first_name} ${dispute.payee_last_name} ${dispute.payee_phone} (user ${dispute.payee_id})`,
        `  reason ${dispute.dispute_reason ?? ''}`,
        `  decide npm run payments:resolve -- ${dispute.id} release|refund`,
      ].join('\n');
    })
    .join('\n\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const config = loadConfig();
  const db = openConfiguredDatabase(config);
  try {
    console.log(await formatDisputes(db));
  } finally {
    await db.destroy();
  }
}
