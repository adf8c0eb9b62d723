import { dropNamespace, throwawayNamespace } from '../../scripts/services/namespaces';
import { Config, loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
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
  const namespace = throwawayNamespace('t');
  const config = { ...base, logLevel: 'silent', ...overrides, namespace, databaseUrl, elasticsearchUrl };
  await migrate(databaseUrl, namespace);
  const stores = openStores(config);
  return {
    config,
    stores,
    async cleanup() {
      await stores.close().catch(() => undefined);
      await dropNamespace(namespace, databaseUrl, elasticsearchUrl);
    },
  };
}

/**
 * A namespace for the tests of the enclosing block (a describe, or the file): created before
 * them, `ready` called with it, and dropped after them. The handle reads the namespace
 * created, so its fields are read inside tests and later hooks.
 */
export function useTestNamespace(ready?: (ns: TestNamespace) => void): TestNamespace {
  let ns: TestNamespace | undefined;
  beforeAll(async () => {
    ns = await createTestNamespace();
    ready?.(ns);
  });
  afterAll(() => ns?.cleanup());
  const created = (): TestNamespace => {
    if (!ns) throw new Error('the test namespace has not been created');
    return ns;
  };
  return {
    get config() {
      return created().config;
    },
    get stores() {
      return created().stores;
    },
    cleanup: () => created().cleanup(),
  };
}
