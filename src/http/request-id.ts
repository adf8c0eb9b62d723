import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's X-Request-Id when it is a sane token, otherwise makes one; echoes it on every response. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const id = ACCEPTED.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
