import type { Kysely } from 'kysely';
import type { MobileNetwork } from '../../contracts/mobile-networks.ts';
import { networkOfPhone, type PayoutSettings } from '../../contracts/payments.ts';
import type { Database } from '../db/database.ts';
import { findPayee } from './payments-repository.ts';

/**
 * The network a sign-in phone's prefix implies; MTN for a prefix we cannot place (Glo, a ported
 * number), which the user corrects under their payout settings before a failed payout is retried.
 */
const defaultNetwork = (phone: string): MobileNetwork => networkOfPhone(phone) ?? 'mtn';

/**
 * Where a user's earnings go: the payout number they saved, else their sign-in phone and the
 * network its prefix implies.
 */
export async function payoutDestination(
  db: Kysely<Database>,
  userId: number,
): Promise<PayoutSettings & { name: string }> {
  const payee = await findPayee(db, userId);
  const name = `${payee.first_name} ${payee.last_name}`.trim();
  if (payee.payout_phone && payee.payout_network) {
    const network = payee.payout_network as MobileNetwork;
    return {
      name,
      phoneNumber: payee.payout_phone,
      network,
      isDefault:
        payee.payout_phone === payee.phone_number && network === defaultNetwork(payee.phone_number),
    };
  }
  return {
    name,
    phoneNumber: payee.phone_number,
    network: defaultNetwork(payee.phone_number),
    isDefault: true,
  };
}
