import type { Context, Middleware } from 'koa';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { metricsRegistry, recordHttpRequest } from '../platform/metrics';

/** Route templates as labels (/api/v1/restaurants/{camis}), converted once per template rather than per request. */
const templates = new Map<string, string>();

/**
 * The route a request was for, when no route ran: a request refused before routing (no key, a
 * spent limit, a body that is not JSON) still counts under the route it asked for.
 */
export type RouteOfRequest = (method: string, path: string) => string | undefined;

/** The route template that answered or was asked for (/api/v1/restaurants/{camis}), never the raw path; unmatched when there is none. */
function routeOf(ctx: Context, asked: RouteOfRequest | undefined): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute ?? asked?.(ctx.method, ctx.path);
  if (typeof matched !== 'string') return 'unmatched';
  let template = templates.get(matched);
  if (template === undefined) templates.set(matched, (template = matched.replace(/:(\w+)/g, '{$1}')));
  return template;
}

function record(ctx: Context, started: number, asked: RouteOfRequest | undefined): void {
  recordHttpRequest(ctx.method, routeOf(ctx, asked), ctx.status, (performance.now() - started) / 1000);
}

/**
 * Counts and times every request by method, route template and status; outermost, so the
 * status is the one sent (errors already in the envelope). A streamed body (a CSV export) is
 * timed to its last byte. `asked` names the route of a request refused before any route ran.
 */
export function requestMetrics(asked?: RouteOfRequest): Middleware {
  const finish = (ctx: Context, started: number) => {
    if (ctx.body instanceof Readable && !ctx.res.writableFinished) ctx.res.once('close', () => record(ctx, started, asked));
    else record(ctx, started, asked);
  };
  // Not async (one frame less on every request): recorded whether the rest of the stack answered or threw.
  return (ctx, next) => {
    const started = performance.now();
    return next().then(
      () => finish(ctx, started),
      (error: unknown) => {
        finish(ctx, started);
        throw error;
      },
    );
  };
}

/** GET /metrics in the Prometheus text format; anything else 404. */
export function metricsHandler(): http.RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('GET /metrics only\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`metrics unavailable: ${error.message}\n`),
    );
  };
}

/**
 * The metrics listener, apart from the API and its keys: on METRICS_HOST:METRICS_PORT
 * (127.0.0.1:9464 unless configured; METRICS_PORT=off: none). A port already taken (another API
 * process on this host) is logged and the API serves on without metrics.
 */
export async function listenMetrics(config: Pick<Config, 'metricsHost' | 'metricsPort'>, logger: Logger): Promise<http.Server | null> {
  if (config.metricsPort === null) return null;
  const server = http.createServer(metricsHandler());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.metricsPort!, config.metricsHost, () => resolve());
    });
  } catch (error) {
    logger.warn({ err: error, host: config.metricsHost, port: config.metricsPort }, 'metrics not served: set METRICS_PORT to a free port (or off)');
    return null;
  }
  const address = server.address() as { port: number };
  logger.info({ url: `http://${config.metricsHost}:${address.port}/metrics` }, 'metrics listening');
  return server;
}
