import type Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';

/** What @koa/router's Layer exposes and its dispatch reads (public fields of its Layer class). */
interface Layer {
  path: string | RegExp;
  name?: string | null;
  methods: string[];
  paramNames: unknown[];
  stack: Middleware[];
  match(path: string): boolean;
  captures(path: string): string[];
  params(path: string, captures: string[], existing?: Record<string, string>): Record<string, string>;
}

type RouterContext = ParameterizedContext & {
  captures?: string[];
  params?: Record<string, string>;
  routerPath?: string | RegExp;
  routerName?: string;
  _matchedRoute?: string | RegExp;
  _matchedRouteName?: string;
  matched?: Layer[];
  router?: Router;
  routeMatched?: boolean;
};

/** One literal path asked with one method: what the router's match gives for it, and the chain it would compose. */
interface Dispatch {
  matched: Layer[];
  matchedRoute?: { path: string | RegExp; name?: string };
  chain: Middleware;
}

/** The router's own per-layer step before the layer's middleware (@koa/router's _buildMiddlewareChain), for one fixed request path. */
function layerStep(layer: Layer, requestPath: string): Middleware {
  // The path is fixed, so are its captures: matched once here, copied per request (the router gives each request its own array).
  const captures = layer.captures(requestPath);
  return (context, next) => {
    const ctx = context as RouterContext;
    ctx.captures = captures.slice();
    const request = ctx.request as unknown as { params: Record<string, string> };
    request.params = layer.params(requestPath, ctx.captures || [], ctx.params);
    ctx.params = request.params;
    ctx.routerPath = layer.path;
    ctx.routerName = layer.name || undefined;
    ctx._matchedRoute = layer.path;
    if (layer.name) ctx._matchedRouteName = layer.name;
    return next();
  };
}

/** One step of a composed chain (koa-compose's dispatch): next() at most once per step, a throw as a rejection. */
function step(steps: Middleware[], ctx: ParameterizedContext, next: () => Promise<unknown>, i: number, called: { index: number }): Promise<unknown> {
  if (i <= called.index) return Promise.reject(new Error('next() called multiple times'));
  called.index = i;
  const fn = i === steps.length ? next : steps[i];
  if (!fn) return Promise.resolve();
  try {
    // An inline arrow, not a named closure: tsx (esbuild keepNames) names each named closure with a defineProperty, per request.
    return Promise.resolve(fn(ctx, () => step(steps, ctx, next, i + 1, called)));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The middleware in order, as one, composed once. */
function chainOf(steps: Middleware[]): Middleware {
  return (ctx, next) => step(steps, ctx, next, 0, { index: -1 });
}

/**
 * A router's middleware that does the same as router.routes(), with the per-request work of a
 * literal path done once: a request whose exact path is one of the router's literal paths (a
 * layer without parameters, with a trailing slash where the router is not strict) and whose
 * method a layer serves takes the chain the router would compose for it, found in a map and
 * composed at startup. Any other request (a template path, a method no layer serves, an unknown
 * path) goes to router.routes() itself. The map is built from router.match() on each literal path,
 * so it cannot disagree with the router on what matches, in which order, or what the context
 * carries afterwards (params, _matchedRoute for the metrics, matched).
 *
 * router.routes() would compose the matched layers' chain on every request (flattening arrays),
 * read the Host header and test every layer's regular expression: a measurable part of a cheap
 * request. Mount every route before calling this: later routes are seen only by the fallback.
 */
export function routerDispatch(router: Router): Middleware {
  const routes = router.routes() as Middleware;
  const opts = router.opts as { strict?: boolean; exclusive?: boolean; host?: unknown; routerPath?: string };
  const stack = router.stack as unknown as Layer[];
  // Options that change what routes() does per request: leave such a router to routes() alone.
  if (opts.exclusive || opts.host || opts.routerPath || (router as unknown as { host?: unknown }).host) return routes;

  const literal = new Map<string, Map<string, Dispatch>>();
  const methods = new Set(stack.flatMap((layer) => layer.methods));
  for (const layer of stack) {
    if (typeof layer.path !== 'string' || layer.paramNames.length > 0 || layer.methods.length === 0) continue;
    const candidates = opts.strict || layer.path.endsWith('/') ? [layer.path] : [layer.path, `${layer.path}/`];
    for (const path of candidates) {
      // Only a path the layer's own expression takes as written (no pattern characters, no encoding).
      if (!layer.match(path) || literal.has(path)) continue;
      const byMethod = new Map<string, Dispatch>();
      for (const method of methods) {
        const found = router.match(path, method) as unknown as { path: Layer[]; pathAndMethod: Layer[]; route: boolean };
        if (!found.route) continue;
        let routeLayer: Layer | undefined;
        for (let i = found.pathAndMethod.length - 1; i >= 0 && !routeLayer; i--) if (found.pathAndMethod[i].methods.length > 0) routeLayer = found.pathAndMethod[i];
        byMethod.set(method, {
          matched: found.path,
          matchedRoute: routeLayer && { path: routeLayer.path, name: routeLayer.name ?? undefined },
          chain: chainOf(found.pathAndMethod.flatMap((each) => [layerStep(each, path), ...each.stack])),
        });
      }
      if (byMethod.size) literal.set(path, byMethod);
    }
  }

  const dispatch: Middleware = (context, next) => {
    // A path rewritten for routing (newRouterPath) is routed by the router itself.
    const found = (context as { newRouterPath?: string }).newRouterPath ? undefined : literal.get(context.path)?.get(context.method);
    if (!found) return routes(context, next);
    const ctx = context as RouterContext;
    // What router.routes() leaves on the context before running the chain.
    if (ctx.matched) ctx.matched.push(...found.matched);
    else ctx.matched = found.matched.slice();
    ctx.router = router;
    ctx.routeMatched = true;
    if (found.matchedRoute) {
      ctx._matchedRoute = found.matchedRoute.path;
      if (found.matchedRoute.name) ctx._matchedRouteName = found.matchedRoute.name;
    }
    return found.chain(context, next);
  };
  return dispatch;
}
