import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One structured line per request; never headers, so neither keys nor device ids reach the log. */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
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
    }
  };
}
