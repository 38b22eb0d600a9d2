import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { addSeconds } from '../lib/clock.ts';

/**
 * Whose recent rows a limit counts: one phone from one address group, one phone, one address
 * group (http/address-group.ts), all.
 */
export type LimitScope = 'phone-group' | 'phone' | 'group' | 'all';

export interface Limit {
  per: LimitScope;
  windowSeconds: number;
  max: number;
  /** The 429 message when the limit is reached. */
  message: string;
}

export const limit = (
  per: LimitScope,
  windowSeconds: number,
  max: number,
  message: string,
): Limit => ({ per, windowSeconds, max, message });

export interface LimitUsage {
  limit: Limit;
  count: number;
  /** When the oldest counted row leaves the window. */
  retryAfterSeconds: number;
}

/** Sends (otp_sends) or wrong codes (otp_failures): rows of a phone, an address group and a time. */
export type CountedEvents = 'otp_sends' | 'otp_failures';

/** How many rows each limit counts now, in the order given. */
export async function limitUsage(
  db: Kysely<Database>,
  events: CountedEvents,
  limits: readonly Limit[],
  who: { phone: string; group: string },
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

/** The first limit that is used up, if any. */
export const reachedLimit = (usage: readonly LimitUsage[]) =>
  usage.find((item) => item.count >= item.limit.max);
