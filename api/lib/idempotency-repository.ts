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
