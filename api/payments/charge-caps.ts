import { PAYMENT_MESSAGES } from '../../contracts/payments.ts';
import type { Db } from '../db/database.ts';
import { HOUR_SECONDS, secondsUntilWindowFrees, USAGE_CAPS } from '../lib/caps.ts';
import { addSeconds } from '../lib/clock.ts';
import { LimitReached } from '../lib/domain-errors.ts';
import { countRecentCharges } from './payments-repository.ts';

/**
 * Each charge rings a handset: a payer starts at most USAGE_CAPS.payments.chargesPerPayerHour
 * an hour, and one wallet number is rung at most chargesPerWalletHour times an hour by
 * everyone together (429 with the wait). Counted in the charge's own transaction.
 */
export async function enforceChargeCaps(trx: Db, payerId: number, phone: string, now: Date) {
  const caps = USAGE_CAPS.payments;
  const recent = await countRecentCharges(
    trx,
    payerId,
    phone,
    addSeconds(now, -HOUR_SECONDS).toISOString(),
  );
  if (recent.byPayer.count >= caps.chargesPerPayerHour && recent.byPayer.oldest) {
    throw new LimitReached(
      PAYMENT_MESSAGES.tooManyCharges,
      secondsUntilWindowFrees(recent.byPayer.oldest, now),
    );
  }
  if (recent.toWallet.count >= caps.chargesPerWalletHour && recent.toWallet.oldest) {
    throw new LimitReached(
      PAYMENT_MESSAGES.tooManyPrompts,
      secondsUntilWindowFrees(recent.toWallet.oldest, now),
      { phoneNumber: PAYMENT_MESSAGES.tooManyPrompts },
    );
  }
}
