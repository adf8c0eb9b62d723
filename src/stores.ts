import { createHmac } from 'node:crypto';
import type { Client } from '@elastic/elasticsearch';
import type { Pool } from 'pg';
import type { Config } from './config';
import { listenForDataChanges } from './db/data-changes';
import { createPgPool, withoutOptions } from './db/pool';
import { indexAlias, Mode, MODES, schemaNames } from './db/schemas';
import { createEsClient } from './search/es';

/** Everything one mode (live or test) reads and writes: its Postgres schema and its Elasticsearch indices. */
export interface DataStore {
  mode: Mode;
  namespace: string;
  schema: string;
  /** Unqualified names resolve in this mode's schema first, then the platform schema. */
  pg: Pool;
  es: Client;
  indexAlias(name: string): string;
  /**
   * The community sandbox of whoever uses this store: '' (shared) for live keys and for the
   * process's own stores (fixture loading, admin), the key pair id for a test key. Community
   * reads see '' plus this sandbox; community writes go to this sandbox only
   * (migrations/data/202_community_sandboxes.sql).
   */
  sandbox: string;
}

/** The process-wide handles: the platform pool (keys, usage) and one DataStore per mode. */
export interface Stores {
  namespace: string;
  platform: Pool;
  es: Client;
  byMode: Record<Mode, DataStore>;
  /** Keys the name of a client address's sandbox (the device-id salt): the address itself is never stored. */
  sandboxSalt: string;
  close(): Promise<void>;
}

/**
 * The store a key reads and writes: its mode's store, and for a test key a sandbox of its
 * key pair, so test-mode writes are seen only by the pair that made them while the fixture
 * stays the same for every test key. Live keys share the one live data set. A key limited per
 * client address has a sandbox per client address too.
 */
export function storeForKey(stores: Stores, key: { mode: Mode; pairId: string }, client: string | null = null): DataStore {
  const store = stores.byMode[key.mode];
  if (key.mode !== 'test') return store;
  // A key shared in public (the consoles' test key) is many callers: each client address writes apart.
  // The address is named by a keyed hash: test-mode rows hold no client address.
  return { ...store, sandbox: client ? `${key.pairId}/${createHmac('sha256', stores.sandboxSalt).update(client).digest('base64url').slice(0, 22)}` : key.pairId };
}

export function openStores(config: Config): Stores {
  if (!config.databaseUrl || !config.elasticsearchUrl) throw new Error('DATABASE_URL and ELASTICSEARCH_URL must be known before opening the stores');
  const names = schemaNames(config.namespace);
  const es = createEsClient(config.elasticsearchUrl, config.storeTimeoutMs);
  // Kept reads are served while this process hears Postgres's change notifications.
  const listening = config.keptReads ? listenForDataChanges(withoutOptions(config.databaseUrl).connectionString, config.storeTimeoutMs) : null;
  const platform = createPgPool(config.databaseUrl, { searchPath: [names.platform], max: config.poolSize, statementTimeoutMs: config.storeTimeoutMs });
  const byMode = {} as Record<Mode, DataStore>;
  for (const mode of MODES) {
    byMode[mode] = {
      mode,
      namespace: config.namespace,
      schema: names[mode],
      pg: createPgPool(config.databaseUrl, { searchPath: [names[mode], names.platform], max: config.poolSize, statementTimeoutMs: config.storeTimeoutMs }),
      es,
      indexAlias: (name) => indexAlias(config.namespace, mode, name),
      sandbox: '',
    };
  }
  return {
    namespace: config.namespace,
    platform,
    es,
    byMode,
    sandboxSalt: config.deviceIdSalt,
    async close() {
      if (listening) await (await listening)();
      await Promise.all([platform.end(), ...MODES.map((mode) => byMode[mode].pg.end())]);
      await es.close();
    },
  };
}
