import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../contracts/paths.ts';
import { sha256, stableStringify } from '../lib/crypto.ts';
import type { IdempotencyKey, WriteOptions } from '../lib/idempotent-write.ts';
import { HttpError } from './errors.ts';

const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The params and body as they arrived, before the contracts replace them with their output: a
 * request's hash is taken from these, so keys stored before the contracts did so still match.
 */
const arrived = new WeakMap<FastifyRequest, { params: unknown; body: unknown }>();

export function registerIdempotencyInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    arrived.set(request, { params: request.params, body: request.body });
  });
}

/**
 * The request's Idempotency-Key as the write store takes it, or undefined without the header;
 * 400 for a key of the wrong form. `statusCode` is what the route answers when the write is
 * done: the answer a replay gets too.
 */
function idempotencyOf(request: FastifyRequest, statusCode: number): IdempotencyKey | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  }
  const scope = `${request.method} ${request.routeOptions.url}`;
  const input = arrived.get(request) ?? { params: request.params, body: request.body };
  const requestHash = sha256(stableStringify({ scope, ...input }));
  return { key, scope, requestHash, statusCode };
}

/**
 * A keyed write's options from its request: exactly once with the request's Idempotency-Key,
 * a replay answered with `statusCode` as the write was.
 */
export const keyedWrite = (request: FastifyRequest, statusCode: number): WriteOptions => ({
  idempotency: idempotencyOf(request, statusCode),
});

/** A route handler that answers 201 with what `create` made, exactly once (keyedWrite). */
export function created<Request extends FastifyRequest>(
  create: (request: Request, options: WriteOptions) => Promise<unknown>,
) {
  return async (request: Request, reply: FastifyReply) =>
    reply.code(201).send(await create(request, keyedWrite(request, 201)));
}
