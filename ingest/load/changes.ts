import type { PoolClient } from 'pg';
import type { Family } from '../families/types';

/**
 * Entities changed: a new version for their documents and an outbox row each, in the
 * caller's transaction (the same one that changed their rows). One statement: the update
 * runs to completion as part of it whether or not its output is read.
 */
export async function recordChanges(client: PoolClient, family: Family, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await client.query(
    `with versioned as (update ${family.entityTable} set version = nextval('${family.versionSequence}'), updated_at = now() where ${family.key} = any($1))
     insert into ${family.outbox} (${family.key}) select unnest($1::text[]) order by 1`,
    [keys],
  );
}
