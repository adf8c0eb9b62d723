import Router from '@koa/router';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openApiDocument } from './contract/document';
import { mountRoutes, Route } from './contract/routes';
import type { OpenApiDocument } from './contract/types';
import { accessLog } from './http/access-log';
import { authenticate } from './http/auth';
import { errorEnvelope } from './http/error-envelope';
import { ApiError } from './http/errors';
import { requestId } from './http/request-id';
import { storesAnswer } from './platform/health';
import { UsageBuffer } from './platform/usage';
import { allRoutes } from './routes';
import { createCursorCodec } from './search/cursor';
import type { Stores } from './stores';

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

/**
 * request id -> error envelope -> access log -> probes -> (under /api/v1) key + usage
 * -> body -> route (validated from the document) -> 404 / 405 in the envelope.
 */
export function createApp(options: AppOptions): App {
  const { config, stores, logger } = options;
  const doc = options.doc ?? openApiDocument();
  const usage = new UsageBuffer(stores.platform);
  const koa = new Koa({ proxy: false });
  koa.silent = true;

  const probes = new Router();
  probes.get('/livez', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  probes.get('/readyz', async (ctx) => {
    if (!(await storesAnswer(stores))) throw new ApiError(503, 'unavailable', 'a backing store does not answer', { retryAfterSeconds: 5 });
    ctx.body = { status: 'ok' };
  });

  const api = new Router();
  mountRoutes(api, doc, [...allRoutes({ config, stores, usage, doc, logger, cursors: createCursorCodec(config.cursorSecret) }), ...(options.extraRoutes ?? [])]);
  const authenticated = authenticate({ stores, usage, keyCacheMs: options.keyCacheMs ?? 5000 });
  const body = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: config.bodyLimitBytes,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH],
  });

  koa.use(requestId());
  koa.use(errorEnvelope(logger));
  koa.use(accessLog(logger));
  koa.use(probes.routes());
  koa.use(async (ctx, next) => {
    if (ctx.path === '/api/v1' || ctx.path.startsWith('/api/v1/')) {
      await authenticated(ctx, async () => {
        await body(ctx, next);
      });
      return;
    }
    await next();
  });
  koa.use(api.routes());
  koa.use(api.allowedMethods());

  return {
    koa,
    usage,
    async close() {
      await usage.close().catch(() => undefined);
    },
  };
}
