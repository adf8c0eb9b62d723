/**
 * `npm start`: fetch and start Elasticsearch and Postgres (or use DATABASE_URL /
 * ELASTICSEARCH_URL), migrate, load the bundled data, build the console, serve the API and run
 * the worker beside it, print the public test key and where the console and the docs are.
 */
import { startWorker } from '../ingest/worker';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createLogger } from '../src/http/logger';
import { ensurePublicTestKey } from '../src/platform/keys';
import { startServer } from '../src/server';
import { openStores } from '../src/stores';
import { loadBundledData } from './bundled-data';
import { buildConsole } from './console/build';
import { ensureServices } from './services/index';

async function main(): Promise<void> {
  const urls = await ensureServices();
  const config = { ...loadConfig(), ...urls };
  const logger = createLogger(config.logLevel);
  await migrate(config.databaseUrl, config.namespace);

  const stores = openStores({ ...config, storeTimeoutMs: 600_000 });
  try {
    await loadBundledData(stores, logger);
    // A checkout builds the pages' bundles here; an image carries them prebuilt (Dockerfile) in a read-only /app.
    await buildConsole().catch((error: Error) => logger.warn({ error: error.message }, 'console bundles not rebuilt: serving the existing build, if any'));
    const testKey = await ensurePublicTestKey(stores.platform);
    const running = await startServer(config, { logger, installSignals: true });
    // Beside the API, as a deployment runs `npm run worker`: indexing resumes by itself after an outage.
    startWorker(config, logger);
    process.stdout.write(
      `\nNYC records API listening on ${running.url}\n` +
        `Public test key: ${testKey}\n` +
        `Console: ${running.url}/console   Reference: ${running.url}/docs\n` +
        `Try: curl -H "Authorization: Bearer ${testKey}" ${running.url}/api/v1/health\n\n`,
    );
  } finally {
    await stores.close();
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
