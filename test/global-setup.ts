import { Client } from 'pg';
import { ensureServices } from '../scripts/services/index';

/**
 * Starts (or reuses) one Elasticsearch and one Postgres for the whole run, shares their
 * URLs through the environment, and sweeps leftovers of earlier runs' test namespaces.
 */
export default async function globalSetup(): Promise<void> {
  const urls = await ensureServices();
  process.env.DATABASE_URL = urls.databaseUrl;
  process.env.ELASTICSEARCH_URL = urls.elasticsearchUrl;

  const pg = new Client({ connectionString: urls.databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query("select nspname from pg_namespace where nspname like 't\\_%'");
    for (const row of rows) await pg.query(`drop schema if exists ${row.nspname} cascade`);
  } finally {
    await pg.end();
  }
  await fetch(`${urls.elasticsearchUrl}/t_*?expand_wildcards=all`, { method: 'DELETE' }).catch(() => undefined);
}
