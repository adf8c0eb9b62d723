/**
 * `npm run examples`: records every operation's example (scripts/examples/requests.ts)
 * against the test-mode fixture and writes src/contract/examples.json, which
 * src/openapi.ts writes into the document (and so into /docs). Runs the real app on a free
 * port over a throwaway namespace of the local services (started if needed), with test keys
 * made like the public test key and like a commissioned one; the namespace is dropped at the end. Then run
 * `npm run openapi`. test/console/examples.test.ts fails until the file is regenerated
 * whenever an answer changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadTestModeFixture } from '../../ingest/fixture';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { createHttpServer } from '../../src/http/http-server';
import { createLogger } from '../../src/http/logger';
import { openStores } from '../../src/stores';
import { ensureServices } from '../services/index';
import { dropNamespace, throwawayNamespace } from '../services/namespaces';
import { exampleKeys, fetchSend, runExamples } from './run';

export const EXAMPLES_FILE = path.resolve(__dirname, '../../src/contract/examples.json');

async function main(): Promise<void> {
  const urls = await ensureServices();
  const namespace = throwawayNamespace('examples');
  const config = { ...loadConfig(), ...urls, namespace, logLevel: 'warn' };
  await migrate(urls.databaseUrl, namespace);
  const stores = openStores({ ...config, storeTimeoutMs: 600_000 });
  try {
    await loadTestModeFixture(stores.byMode.test);
    const keys = await exampleKeys(stores.platform);
    const app = createApp({ config, stores, logger: createLogger('warn') });
    const server = createHttpServer(app.koa.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const examples = await runExamples(fetchSend(`http://127.0.0.1:${(server.address() as { port: number }).port}`, keys));
      fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(examples, null, 2)}\n`);
      console.log(`wrote ${Object.keys(examples).length} examples to ${path.relative(process.cwd(), EXAMPLES_FILE)}; now npm run openapi`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    }
  } finally {
    await stores.close();
    await dropNamespace(namespace, urls.databaseUrl, urls.elasticsearchUrl);
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exit(1);
  });
}
