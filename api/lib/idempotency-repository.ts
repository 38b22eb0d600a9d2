import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/database.ts';

type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

export const findIdempotencyKey = (db: Kysely<Database>, userId: number, key: string) =>
  db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

export async function insertIdempotencyKey(
  db: Kysely<Database>,
  row: IdempotencyKeyRow,
): Promise<void> {
  await db.insertInto('idempotency_keys').values(row).execute();
}

/** When the user's `nth` newest record since `since` was stored, or undefined if fewer. */
export async function nthNewestKeySince(
  db: Kysely<Database>,
  userId: number,
  since: string,
  nth: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.created_at;
}
