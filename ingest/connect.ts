import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import type { Mode } from '../src/db/schemas';
import { DataStore, openStores, Stores } from '../src/stores';

/** Where the services are: the launcher (scripts/ingest.ts) finds or starts them. */
export interface ServiceUrls {
  databaseUrl: string;
  elasticsearchUrl: string;
}

/**
 * The command line's stores: the given services, migrated, with request timeouts long enough
 * for bulk work. A load keeps no reads, so it does not listen for changes (the API processes
 * hear of its commits through Postgres).
 */
export async function openIngestStores(urls: ServiceUrls, mode: Mode): Promise<{ stores: Stores; store: DataStore }> {
  const config = { ...loadConfig(), ...urls, storeTimeoutMs: 600_000, poolSize: 4, keptReads: false };
  await migrate(config.databaseUrl, config.namespace);
  const stores = openStores(config);
  return { stores, store: stores.byMode[mode] };
}
