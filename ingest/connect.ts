import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import type { Mode } from '../src/db/schemas';
import { DataStore, openStores, Stores } from '../src/stores';
import { ensureServices } from '../scripts/services/index';

/**
 * The command line's stores: the configured (or locally started) services, migrated, with
 * request timeouts long enough for bulk work.
 */
export async function openIngestStores(mode: Mode): Promise<{ stores: Stores; store: DataStore }> {
  const urls = await ensureServices();
  const config = { ...loadConfig(), ...urls, storeTimeoutMs: 600_000, poolSize: 4 };
  await migrate(config.databaseUrl, config.namespace);
  const stores = openStores(config);
  return { stores, store: stores.byMode[mode] };
}
