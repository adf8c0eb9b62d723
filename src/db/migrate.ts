import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { MODES, schemaNames } from './schemas';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

interface Migration {
  id: string;
  sql: string;
}

function readMigrations(kind: 'platform' | 'data'): Migration[] {
  const dir = path.join(MIGRATIONS_DIR, kind);
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ id: file.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

async function applyTo(client: Client, schema: string, searchPath: string, migrations: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await client.query(`create schema if not exists ${schema}`);
  await client.query(`create table if not exists ${schema}.schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await client.query(`select id from ${schema}.schema_migrations`)).rows.map((row) => row.id as string));
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    await client.query('begin');
    try {
      await client.query(`set local search_path = ${searchPath}`);
      await client.query(migration.sql);
      await client.query(`insert into ${schema}.schema_migrations (id) values ($1)`, [migration.id]);
      await client.query('commit');
      applied.push(`${schema}/${migration.id}`);
    } catch (error) {
      await client.query('rollback');
      throw new Error(`migration ${schema}/${migration.id} failed: ${(error as Error).message}`);
    }
  }
  return applied;
}

/**
 * Applies, in order and once each, the platform migrations (keys, usage) to the
 * namespace's platform schema and the data migrations to its live and test schemas.
 * A transaction-level advisory lock lets several processes start at once safely.
 */
export async function migrate(databaseUrl: string, namespace: string): Promise<string[]> {
  const names = schemaNames(namespace);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`migrate:${namespace}`]);
    const applied = await applyTo(client, names.platform, names.platform, readMigrations('platform'));
    for (const mode of MODES) {
      applied.push(...(await applyTo(client, names[mode], `${names[mode]},${names.platform}`, readMigrations('data'))));
    }
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [`migrate:${namespace}`]).catch(() => undefined);
    await client.end();
  }
}
