import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { IDEMPOTENCY_HEADER } from '../../contracts/paths.ts';
import type { Database, Db } from '../db/database.ts';
import { sha256, stableStringify } from '../lib/crypto.ts';
import { HttpError, unprocessable } from './errors.ts';

const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

export interface WriteResult<T> {
  statusCode: number;
  body: T;
}

/**
 * Runs a create in one transaction. With an Idempotency-Key, a replay of the same request
 * gets the stored first response and writes nothing; the key on another request is refused.
 */
export async function idempotentWrite<T>(
  db: Db,
  request: FastifyRequest,
  userId: number,
  now: Date,
  write: (trx: Transaction<Database>) => Promise<WriteResult<T>>,
): Promise<WriteResult<T> & { replayed: boolean }> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) {
    return { ...(await db.transaction().execute(write)), replayed: false };
  }
  if (!KEY_FORMAT.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  }
  const scope = `${request.method} ${request.routeOptions.url}`;
  const requestHash = sha256(
    stableStringify({ scope, params: request.params, body: request.body }),
  );

  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (stored) {
      if (stored.request_hash !== requestHash) {
        throw unprocessable('This Idempotency-Key was already used for a different request');
      }
      return {
        statusCode: stored.status_code,
        body: JSON.parse(stored.response_body) as T,
        replayed: true,
      };
    }
    const result = await write(trx);
    await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        scope,
        request_hash: requestHash,
        status_code: result.statusCode,
        response_body: JSON.stringify(result.body),
        created_at: now.toISOString(),
      })
      .execute();
    return { ...result, replayed: false };
  });
}
