/**
 * What a service says when it refuses: the kind of refusal and a message safe to show the user,
 * never an HTTP status. Every door (the web API, USSD, a payment webhook) answers them its own
 * way; the web API maps them in one place, its error handler (http/error-handler.ts).
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Messages keyed by the input field they concern. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist (or is not the asker's to see). */
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/** The caller's credential is missing or not valid (a webhook's signature). */
export class Unauthenticated extends DomainError {}

/** The asker may not do this. */
export class Forbidden extends DomainError {
  constructor(
    message = "You don't have permission to do that",
    fieldErrors?: Record<string, string>,
  ) {
    super(message, fieldErrors);
  }
}

/** The request clashes with the state things are in (a second application, a move not allowed). */
export class Conflict extends DomainError {}

/** A business rule refuses the request as it stands (an amount that does not add up, a cap). */
export class RuleBroken extends DomainError {}

/** The input is wrong in a way the contract cannot see (a date in the past by the server's clock). */
export class InvalidInput extends DomainError {}

/** A rate limit: the same request may succeed after `retryAfterSeconds`. */
export class LimitReached extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    fieldErrors?: Record<string, string>,
  ) {
    super(message, fieldErrors);
  }
}

/** An outside service we rely on (the SMS gateway) failed; nothing was done. */
export class GatewayFailed extends DomainError {}

/** Too busy right now; try again after `retryAfterSeconds`. */
export class Busy extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** An upload of a kind we do not take. */
export class UnsupportedMedia extends DomainError {}

/** An upload too large to take. */
export class TooLarge extends DomainError {}
