import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database.ts';

/** The tables whose rows count towards a per-user limit over a sliding window of time. */
type Counted = 'jobs' | 'idempotency_keys' | 'user_actions';

/**
 * When the `nth` newest of `rows` was created, or undefined when there are fewer: with `rows`
 * one user's rows of a window, the row that must age out of it before one more is allowed.
 */
export async function nthNewest<T extends Counted>(
  rows: SelectQueryBuilder<Database, T, { created_at: string }>,
  nth: number,
): Promise<string | undefined> {
  const row = await rows
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.created_at;
}
