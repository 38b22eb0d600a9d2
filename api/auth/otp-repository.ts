import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';
import type { Limit, LimitUsage } from './otp-limits.ts';

/** Sends (otp_sends) or wrong codes (otp_failures): rows of a phone, an address group and a time. */
type CountedEvents = 'otp_sends' | 'otp_failures';

/** Who a sign-in event is about: the phone and the address group it came from (lib/address-group.ts). */
interface PhoneAndGroup {
  phone: string;
  group: string;
}

/**
 * What a code is for: signing in, or changing the payout number. A code is found only under its
 * own purpose, so one kind never does the other's work.
 */
export type CodePurpose = 'sign_in' | 'payout';

/** A code's owner: the phone, the group that asked for it, and what it is for. */
interface CodeOwner extends PhoneAndGroup {
  purpose: CodePurpose;
}

/** How many rows each limit counts now, in the order given. */
export async function limitUsage(
  db: Kysely<Database>,
  events: CountedEvents,
  limits: readonly Limit[],
  who: PhoneAndGroup,
  now: Date,
): Promise<LimitUsage[]> {
  return Promise.all(
    limits.map(async (limit) => {
      // Both tables have the same phone_number, client_ip (the address group) and created_at.
      let query = db
        .selectFrom(events as 'otp_sends')
        .select(({ fn }) => [fn.countAll<number>().as('count'), fn.min('created_at').as('oldest')])
        .where('created_at', '>', addSeconds(now, -limit.windowSeconds).toISOString());
      if (limit.per === 'phone' || limit.per === 'phone-group') {
        query = query.where('phone_number', '=', who.phone);
      }
      if (limit.per === 'group' || limit.per === 'phone-group') {
        query = query.where('client_ip', '=', who.group);
      }
      const { count, oldest } = await query.executeTakeFirstOrThrow();
      const leaves = oldest ? Date.parse(oldest) + limit.windowSeconds * 1000 : now.getTime();
      return {
        limit,
        count: Number(count),
        retryAfterSeconds: (leaves - now.getTime()) / 1000,
      };
    }),
  );
}

/** Records a sign-in event (a send, or a wrong code) for the limits to count. */
export async function recordEvent(
  db: Kysely<Database>,
  events: CountedEvents,
  who: PhoneAndGroup,
  now: Date,
): Promise<void> {
  await db
    .insertInto(events as 'otp_sends')
    .values({ phone_number: who.phone, client_ip: who.group, created_at: now.toISOString() })
    .execute();
}

/** Stores a fresh code for the phone and group, replacing the one that group asked for. */
export async function storeCode(
  db: Kysely<Database>,
  who: CodeOwner,
  code: { hash: string; deliveryMethod: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('otp_codes')
    .values({
      phone_number: who.phone,
      purpose: who.purpose,
      client_ip: who.group,
      code_hash: code.hash,
      delivery_method: code.deliveryMethod,
      attempts: 0,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['phone_number', 'purpose', 'client_ip']).doUpdateSet((eb) => ({
        code_hash: eb.ref('excluded.code_hash'),
        delivery_method: eb.ref('excluded.delivery_method'),
        attempts: 0,
        created_at: eb.ref('excluded.created_at'),
        expires_at: eb.ref('excluded.expires_at'),
      })),
    )
    .execute();
}

/** The phone's codes for `purpose` still valid at `now` with tries left, from any group. */
export function liveCodes(
  db: Kysely<Database>,
  phone: string,
  purpose: CodePurpose,
  now: Date,
  maxWrongTries: number,
) {
  return db
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone_number', '=', phone)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now.toISOString())
    .where('attempts', '<', maxWrongTries)
    .execute();
}

export async function setCodeAttempts(
  db: Kysely<Database>,
  who: CodeOwner,
  attempts: number,
): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ attempts })
    .where('phone_number', '=', who.phone)
    .where('purpose', '=', who.purpose)
    .where('client_ip', '=', who.group)
    .execute();
}

/** Deletes the code one group asked for. */
export async function deleteCode(db: Kysely<Database>, who: CodeOwner): Promise<void> {
  await db
    .deleteFrom('otp_codes')
    .where('phone_number', '=', who.phone)
    .where('purpose', '=', who.purpose)
    .where('client_ip', '=', who.group)
    .execute();
}

/**
 * Deletes every code of the phone for `purpose`, whichever group asked for it; answers how many
 * there were (0: another request used them up first).
 */
export async function deleteCodesOf(
  db: Kysely<Database>,
  phone: string,
  purpose: CodePurpose,
): Promise<number> {
  const result = await db
    .deleteFrom('otp_codes')
    .where('phone_number', '=', phone)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps at most `keep` live codes of other groups (the newest) beside the one `who` just got, so
 * a guess meets at most `keep + 1` codes; dead and expired codes of the phone go too.
 */
export async function pruneOtherCodes(
  db: Kysely<Database>,
  who: CodeOwner,
  keep: number,
  now: Date,
  maxWrongTries: number,
): Promise<void> {
  await db
    .deleteFrom('otp_codes')
    .where('phone_number', '=', who.phone)
    .where('purpose', '=', who.purpose)
    .where('client_ip', '<>', who.group)
    .where(
      'client_ip',
      'not in',
      db
        .selectFrom('otp_codes')
        .select('client_ip')
        .where('phone_number', '=', who.phone)
        .where('purpose', '=', who.purpose)
        .where('expires_at', '>', now.toISOString())
        .where('attempts', '<', maxWrongTries)
        .where('client_ip', '<>', who.group)
        .orderBy('created_at', 'desc')
        .limit(keep),
    )
    .execute();
}
