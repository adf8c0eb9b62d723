import type { Pool, PoolClient } from 'pg';
import type { Family } from '../load/types';

/** Every key of the family's entities in key order, `batchSize` at a time (the keys query). */
export async function* entityKeyBatches(pg: Pool | PoolClient, family: Family, batchSize: number): AsyncGenerator<string[]> {
  for (let after = ''; ; ) {
    const { rows } = await pg.query(`select ${family.key} as key from ${family.entityTable} where ${family.key} > $1 order by ${family.key} limit $2`, [after, batchSize]);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].key;
    yield rows.map((row) => row.key as string);
  }
}
