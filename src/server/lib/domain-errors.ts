/**
 * What a service throws when it refuses: a kind and a sentence a person can act on. Services never
 * speak HTTP; `app.onError` maps each kind to its status once (docs/architecture.md, "Errors").
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429 | 502,
    message: string,
    /** Seconds until a rate limit lets the caller try again (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is well-formed but cannot be accepted (400). */
export class InvalidError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

/** The caller may not do this (403). */
export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

/** The row is not there, or is not the caller's (404: the two are never told apart). */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** The row's state does not allow this now (409). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * A bound was reached: records per client ('records', 409), a rate ('rate', 429, with the seconds
 * to wait), or a size ('size', 413). The message states the limit.
 */
export class LimitReachedError extends DomainError {
  constructor(message: string, kind: 'records' | 'rate' | 'size' = 'records', retryAfter?: number) {
    super(kind === 'rate' ? 429 : kind === 'size' ? 413 : 409, message, retryAfter);
  }
}

/** A service the portal depends on (Stripe) failed or could not be reached (502). */
export class UpstreamError extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}
