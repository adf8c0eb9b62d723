import type { PoolClient } from 'pg';
import type { Family } from './types';

/**
 * Entities changed: a new version for their documents and an outbox row each, in the
 * caller's transaction (the same one that changed their rows). The outbox row keeps the
 * version the entity had before (`since`): its documents at or below it are indexed already,
 * so the relay sends only newer ones. One statement: the update runs to completion as part
 * of it whether or not its output is read; the rows are locked before their versions are read.
 */
export async function recordChanges(client: PoolClient, family: Family, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const { entityTable: table, key } = family;
  await client.query(
    `with prior as (select ${key}, version from ${table} where ${key} = any($1) for update),
     versioned as (update ${table} t set version = nextval('${family.versionSequence}'), updated_at = now() from prior where t.${key} = prior.${key})
     insert into ${family.outbox} (${key}, since) select ${key}, version from prior order by 1`,
    [keys],
  );
}
