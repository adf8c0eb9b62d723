import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ApiError } from '../errors';

/**
 * A path some route serves, asked with a method none of them serves: 405 with Allow, in the
 * envelope, for every method name (TRACE, PROPFIND, QUERY... included); OPTIONS lists the
 * methods. An unknown path stays 404. The routers themselves are asked, so this cannot
 * disagree with routing.
 */
export function methodNotAllowed(routers: Router[]): Middleware {
  const check = (ctx: Context) => {
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    const allowed = new Set<string>();
    for (const router of routers) {
      const layers = router.match(ctx.path, ctx.method).path;
      // A literal path beats a template (routing skips the template too): /restaurants/batch is POST only.
      const literal = layers.filter((layer) => layer.paramNames.length === 0);
      for (const layer of literal.length ? literal : layers) for (const method of layer.methods) allowed.add(method);
    }
    if (allowed.size === 0) return;
    const allow = [...allowed].join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', allow);
      return;
    }
    throw new ApiError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${allow}`, { headers: { Allow: allow } });
  };
  // Not async: every request passes here, and only a 404 has anything to check.
  return (ctx, next) => next().then(() => check(ctx));
}
