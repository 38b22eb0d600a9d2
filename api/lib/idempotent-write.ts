import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { RuleBroken } from './domain-errors.ts';
import { findIdempotencyKey, insertIdempotencyKey } from './idempotency-repository.ts';

/**
 * What makes a write exactly-once: a key the client chose, scoped to the user, with what the
 * write was (`scope`, e.g. "POST /api/jobs") and a hash of the request. Whoever receives the
 * request builds it (the web API from the Idempotency-Key header); a door without keys (USSD)
 * passes none.
 */
export interface IdempotencyKey {
  key: string;
  scope: string;
  requestHash: string;
  /** The status the first answer had, stored beside it for the door that replays it. */
  statusCode: number;
}

/** The one error message for a key reused on another request. */
const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/**
 * Runs a write in one transaction. With a key, a replay of the same request gets the stored
 * first result and writes nothing; the key on another request is refused (RuleBroken).
 */
export async function runWrite<T>(
  db: Db,
  { userId, now, idempotency }: { userId: number; now: Date; idempotency?: IdempotencyKey },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (!idempotency) return { value: await db.transaction().execute(work), replayed: false };
  const { key, scope, requestHash, statusCode } = idempotency;
  return db.transaction().execute(async (trx) => {
    const stored = await findIdempotencyKey(trx, userId, key);
    if (stored) {
      if (stored.request_hash !== requestHash) throw new RuleBroken(KEY_REUSED);
      return { value: JSON.parse(stored.response_body) as T, replayed: true };
    }
    const value = await work(trx);
    await insertIdempotencyKey(trx, {
      user_id: userId,
      key,
      scope,
      request_hash: requestHash,
      status_code: statusCode,
      response_body: JSON.stringify(value),
      created_at: now.toISOString(),
    });
    return { value, replayed: false };
  });
}

/** How a service's write was asked for: with a key, it is exactly-once. */
export interface WriteOptions {
  idempotency?: IdempotencyKey | undefined;
}
