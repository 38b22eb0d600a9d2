import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storageFailureCode } from '../db/dialect.ts';
import {
  Busy,
  Conflict,
  DomainError,
  Forbidden,
  GatewayFailed,
  InvalidInput,
  LimitReached,
  NotFound,
  RuleBroken,
  TooLarge,
  Unauthenticated,
  UnsupportedMedia,
} from '../lib/domain-errors.ts';
import { HttpError } from './errors.ts';

/** The one place a service's refusal becomes an HTTP answer: its status and headers. */
const DOMAIN_STATUSES: ReadonlyArray<
  [new (...args: never[]) => DomainError, HttpError['statusCode']]
> = [
  [InvalidInput, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [UnsupportedMedia, 415],
  [RuleBroken, 422],
  [LimitReached, 429],
  [GatewayFailed, 502],
  [Busy, 503],
];

/** A wait as Retry-After says it: whole seconds, at least one. */
const retryAfter = (seconds: number) => String(Math.max(1, Math.ceil(seconds)));

/** The HTTP answer to a domain error; a kind missing from the table is a bug (a 500). */
function domainErrorToHttp(error: DomainError): HttpError | undefined {
  const status = DOMAIN_STATUSES.find(([kind]) => error instanceof kind)?.[1];
  if (status === undefined) return undefined;
  const wait =
    error instanceof LimitReached || error instanceof Busy ? error.retryAfterSeconds : undefined;
  return new HttpError(
    status,
    error.message,
    error.fieldErrors,
    wait === undefined ? {} : { 'retry-after': retryAfter(wait) },
  );
}

/** Fastify's own client errors that have a message of their own. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length',
  FST_ERR_BAD_URL: 'That address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'That address is too long',
};

/** Any other client error (a static file refused, a body cut off) by its status. */
const STATUS_MESSAGES: Record<number, string> = {
  403: "You don't have permission to do that",
  404: 'Not found',
  405: 'That method is not allowed here',
  408: 'The request took too long',
  413: 'The request is too large',
  414: 'That address is too long',
  415: 'Send the request body as JSON',
  431: 'The request headers are too large',
};

function clientErrorMessage(error: { code?: string; statusCode?: number }): string {
  return (
    (error.code && FASTIFY_MESSAGES[error.code]) ||
    STATUS_MESSAGES[error.statusCode ?? 400] ||
    'That request is not valid'
  );
}

/** Seconds a client is asked to wait before trying a write again after a storage failure. */
const STORAGE_RETRY_SECONDS = 60;

/** One error shape for every failure: { message, errors? }. 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    const answer =
      error instanceof DomainError
        ? domainErrorToHttp(error)
        : error instanceof HttpError
          ? error
          : undefined;
    if (answer) {
      return reply.code(answer.statusCode).headers(answer.headers).send(answer.toBody());
    }
    const status = error instanceof DomainError ? 500 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientErrorMessage(error as FastifyError) });
    }
    const failure = storageFailureCode(error);
    if (failure) {
      // The original error is what the operator needs to see. Its code is logged apart: the
      // logger blanks every `*.code` (sign-in codes), err.code included.
      request.log.error({ err: error, failure }, `storage failure (${failure}): nothing was saved`);
      return reply
        .code(503)
        .header('retry-after', String(STORAGE_RETRY_SECONDS))
        .send({ message: "We couldn't save that just now. Please try again in a minute." });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * Errors Fastify meets before routing (a malformed percent-escape in the address, a path
 * parameter over the length limit): answered in the same shape as every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ message: clientErrorMessage(error) });
}
