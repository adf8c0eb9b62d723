import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's X-Request-Id when it is a sane token, otherwise makes one; echoes it on every response. */
export function requestId(): Middleware {
  // Not async, and Node's own header table and setHeader rather than Koa's get/set wrappers: this runs on every request.
  return (ctx, next) => {
    // A repeated X-Request-Id arrives joined with ", ", which is no sane token: a new id, as ever.
    const given = ctx.req.headers['x-request-id'];
    const id = typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.res.setHeader('X-Request-Id', id);
    return next();
  };
}
