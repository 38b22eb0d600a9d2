import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/database.ts';
import { nthNewest } from './window-repository.ts';

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
  return nthNewest(
    db
      .selectFrom('idempotency_keys')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', since),
    nth,
  );
}
