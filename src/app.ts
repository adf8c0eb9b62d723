import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config';
import { consolePages } from './console/pages';
import { mountRoutes, Route, uncountedRequests } from './contract/routes';
import { ExportSlots } from './contract/export-slots';
import type { OpenApiDocument } from './contract/types';
import { accessLog } from './http/access-log';
import { authenticate } from './http/auth';
import { routerDispatch } from './http/dispatch';
import { errorEnvelope } from './http/error-envelope';
import { ApiError } from './errors';
import { jsonBody } from './http/json-body';
import { methodNotAllowed } from './http/method-not-allowed';
import { requestMetrics } from './http/metrics';
import { requestId } from './http/request-id';
import { openApiDocument } from './openapi';
import { storesAnswer } from './service/store';
import { forgetStores, instrumentStores } from './platform/metrics';
import { UsageBuffer } from './platform/usage';
import { allRoutes } from './families';
import { createCursorCodec } from './search/cursor';
import type { Stores } from './stores';

/** The template of the API route a method and path would reach (the router's own match), if any. */
function routeTemplateOf(router: Router, method: string, path: string): string | undefined {
  const found = router.match(path, method);
  if (!found.route) return undefined;
  for (let i = found.pathAndMethod.length - 1; i >= 0; i--) {
    const layer = found.pathAndMethod[i];
    if (layer.methods.length > 0 && typeof layer.path === 'string') return layer.path;
  }
  return undefined;
}

export interface App {
  koa: Koa;
  usage: UsageBuffer;
  /** Flushes pending usage counts; the caller closes the stores it opened. */
  close(): Promise<void>;
}

export interface AppOptions {
  config: Config;
  stores: Stores;
  logger: Logger;
  keyCacheMs?: number;
  /** Seams for tests: another document and extra routes described in it. */
  doc?: OpenApiDocument;
  extraRoutes?: Route[];
}

/** Every path under /api/v1, in any letter case, needs a key: a case variant is refused, never served keyless. */
const API_PREFIX = /^\/api\/v1(\/|$)/i;

/**
 * request id -> error envelope -> access log -> probes -> (under /api/v1) key + usage
 * -> body -> route (validated from the document) -> 404 / 405 in the envelope.
 *
 * Routing is case-sensitive, and the key check asks the same router: a request needs a key
 * when the API router can match its path or the path is under the prefix in any case, so
 * routing and authentication cannot disagree on what is an API path.
 */
export function createApp(options: AppOptions): App {
  const { config, stores, logger } = options;
  const doc = options.doc ?? openApiDocument();
  const usage = new UsageBuffer(stores.platform);
  // X-Forwarded-For is believed only for the configured number of proxy hops (README: Configuration, TRUSTED_PROXY_HOPS).
  const koa = new Koa({ proxy: config.trustedProxyHops > 0, maxIpsCount: config.trustedProxyHops });
  koa.silent = true;

  const probes = new Router({ sensitive: true });
  probes.get('/livez', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  probes.get('/readyz', async (ctx) => {
    if (!(await storesAnswer(stores))) throw new ApiError(503, 'unavailable', 'a backing store does not answer', { retryAfterSeconds: 5 });
    ctx.body = { status: 'ok' };
  });

  const api = new Router({ sensitive: true });
  const routes = [
    ...allRoutes({ config, stores, usage, doc, logger, cursors: createCursorCodec(config.cursorSecret), exportSlots: ExportSlots.forPool(config.poolSize) }),
    ...(options.extraRoutes ?? []),
  ];
  mountRoutes(api, doc, routes);
  const needsKey = (path: string) => API_PREFIX.test(path) || api.match(path, 'GET').path.length > 0;
  const authenticated = authenticate({ stores, usage, keyCacheMs: options.keyCacheMs ?? 5000, uncounted: uncountedRequests(routes) });
  const body = jsonBody({ limitBytes: config.bodyLimitBytes });

  // Outermost: every request is counted with the status it was sent with (README: Metrics),
  // under the route it asked for even when it was refused before routing (no key, a bad body).
  instrumentStores(stores);
  koa.use(requestMetrics((method, path) => routeTemplateOf(api, method, path)));
  koa.use(requestId());
  // Outside the envelope, so it logs the status sent, an error's included.
  koa.use(accessLog(logger));
  koa.use(errorEnvelope(logger));
  // The public pages (/console, /docs) need no key; their API calls do, like anyone's.
  const pages = consolePages({ config, stores, doc });
  koa.use(methodNotAllowed([probes, pages, api]));
  // No probe or page is under /api/v1: an API request skips their routers (each a host lookup and a match per request).
  const probeRoutes = routerDispatch(probes);
  const pageRoutes = routerDispatch(pages);
  koa.use((ctx, next) => (API_PREFIX.test(ctx.path) ? next() : probeRoutes(ctx, () => pageRoutes(ctx, next))));
  koa.use((ctx, next) => (needsKey(ctx.path) ? authenticated(ctx, () => body(ctx, next)) : next()));
  koa.use(routerDispatch(api));

  return {
    koa,
    usage,
    async close() {
      await usage.close().catch(() => undefined);
      forgetStores(stores);
    },
  };
}
