import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One structured line per request; never headers, so neither keys nor device ids reach the log. */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    // Below info (LOG_LEVEL=warn, as the bench runs) a request costs nothing here.
    if (!logger.isLevelEnabled('info')) return next();
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          mode: ctx.state.key?.mode,
        },
        'request',
      );
    }
  };
}
