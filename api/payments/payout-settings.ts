import type { Kysely } from 'kysely';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';
import {
  networkOfPhone,
  PAYOUT_NUMBER_HOLD_SECONDS,
  type PayoutSettings,
} from '../../contracts/payments.ts';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import { findPayee } from './payouts-repository.ts';

/**
 * The network a sign-in phone's prefix implies; MTN for a prefix we cannot place (Glo, a ported
 * number), which the user corrects under their payout settings before a failed payout is retried.
 */
const defaultNetwork = (phone: string): MobileNetwork => networkOfPhone(phone) ?? 'mtn';

/** Where a user's earnings go, and until when payouts there wait. */
export interface PayoutDestination extends PayoutSettings {
  name: string;
  /**
   * Payouts to this number wait until then (ISO): 24 hours after it was set, unless it is the
   * sign-in phone, which the account proved at sign-in and is trusted; null when they go now.
   * The first number an account sets (its payouts went to the sign-in phone until then) waits
   * like any other change: it is the same redirection of money to a new wallet.
   */
  heldUntil: string | null;
  /** Whether an operator suspended the account: its payouts are paused. */
  suspended: boolean;
}

/**
 * Where a user's earnings go: the payout number they saved, else their sign-in phone and the
 * network its prefix implies.
 */
export async function payoutDestination(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<PayoutDestination> {
  const payee = await findPayee(db, userId);
  const name = `${payee.first_name} ${payee.last_name}`.trim();
  const suspended = payee.suspended_at !== null;
  if (payee.payout_phone && payee.payout_network) {
    const network = payee.payout_network as MobileNetwork;
    const holdEnds =
      payee.payout_phone !== payee.phone_number && payee.payout_set_at
        ? addSeconds(new Date(payee.payout_set_at), PAYOUT_NUMBER_HOLD_SECONDS)
        : null;
    return {
      name,
      phoneNumber: payee.payout_phone,
      network,
      isDefault:
        payee.payout_phone === payee.phone_number && network === defaultNetwork(payee.phone_number),
      heldUntil: holdEnds && holdEnds > now ? holdEnds.toISOString() : null,
      suspended,
    };
  }
  return {
    name,
    phoneNumber: payee.phone_number,
    network: defaultNetwork(payee.phone_number),
    isDefault: true,
    heldUntil: null,
    suspended,
  };
}
