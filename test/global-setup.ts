import { Client } from 'pg';
import { httpCall } from '../scripts/services/http';
import { ensureServices } from '../scripts/services/index';

/**
 * Starts (or reuses) one Elasticsearch and one Postgres for the whole run, shares their
 * URLs through the environment, and sweeps leftovers of earlier runs' test namespaces.
 */
const STALE_AFTER_SECONDS = 3 * 3600;

/** Test namespaces are named t_<creation time base36>_<random>; only old ones are swept. */
function isStale(name: string): boolean {
  const created = parseInt(name.split('_')[1] ?? '', 36);
  return !Number.isFinite(created) || Date.now() / 1000 - created > STALE_AFTER_SECONDS;
}

export default async function globalSetup(): Promise<void> {
  const urls = await ensureServices();
  process.env.DATABASE_URL = urls.databaseUrl;
  process.env.ELASTICSEARCH_URL = urls.elasticsearchUrl;

  const pg = new Client({ connectionString: urls.databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query("select nspname from pg_namespace where nspname like 't\\_%'");
    for (const schema of rows.map((row) => row.nspname as string).filter(isStale)) await pg.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await pg.end();
  }
  const listing = await httpCall('GET', `${urls.elasticsearchUrl}/_cat/indices/t_*?format=json&h=index&expand_wildcards=all`);
  const indices = JSON.parse(listing.body) as Array<{ index: string }>;
  for (const { index } of indices.filter((entry) => isStale(entry.index))) {
    await httpCall('DELETE', `${urls.elasticsearchUrl}/${index}`).catch(() => undefined);
  }
}
