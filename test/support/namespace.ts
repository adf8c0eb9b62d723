import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { httpCall } from '../../scripts/services/http';
import { Config, loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { schemaNames } from '../../src/db/schemas';
import { openStores, Stores } from '../../src/stores';

export interface TestNamespace {
  config: Config & { databaseUrl: string; elasticsearchUrl: string };
  stores: Stores;
  /** Drops the namespace's schemas and indices. */
  cleanup(): Promise<void>;
}

/**
 * An isolated namespace for one test file: its own platform, live and test schemas in the
 * shared Postgres and its own index prefix in the shared Elasticsearch.
 */
export async function createTestNamespace(overrides: Partial<Config> = {}): Promise<TestNamespace> {
  const base = loadConfig();
  const databaseUrl = overrides.databaseUrl ?? process.env.DATABASE_URL;
  const elasticsearchUrl = overrides.elasticsearchUrl ?? process.env.ELASTICSEARCH_URL;
  if (!databaseUrl || !elasticsearchUrl) throw new Error('the jest global setup did not provide DATABASE_URL and ELASTICSEARCH_URL');
  // The creation time in the name lets the global setup sweep only leftovers, never a concurrent run's namespace.
  const namespace = `t_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;
  const config = { ...base, logLevel: 'silent', ...overrides, namespace, databaseUrl, elasticsearchUrl };
  await migrate(databaseUrl, namespace);
  const stores = openStores(config);
  return {
    config,
    stores,
    async cleanup() {
      await stores.close().catch(() => undefined);
      const pg = new Client({ connectionString: databaseUrl });
      await pg.connect();
      try {
        for (const schema of Object.values(schemaNames(namespace))) await pg.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await pg.end();
      }
      await httpCall('DELETE', `${elasticsearchUrl}/${namespace}_*?expand_wildcards=all`).catch(() => undefined);
    },
  };
}
