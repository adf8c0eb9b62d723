/**
 * `npm run worker`: the background work a deployment runs beside its API processes
 * (ingest/worker.ts), on DATABASE_URL and ELASTICSEARCH_URL or the local services. Stops
 * after the round in progress on SIGTERM or SIGINT.
 */
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createLogger } from '../src/http/logger';
import { startWorker } from '../ingest/worker';
import { ensureServices } from './services/index';

async function main(): Promise<void> {
  const config = { ...loadConfig(), ...(await ensureServices()) };
  const logger = createLogger(config.logLevel);
  await migrate(config.databaseUrl, config.namespace);
  const worker = startWorker(config, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'worker stopping');
      void worker.stop().then(() => process.exit(0));
    });
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
