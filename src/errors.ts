/**
 * The one error type of the service. Everything that answers non-2xx is an ApiError by
 * the time it leaves the error middleware, which renders it as the contract's envelope.
 * It sits at the bottom of the core, not in http, because the pieces below http raise it
 * too (a forged cursor is 400 invalid_cursor wherever it is decoded).
 */
export interface ErrorDetail {
  param: string;
  message: string;
}

export interface ApiErrorOptions {
  param?: string;
  details?: ErrorDetail[];
  /** Extra envelope fields some codes carry (scope on report caps, canRenameAt on rename throttling). */
  extra?: Record<string, unknown>;
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const invalidParameter = (param: string, message: string) => new ApiError(400, 'invalid_parameter', message, { param });
export const missingParameter = (param: string, message = `${param} is required`) => new ApiError(400, 'missing_parameter', message, { param });
export const unknownParameter = (param: string, allowed: string[]) =>
  new ApiError(400, 'unknown_parameter', `${param} is not a parameter of this endpoint; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`, { param });
export const invalidBody = (message: string, details?: ErrorDetail[], param?: string) => new ApiError(400, 'invalid_body', message, { details, param });
export const invalidCursor = () =>
  new ApiError(400, 'invalid_cursor', 'cursor is not valid for this query: pass back meta.nextCursor unchanged, with the same filters and sort', { param: 'cursor' });
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found`);
export const unavailable = (message = 'a backing store is unavailable; retry shortly') =>
  new ApiError(503, 'unavailable', message, { retryAfterSeconds: 5 });
