// Its own small module: error displays read it without pulling in the API client (hono/client).

/**
 * An API answer that was not OK, with the request id a 500 carries for the user to quote, and the
 * input field a 400 names (so a form can show the refusal under that field).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly requestId?: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request id an error carries (a failed API answer's), if any. */
export const requestIdOf = (error: unknown) => (error instanceof ApiError ? error.requestId : undefined);

/** A refused answer as an ApiError: the server's `error` sentence, else `failure`, else the status. */
export function apiErrorFrom(body: unknown, status: number, failure?: string): ApiError {
  const refusal = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: unknown;
    requestId?: unknown;
    field?: unknown;
  };
  const sentence =
    typeof refusal.error === 'string' && refusal.error ? refusal.error : failure || `Request failed (${status})`;
  return new ApiError(
    sentence,
    status,
    typeof refusal.requestId === 'string' ? refusal.requestId : undefined,
    typeof refusal.field === 'string' ? refusal.field : undefined,
  );
}
