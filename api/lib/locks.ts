/**
 * The app's named locks: what must take turns across processes because it is checked by reading
 * before writing. Each is held by the caller's transaction until it commits or rolls back
 * (lockKey: nothing on SQLite, whose writers take turns already; an advisory lock on
 * PostgreSQL). A transaction takes them in the order listed, so no two wait on each other:
 * a phone, then an address group; a user, then an engagement, then a wallet number, then a
 * recipient's messages. Taking one it holds already costs nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { lockKey } from '../db/dialect.ts';

type Trx = Kysely<Database>;

/**
 * One user's writes: an idempotency key looked up before it is stored, the caps and rates
 * counted over the user's own rows, a second accepted booking on the artist's day.
 */
export const lockUser = (trx: Trx, userId: number) => lockKey(trx, `user:${userId}`);

/**
 * One booking or application and its escrow, which both sides, the provider's webhooks and the
 * reconciler change: whether it still wants a payment, has a charge under way, is confirmed.
 */
export const lockEngagement = (trx: Trx, ref: { type: string; id: number }) =>
  lockKey(trx, `engagement:${ref.type}:${ref.id}`);

/** The handset prompts one wallet number gets an hour, from every payer. */
export const lockWallet = (trx: Trx, phone: string) => lockKey(trx, `wallet:${phone}`);

/** A recipient's hourly allowance of one kind of message, and their open summary of it. */
export const lockRecipientKind = (trx: Trx, userId: number, kind: string) =>
  lockKey(trx, `messages:${userId}:${kind}`);

/** One phone number's sign-in: its codes, their wrong tries, the user it makes. */
export const lockPhone = (trx: Trx, phone: string) => lockKey(trx, `phone:${phone}`);

/**
 * Sign-in codes sent to a phone and asked for or guessed from an address group, counted under
 * their limits. The phone first, then the group. (The global caps are counted without a lock:
 * concurrent requests may pass them by a few, out of thousands.)
 */
export async function lockSignIn(trx: Trx, who: { phone: string; group: string }) {
  await lockPhone(trx, who.phone);
  await lockKey(trx, `address-group:${who.group}`);
}
