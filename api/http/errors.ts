import type { ApiErrorBody } from '../../contracts/errors.ts';

/**
 * An error of the HTTP layer itself (not signed in, a bad header, a body that is not JSON, a
 * cross-site write), with a status and a message that is safe to show to the user. Services
 * throw domain errors instead (lib/domain-errors.ts); the error handler maps them to these.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const notSignedIn = () => new HttpError(401, 'Please sign in to continue');
export const forbidden = (message = "You don't have permission to do that") =>
  new HttpError(403, message);
