import type { Client } from '@elastic/elasticsearch';
import type { AnswerCacheConfig } from '../config';

/**
 * Serialized answers of a search endpoint, kept in memory and dropped whenever the index they
 * were read from changes, whichever process changed it (an ingest, a drain of the outbox, a
 * rebuild that swaps the alias, a rederive).
 *
 * What "changed" means: the index's generation, read from Elasticsearch itself: the concrete
 * indices behind the alias and, for each, its counts of indexed and deleted documents and of
 * refreshes (all copies). Every write moves a count and every refresh that makes writes
 * visible moves the refresh count, and a rebuild points the alias at another index, so no
 * process has to tell the API anything. The generation is asked at most once per `checkMs`
 * per index, in the background, while answers are served: an answer is at most about
 * 2 x checkMs behind the index (Elasticsearch's own refresh interval is 1 s). When no check
 * has succeeded for 2 x checkMs (after an idle spell, or Elasticsearch failing), answers are
 * neither served from nor kept in the cache until one does; a failed check alone drops nothing.
 *
 * A race is closed by epochs: an answer computed while the generation moved is not kept.
 * Concurrent misses of one key share one computation.
 */

type ReadGeneration = (es: Client, index: string) => Promise<string>;

/** The index's generation: concrete indices and their write and refresh counts (filter_path keeps the answer small). */
export const readIndexGeneration: ReadGeneration = async (es, index) => {
  const stats = await es.indices.stats(
    {
      index,
      metric: ['indexing', 'refresh'],
      filter_path: ['indices.*.total.indexing.index_total', 'indices.*.total.indexing.delete_total', 'indices.*.total.refresh.total', 'indices.*.total.refresh.external_total'],
    },
    { requestTimeout: 2000, maxRetries: 0 },
  );
  const indices = (stats as { indices?: Record<string, unknown> }).indices ?? {};
  return JSON.stringify(Object.keys(indices).sort().map((name) => [name, indices[name]]));
};

interface IndexState {
  generation?: string;
  /** When the last successful check started (the answers kept are at least that fresh). */
  checkedAt: number;
  checking?: Promise<void>;
  /** Moves with every change of generation or failed check; an answer is kept with the epoch it was computed in. */
  epoch: number;
}

interface Entry {
  index: string;
  epoch: number;
  body: string;
}

export interface AnswerCache {
  /**
   * The serialized answer for `key` on `index` (an alias): from the cache when the index has
   * not changed since it was kept, otherwise from `compute`, kept for the next caller.
   */
  answer(es: Client, index: string, key: string, compute: () => Promise<string>): Promise<string>;
}

/** What a cache that is off does: always compute. */
const NO_CACHE: AnswerCache = { answer: (_es, _index, _key, compute) => compute() };

export function answerCache(config: AnswerCacheConfig, readGeneration: ReadGeneration = readIndexGeneration, now: () => number = Date.now): AnswerCache {
  if (!config.enabled) return NO_CACHE;
  const states = new Map<string, IndexState>();
  // Insertion order is recency order: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const inFlight = new Map<string, { epoch: number; body: Promise<string> }>();

  const forget = (slot: string, entry: Entry) => {
    entries.delete(slot);
    bytes -= entry.body.length;
  };

  const check = (es: Client, index: string, state: IndexState) => {
    if (state.checking) return;
    const startedAt = now();
    state.checking = readGeneration(es, index)
      .then(
        (generation) => {
          if (generation !== state.generation) {
            state.generation = generation;
            state.epoch++;
          }
          state.checkedAt = startedAt;
        },
        () => {
          // Elasticsearch not answering proves no change: the kept answers wait, unserved once the
          // last good check is 2 x checkMs old, until a check confirms or moves the generation.
        },
      )
      .finally(() => {
        state.checking = undefined;
      });
  };

  return {
    async answer(es, index, key, compute) {
      let state = states.get(index);
      if (!state) states.set(index, (state = { checkedAt: -Infinity, epoch: 0 }));
      const age = now() - state.checkedAt;
      if (age >= config.checkMs) check(es, index, state);
      const current = state.generation !== undefined && age < 2 * config.checkMs;
      const slot = `${index}\n${key}`;
      const hit = entries.get(slot);
      if (hit && hit.epoch !== state.epoch) forget(slot, hit);
      else if (hit && current) {
        // Most recently used goes last.
        entries.delete(slot);
        entries.set(slot, hit);
        return hit.body;
      }
      const epoch = state.epoch;
      // Users typing the same name at once ask the same thing: one computation answers them all.
      const pending = inFlight.get(slot);
      if (current && pending?.epoch === epoch) return pending.body;
      const body = compute();
      if (current) inFlight.set(slot, { epoch, body });
      let text: string;
      try {
        text = await body;
      } finally {
        if (inFlight.get(slot)?.body === body) inFlight.delete(slot);
      }
      if (current && state.epoch === epoch && text.length <= config.maxBytes) {
        const racing = entries.get(slot);
        if (racing) forget(slot, racing);
        entries.set(slot, { index, epoch, body: text });
        bytes += text.length;
        for (const [oldest, entry] of entries) {
          if (bytes <= config.maxBytes) break;
          forget(oldest, entry);
        }
      }
      return text;
    },
  };
}
