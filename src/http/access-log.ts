import type { Context, Middleware, Next } from 'koa';
import type { Logger } from 'pino';

async function logged(logger: Logger, ctx: Context, next: Next): Promise<void> {
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
}

/** One structured line per request; never headers, so neither keys nor device ids reach the log. */
export function accessLog(logger: Logger): Middleware {
  // Below info (LOG_LEVEL=warn, as the bench runs) a request costs nothing here: not even an async frame.
  return (ctx, next) => (logger.isLevelEnabled('info') ? logged(logger, ctx, next) : next());
}
