import { isDeepStrictEqual } from 'node:util';
import type { DataStore } from '../../src/stores';
import type { Progress } from '../load/progress';
import { buildDocuments } from './documents';
import { aliasTargets } from './indices';
import { RESTAURANT_INDICES, RestaurantIndex } from './mappings';

export interface VerifyReport {
  ok: boolean;
  /** Documents expected (from Postgres) and found (in Elasticsearch), per index. */
  counts: Record<RestaurantIndex, { postgres: number; elasticsearch: number }>;
  pendingOutbox: number;
  /** How many differences, and the first ones in words. */
  differenceCount: number;
  differences: string[];
}

const MAX_LISTED = 50;

/**
 * Compares the stores: every document Postgres implies must be in Elasticsearch with the
 * same content and version, and each index must hold no more documents than that. A
 * non-empty outbox is a difference too (changes not yet indexed).
 */
export async function verifyRestaurantStores(store: DataStore, options: { batchSize?: number; progress?: Progress } = {}): Promise<VerifyReport> {
  const batchSize = options.batchSize ?? 500;
  const differences: string[] = [];
  let differenceCount = 0;
  const differ = (text: string) => {
    differenceCount += 1;
    if (differences.length < MAX_LISTED) differences.push(text);
  };
  const counts = Object.fromEntries(RESTAURANT_INDICES.map((name) => [name, { postgres: 0, elasticsearch: 0 }])) as VerifyReport['counts'];

  const { rows: outbox } = await store.pg.query('select count(*)::int as n from restaurant_outbox');
  if (outbox[0].n > 0) differ(`${outbox[0].n} outbox row(s) not yet indexed`);

  const missing = new Set<RestaurantIndex>();
  for (const name of RESTAURANT_INDICES) {
    const alias = store.indexAlias(name);
    if ((await aliasTargets(store.es, alias)).length === 0) {
      differ(`alias ${alias} does not exist`);
      missing.add(name);
      continue;
    }
    await store.es.indices.refresh({ index: alias });
    counts[name].elasticsearch = (await store.es.count({ index: alias })).count;
  }

  const { rows: total } = await store.pg.query('select count(*)::int as n from restaurant_establishments');
  options.progress?.phase('verifying', total[0].n, 'establishments');
  let done = 0;
  for (let after = ''; ; ) {
    const { rows } = await store.pg.query('select camis from restaurant_establishments where camis > $1 order by camis limit $2', [after, batchSize]);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].camis;
    const expected = await buildDocuments(store.pg, rows.map((row) => row.camis));
    for (const name of RESTAURANT_INDICES) {
      const docs = expected[name];
      counts[name].postgres += docs.length;
      if (docs.length === 0 || missing.has(name)) continue;
      const found = await store.es.mget({ index: store.indexAlias(name), ids: docs.map((doc) => doc.id) }, { requestTimeout: 120_000 });
      found.docs.forEach((hit, position) => {
        const doc = docs[position];
        if (!('found' in hit) || !hit.found) differ(`${name}/${doc.id}: missing from Elasticsearch`);
        else if (hit._version !== doc.version) differ(`${name}/${doc.id}: version ${hit._version} in Elasticsearch, ${doc.version} in Postgres`);
        else if (!isDeepStrictEqual(hit._source, doc.source)) differ(`${name}/${doc.id}: content differs`);
      });
    }
    done += rows.length;
    options.progress?.update(done);
  }
  for (const name of RESTAURANT_INDICES) {
    const { postgres, elasticsearch } = counts[name];
    if (elasticsearch > postgres) differ(`${name}: ${elasticsearch - postgres} document(s) in Elasticsearch that Postgres does not have`);
  }
  options.progress?.finish();
  return { ok: differenceCount === 0, counts, pendingOutbox: outbox[0].n, differenceCount, differences };
}
