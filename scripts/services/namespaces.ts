import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { jobsSchema, schemaNames } from '../../src/db/schemas';
import { httpCall } from './http';

/**
 * Throwaway namespaces (tests, fuzz runs) are named <prefix>_<creation time base36>_<random>:
 * the time in the name lets a sweep drop only leftovers, never a concurrent run's namespace.
 */
export function throwawayNamespace(prefix: string): string {
  return `${prefix}_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Drops a namespace's Postgres schemas (its pg-boss queue's `<ns>_jobs` too) and Elasticsearch indices. */
export async function dropNamespace(namespace: string, databaseUrl: string, elasticsearchUrl: string): Promise<void> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    for (const schema of [...Object.values(schemaNames(namespace)), jobsSchema(namespace)]) await pg.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await pg.end();
  }
  await httpCall('DELETE', `${elasticsearchUrl}/${namespace}_*?expand_wildcards=all`).catch(() => undefined);
}

/**
 * Drops the schemas and indices of throwaway namespaces of `prefix` older than maxAgeSeconds:
 * every schema named `<prefix>_<time>_...`, so the pg-boss `<ns>_jobs` ones with the rest.
 */
export async function sweepStaleNamespaces(prefix: string, maxAgeSeconds: number, databaseUrl: string, elasticsearchUrl: string): Promise<void> {
  const isStale = (name: string) => {
    const created = parseInt(name.slice(prefix.length + 1).split('_')[0] ?? '', 36);
    return !Number.isFinite(created) || Date.now() / 1000 - created > maxAgeSeconds;
  };
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query('select nspname from pg_namespace where starts_with(nspname, $1)', [`${prefix}_`]);
    for (const schema of rows.map((row) => row.nspname as string).filter(isStale)) await pg.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await pg.end();
  }
  const listing = await httpCall('GET', `${elasticsearchUrl}/_cat/indices/${prefix}_*?format=json&h=index&expand_wildcards=all`);
  for (const { index } of (JSON.parse(listing.body) as Array<{ index: string }>).filter((entry) => isStale(entry.index))) {
    await httpCall('DELETE', `${elasticsearchUrl}/${index}`).catch(() => undefined);
  }
}
