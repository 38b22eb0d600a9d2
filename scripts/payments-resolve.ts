/**
 * An operator decides a disputed payment: `npm run payments:resolve -- <paymentId> release|refund`
 * (DATABASE_PATH, default data/app.db). `release` pays the payee (the engagement is completed);
 * `refund` gives the payer everything back, fee included (the engagement is cancelled). The
 * decision is committed here; the running server's reconciler sends the payout or the refund
 * within seconds (or at its next start).
 */
import { loadConfig } from '../api/config.ts';
import { openConfiguredDatabase } from '../api/db/database.ts';
import { resolvePayment } from '../api/engagements/engagements-service.ts';
import { DomainError } from '../api/lib/domain-errors.ts';

const [id, decision] = process.argv.slice(2);
if (!id || !/^\d+$/.test(id) || (decision !== 'release' && decision !== 'refund')) {
  console.error('Usage: npm run payments:resolve -- <paymentId> release|refund');
  process.exit(2);
}
const config = loadConfig();
const db = openConfiguredDatabase(config);
try {
  const payment = await resolvePayment(db, Number(id), decision, new Date());
  console.log(
    decision === 'release'
      ? `Payment ${payment.id} released to the payee: the payout is queued.`
      : `Payment ${payment.id} refunded to the payer in full: the refund is queued.`,
  );
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
