import { isDeepStrictEqual } from 'node:util';
import type { DataStore } from '../../src/stores';
import type { Progress } from '../load/progress';
import type { Family } from '../load/types';
import { aliasTargets } from './indices';
import { entityKeyBatches } from './keys';

export interface VerifyReport {
  ok: boolean;
  /** Documents expected (from Postgres) and found (in Elasticsearch), per index. */
  counts: Record<string, { postgres: number; elasticsearch: number }>;
  pendingOutbox: number;
  /** How many differences, and the first ones in words. */
  differenceCount: number;
  differences: string[];
}

const MAX_LISTED = 50;

/**
 * Compares the stores for a family: every document Postgres implies must be in Elasticsearch with the
 * same content and version, and each index must hold no more documents than that. A
 * non-empty outbox is a difference too (changes not yet indexed).
 */
export async function verifyStores(store: DataStore, family: Family, options: { batchSize?: number; progress?: Progress } = {}): Promise<VerifyReport> {
  const batchSize = options.batchSize ?? 500;
  const differences: string[] = [];
  let differenceCount = 0;
  const differ = (text: string) => {
    differenceCount += 1;
    if (differences.length < MAX_LISTED) differences.push(text);
  };
  const counts: VerifyReport['counts'] = Object.fromEntries(family.indices.map(({ name }) => [name, { postgres: 0, elasticsearch: 0 }]));

  const { rows: outbox } = await store.pg.query(`select count(*)::int as n from ${family.outbox}`);
  if (outbox[0].n > 0) differ(`${outbox[0].n} outbox row(s) not yet indexed`);

  const missing = new Set<string>();
  for (const { name } of family.indices) {
    const alias = store.indexAlias(name);
    if ((await aliasTargets(store.es, alias)).length === 0) {
      differ(`alias ${alias} does not exist`);
      missing.add(name);
      continue;
    }
    await store.es.indices.refresh({ index: alias });
    counts[name].elasticsearch = (await store.es.count({ index: alias })).count;
  }

  const { rows: total } = await store.pg.query(`select count(*)::int as n from ${family.entityTable}`);
  options.progress?.phase('verifying', total[0].n, family.entities);
  let done = 0;
  for await (const keys of entityKeyBatches(store.pg, family, batchSize)) {
    const expected = await family.buildDocuments(store.pg, keys);
    for (const { name } of family.indices) {
      const docs = expected[name] ?? [];
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
    done += keys.length;
    options.progress?.update(done);
  }
  for (const { name } of family.indices) {
    const { postgres, elasticsearch } = counts[name];
    if (elasticsearch > postgres) differ(`${name}: ${elasticsearch - postgres} document(s) in Elasticsearch that Postgres does not have`);
  }
  options.progress?.finish();
  return { ok: differenceCount === 0, counts, pendingOutbox: outbox[0].n, differenceCount, differences };
}
