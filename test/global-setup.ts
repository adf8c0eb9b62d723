import { ensureServices } from '../scripts/services/index';
import { sweepStaleNamespaces } from '../scripts/services/namespaces';

/** Test namespaces older than this are leftovers of an earlier run (a run takes minutes). */
const STALE_AFTER_SECONDS = 3 * 3600;

/**
 * Starts (or reuses) one Elasticsearch and one Postgres for the whole run, shares their
 * URLs through the environment, and sweeps leftovers of earlier runs' test namespaces.
 */
export default async function globalSetup(): Promise<void> {
  const urls = await ensureServices();
  process.env.DATABASE_URL = urls.databaseUrl;
  process.env.ELASTICSEARCH_URL = urls.elasticsearchUrl;
  await sweepStaleNamespaces('t', STALE_AFTER_SECONDS, urls.databaseUrl, urls.elasticsearchUrl);
}
