import type { Client } from '@elastic/elasticsearch';
import type { DataStore } from '../../src/stores';
import type { Family } from '../load/types';
import { indexDefinition } from './mappings';

/** Concrete indices are `<alias>_v<timestamp>`; readers only ever use the alias. */
export function versionedIndexName(alias: string, stamp = Date.now()): string {
  return `${alias}_v${stamp}`;
}

export async function createIndex(es: Client, index: string, name: string, overrides: Record<string, unknown> = {}): Promise<void> {
  const definition = indexDefinition(name);
  await es.indices.create({ index, settings: { ...definition.settings, ...overrides }, mappings: definition.mappings } as never);
}

/** The indices an alias points at now (none when it does not exist). */
export async function aliasTargets(es: Client, alias: string): Promise<string[]> {
  try {
    return Object.keys(await es.indices.getAlias({ name: alias }));
  } catch (error) {
    if ((error as { meta?: { statusCode?: number } }).meta?.statusCode === 404) return [];
    throw error;
  }
}

/** Creates a first versioned index behind each missing alias of the family (incremental indexing needs somewhere to write). */
export async function ensureIndices(store: DataStore, family: Family): Promise<void> {
  for (const { name } of family.indices) {
    const alias = store.indexAlias(name);
    if ((await aliasTargets(store.es, alias)).length) continue;
    const index = versionedIndexName(alias);
    await createIndex(store.es, index, name);
    try {
      await store.es.indices.updateAliases({ actions: [{ add: { index, alias, is_write_index: true } }] });
    } catch (error) {
      // Another process won the race: keep its index, drop ours.
      await store.es.indices.delete({ index }).catch(() => undefined);
      if (!(await aliasTargets(store.es, alias)).length) throw error;
    }
  }
}

/** The revision an index mapping declares in `_meta.revision` (0 when it declares none). */
export function mappingRevision(mappings: Record<string, unknown> | undefined): number {
  return Number((mappings?._meta as { revision?: number } | undefined)?.revision ?? 0);
}

/** The family's indices whose alias is missing or points at an index built from an older mapping than index-mappings/ holds. */
export async function staleIndices(store: DataStore, family: Family): Promise<string[]> {
  const stale: string[] = [];
  for (const { name } of family.indices) {
    const targets = await aliasTargets(store.es, store.indexAlias(name));
    // Missing (a new index, or one renamed since the last build): built from Postgres too.
    if (!targets.length) {
      stale.push(name);
      continue;
    }
    const wanted = mappingRevision(indexDefinition(name).mappings);
    const found = await store.es.indices.getMapping({ index: targets });
    if (Object.values(found).some((index) => mappingRevision(index.mappings as Record<string, unknown>) !== wanted)) stale.push(name);
  }
  return stale;
}

/** Points each alias at its new index and away from every old one, in one atomic call. */
export async function swapAliases(es: Client, swaps: Array<{ alias: string; index: string }>): Promise<string[]> {
  const actions: object[] = [];
  const old: string[] = [];
  for (const { alias, index } of swaps) {
    for (const target of await aliasTargets(es, alias)) {
      actions.push({ remove: { index: target, alias } });
      old.push(target);
    }
    actions.push({ add: { index, alias, is_write_index: true } });
  }
  await es.indices.updateAliases({ actions } as never);
  return old;
}

/** The refresh interval index-mappings/ gives an index; null is Elasticsearch's default (1s, skipped while no one searches). */
export function mappedRefreshInterval(name: string): string | null {
  return (indexDefinition(name).settings.refresh_interval as string | undefined) ?? null;
}

/** Sets the indices' refresh interval; null resets it to Elasticsearch's default (which the client's types do not allow). */
export async function setRefreshInterval(es: Client, index: string | string[], interval: string | null): Promise<void> {
  await es.indices.putSettings({ index, settings: { refresh_interval: interval } } as never);
}

/**
 * Stops the periodic refreshes of the family's live indices while a large load indexes into
 * them: each refresh writes a new segment per shard that merges then rewrite (17 refreshes,
 * 8.7 s of Elasticsearch's time in one contractors load). Readers keep seeing the indices as
 * they were until restoreRefreshes and the load's final refresh.
 */
export async function pauseRefreshes(store: DataStore, family: Family): Promise<void> {
  await setRefreshInterval(store.es, family.indices.map(({ name }) => store.indexAlias(name)), '-1');
}

/**
 * Gives each of the family's live indices left at refresh_interval -1 its mapped interval
 * back: after a paused load, and after any load, so the -1 a killed run left behind lasts
 * only until the family's next load. Indices at any other interval are not touched.
 */
export async function restoreRefreshes(store: DataStore, family: Family): Promise<void> {
  for (const { name } of family.indices) {
    const alias = store.indexAlias(name);
    const found = await store.es.indices.getSettings({ index: alias, name: 'index.refresh_interval' });
    const paused = Object.entries(found)
      .filter(([, entry]) => (entry.settings as { index?: { refresh_interval?: string } } | undefined)?.index?.refresh_interval === '-1')
      .map(([index]) => index);
    if (paused.length) await setRefreshInterval(store.es, paused, mappedRefreshInterval(name));
  }
}

/** A load that rewrote at least this share of the family's documents merges its keystroke indices. */
const MERGE_FROM_SHARE = 0.25;

/**
 * Merges the family's forceMerge indices to one segment after a load that rewrote a large share
 * of their documents (a first load, a full reload), as a rebuild does: a load leaves several
 * segments, and the typeahead's fuzzy tiers walk every segment's terms (the restaurant
 * typeahead's shard time per query 2.33 -> 1.51 ms at 3 segments against 1, docs/benchmarks.md). A small
 * re-ingest leaves merging to Elasticsearch's own policy, since a forced merge of the whole
 * index costs seconds it does not need to pay.
 */
export async function mergeAfterLargeLoad(store: DataStore, family: Family, documentsIndexed: number): Promise<string[]> {
  const aliases = family.indices.map(({ name }) => store.indexAlias(name));
  const { count } = await store.es.count({ index: aliases });
  if (count === 0 || documentsIndexed < count * MERGE_FROM_SHARE) return [];
  const merged = family.indices.filter((index) => index.forceMerge).map(({ name }) => store.indexAlias(name));
  await mergeToOneSegment(store.es, merged);
  return merged;
}

/** Merging a city-scale index takes longer than a query's timeout, and a retry would merge again. */
const MERGE_TIMEOUT_MS = 10 * 60_000;

export async function mergeToOneSegment(es: Client, indices: string[]): Promise<void> {
  if (indices.length) await es.indices.forcemerge({ index: indices, max_num_segments: 1 }, { requestTimeout: MERGE_TIMEOUT_MS, maxRetries: 0 });
}

/** Makes everything indexed into the family's indices searchable now. */
export async function refreshIndices(store: DataStore, family: Family): Promise<void> {
  await store.es.indices.refresh({ index: family.indices.map(({ name }) => store.indexAlias(name)) });
}

/**
 * Versioned indices of an alias that the alias does not point at: what a rebuild killed
 * before its swap (or between the swap and deleting the old index) leaves behind.
 */
export async function orphanIndices(es: Client, alias: string): Promise<string[]> {
  const prefix = `${alias}_v`;
  const existing = Object.keys(await es.indices.get({ index: `${prefix}*`, expand_wildcards: 'all', allow_no_indices: true }));
  const live = new Set(await aliasTargets(es, alias));
  return existing.filter((index) => /^\d+$/.test(index.slice(prefix.length)) && !live.has(index)).sort();
}
