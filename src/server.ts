import http from 'node:http';
import type { Logger } from 'pino';
import { createApp } from './app';
import { Config, loadConfig } from './config';
import { migrate } from './db/migrate';
import { createLogger } from './http/logger';
import { openStores, Stores } from './stores';
import { createHttpServer } from './http/http-server';
import { listenMetrics } from './http/metrics';
import { startWebhookWorker } from './changes/webhooks/worker';
import { CHANGE_VOCABULARY } from './families';
import { ownerFigures } from './owners/figures';

export interface RunningServer {
  url: string;
  server: http.Server;
  stores: Stores;
  stop(): Promise<void>;
}

/** Migrates, opens the stores and serves the API until stop() (or SIGTERM/SIGINT when installSignals). */
export async function startServer(config: Config, options: { logger?: Logger; installSignals?: boolean } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  if (!config.databaseUrl || !config.elasticsearchUrl) throw new Error('set DATABASE_URL and ELASTICSEARCH_URL, or use npm start to run local ones');
  await migrate(config.databaseUrl, config.namespace);
  const stores = openStores(config);
  const app = createApp({ config, stores, logger });
  // Webhook deliveries run in the API processes that have the worker on (README: Webhooks).
  const webhooks = config.webhooks.worker ? startWebhookWorker({ config, stores, logger, vocabulary: CHANGE_VOCABULARY, portfolios: ownerFigures }) : null;
  const server = createHttpServer(app.koa.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  logger.info({ url }, 'listening');
  // GET /metrics on its own listener, local unless configured (README: Metrics).
  const metrics = await listenMetrics(config, logger);

  let draining = false;
  // While draining, every answer asks the client to close its connection, so keep-alive sockets end with their last response.
  server.on('request', (_req, res) => {
    if (draining) res.setHeader('Connection', 'close');
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Stop taking connections, let requests in flight finish, then flush usage and close the stores.
      draining = true;
      await new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        const hardStop = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(hardStop);
          resolve();
        });
        server.closeIdleConnections();
      });
      await webhooks?.stop();
      if (metrics) {
        // A scraper's keep-alive connection would hold close() open.
        const closed = new Promise<void>((resolve) => metrics.close(() => resolve()));
        metrics.closeAllConnections();
        await closed;
      }
      await app.close();
      await stores.close();
      logger.info('stopped');
    })();
    return stopping;
  };
  if (options.installSignals) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        logger.info({ signal }, 'shutting down');
        void stop().then(() => process.exit(0));
      });
    }
  }
  return { url, server, stores, stop };
}

if (require.main === module) {
  startServer(loadConfig(), { installSignals: true })
    .then((running) => {
      // One line whatever LOG_LEVEL is, so launchers (bench, tests) learn the port.
      const port = (running.server.address() as { port: number }).port;
      process.stdout.write(`${JSON.stringify({ msg: 'listening', url: running.url, port })}\n`);
    })
    .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
