import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { DAY_SECONDS, USAGE_CAPS, waitText } from './caps.ts';
import { addSeconds, type Clock } from './clock.ts';
import { LimitReached, RuleBroken } from './domain-errors.ts';
import {
  findIdempotencyKey,
  insertIdempotencyKey,
  nthNewestKeySince,
} from './idempotency-repository.ts';
import { lockUser } from './locks.ts';

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
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/** What a write's work may tell the store about itself. */
export interface WriteContext {
  /**
   * The write changed nothing (a status set to the one it has): no idempotency record is kept,
   * since a replay of the request computes the same answer from the same state.
   */
  unchanged(): void;
}

/**
 * Runs a write in one transaction, the user's writes taking turns (lockUser) so that what it
 * checks before writing still holds when it writes, in any number of processes. With a key, a replay of the same request gets the stored
 * first result and writes nothing; the key on another request is refused (RuleBroken). With
 * `userWriteCaps`, a user who stored USAGE_CAPS.idempotencyKeys.perUserDay records in the last
 * day has any new keyed write refused (LimitReached) until the oldest of them is a day old.
 */
export async function runWrite<T>(
  db: Db,
  {
    userId,
    now,
    idempotency,
    userWriteCaps,
  }: {
    userId: number;
    now: Date;
    idempotency?: IdempotencyKey | undefined;
    /** Whether the per-user caps apply (USER_WRITE_CAPS). */
    userWriteCaps: boolean;
  },
  work: (trx: Transaction<Database>, write: WriteContext) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  let changed = true;
  const write: WriteContext = {
    unchanged() {
      changed = false;
    },
  };
  if (!idempotency) {
    const value = await db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      return work(trx, write);
    });
    return { value, replayed: false };
  }
  const { key, scope, requestHash, statusCode } = idempotency;
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const stored = await findIdempotencyKey(trx, userId, key);
    if (stored) {
      if (stored.request_hash !== requestHash) throw new RuleBroken(KEY_REUSED);
      return { value: JSON.parse(stored.response_body) as T, replayed: true };
    }
    if (userWriteCaps) await enforceKeysPerDay(trx, userId, now);
    const value = await work(trx, write);
    if (changed) {
      await insertIdempotencyKey(trx, {
        user_id: userId,
        key,
        scope,
        request_hash: requestHash,
        status_code: statusCode,
        response_body: JSON.stringify(value),
        created_at: now.toISOString(),
      });
    }
    return { value, replayed: false };
  });
}

/** Refuses a new keyed write while the user has stored a day's worth of records. */
async function enforceKeysPerDay(trx: Kysely<Database>, userId: number, now: Date) {
  const max = USAGE_CAPS.idempotencyKeys.perUserDay;
  const since = addSeconds(now, -DAY_SECONDS).toISOString();
  const filledAt = await nthNewestKeySince(trx, userId, since, max);
  if (filledAt === undefined) return;
  const waitSeconds = (Date.parse(filledAt) - now.getTime()) / 1000 + DAY_SECONDS;
  throw new LimitReached(
    `You have sent ${max} requests today, the most one account may send in a day. Please try again in ${waitText(waitSeconds)}.`,
    waitSeconds,
  );
}

/** How a service's write was asked for: with a key, it is exactly-once. */
export interface WriteOptions {
  idempotency?: IdempotencyKey | undefined;
}

/** What a service whose writes go through runWrite is built from (app.ts). */
export interface WriteServiceDeps {
  db: Db;
  clock: Clock;
  /** Whether the per-user caps apply (USER_WRITE_CAPS). */
  userWriteCaps: boolean;
}
