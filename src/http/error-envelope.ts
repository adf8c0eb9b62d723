import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, unavailable } from '../errors';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * Client errors raised below us by Koa or a body reader (http-errors with expose set), turned
 * into the contract's codes. A store's own 4xx (an Elasticsearch 400, say) is not the
 * client's fault and never becomes a client-input code: it falls through to 500.
 */
function fromFrameworkError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const e = error as HttpLikeError;
  const status = e?.status ?? e?.statusCode;
  if (!status || status >= 500 || e.expose !== true) return undefined;
  if (status === 413 || e.type === 'entity.too.large') return new ApiError(413, 'payload_too_large', 'request body is larger than the server accepts');
  if (status === 415) return new ApiError(415, 'unsupported_media_type', 'request body must be JSON (Content-Type: application/json)');
  if (status === 404) return new ApiError(404, 'not_found', 'no such resource');
  return new ApiError(status, 'invalid_request', 'the request could not be processed');
}

// 57014: the server cancelled a statement that ran past STORE_TIMEOUT_MS.
const STORE_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57014', '57P01', '57P03', '08006', '08001', '08003']);

/** A lost connection to Postgres or Elasticsearch is the service being degraded, not a bug: 503. */
function isStoreUnavailable(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string; meta?: { statusCode?: number } };
  if (!e) return false;
  if (e.name === 'ConnectionError' || e.name === 'TimeoutError' || e.name === 'NoLivingConnectionsError') return true;
  // Elasticsearch answering but not serving: shards still recovering after a restart, or queues full.
  if (e.name === 'ResponseError' && (e.meta?.statusCode === 503 || e.meta?.statusCode === 429)) return true;
  if (e.code && STORE_DOWN_CODES.has(e.code)) return true;
  // pg's client-side timeouts (connect, pool checkout, query_timeout) and dead connections carry no code.
  return /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable/i.test(e.message ?? '');
}

/** The envelope of one error, on the context: status, headers and body; internals hidden, logged. */
function render(logger: Logger, ctx: Context, caught: unknown): void {
  let error = fromFrameworkError(caught);
  if (!error && isStoreUnavailable(caught)) {
    logger.warn({ err: caught, requestId: ctx.state.requestId }, 'store unavailable');
    error = unavailable();
  }
  if (!error) {
    logger.error({ err: caught, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path }, 'unhandled error');
    error = new ApiError(500, 'internal_error', 'something went wrong on our side; quote the requestId if you report it');
  }
  const { param, details, extra, retryAfterSeconds, headers } = error.options;
  ctx.status = error.status;
  for (const [name, value] of Object.entries(headers ?? {})) ctx.set(name, value);
  if (retryAfterSeconds !== undefined) ctx.set('Retry-After', String(retryAfterSeconds));
  if (error.status === 401) ctx.set('WWW-Authenticate', 'Bearer');
  ctx.body = {
    error: {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(param !== undefined && { param }),
      ...(details !== undefined && { details }),
      ...extra,
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      requestId: ctx.state.requestId,
    },
  };
}

/** Renders every error as {error: {status, code, message, requestId, ...}} and hides internals of the rest. */
export function errorEnvelope(logger: Logger): Middleware {
  // Not async (a frame less on every request): an answer passes untouched, a 404 nothing answered and any error are rendered.
  return (ctx, next) =>
    next().then(
      () => {
        if (ctx.status === 404 && ctx.body === undefined) render(logger, ctx, new ApiError(404, 'not_found', `no route for ${ctx.method} ${ctx.path}`));
      },
      (caught: unknown) => render(logger, ctx, caught),
    );
}
