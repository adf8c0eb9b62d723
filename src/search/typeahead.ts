import type { Client } from '@elastic/elasticsearch';
import type { AnswerCacheConfig } from '../config';
import { answerCache } from './answer-cache';

/**
 * The typeahead kit: every typeahead (restaurants, property addresses, contractor companies)
 * is one table of score tiers, what a query is read as, and how a hit is shaped; from that
 * table the kit builds the one Elasticsearch request of a keystroke, keeps answers in the
 * answer cache, answers the route and writes the ranking text of the OpenAPI document.
 *
 * Score tiers, never blended scores: each tier is a constant_score clause and dis_max keeps a
 * document's best, so a better kind of match always outranks a worse one; a tier may add a
 * little inside itself (`inside`, less than the gap to the next tier), and the table may add
 * a bonus inside every tier (`bonus`, e.g. the place typed). The sort after the score decides
 * inside the same score.
 *
 * Readings: what q is read as, in order, each answering only when every earlier one found
 * nothing (the restaurant typeahead's retry without a dead last word); a reading may name a
 * filter (`first`) whose matches answer alone when there are any (a place typed at the end:
 * inside the place, else citywide). All of them are clauses of the same request: each reading
 * and its `first` lift their matches by a band of GROUP points above the later ones, and the
 * answer keeps the band of its best hit only. So a keystroke costs one search, whatever the
 * tiers, readings and places.
 */

/** A document's score band: tiers and bonuses stay below it, readings and `first` move by whole bands. */
export const GROUP = 2048;

/** One tier of a ranking: what it matches, as a filter over the reading's input. */
export interface Tier<Input> {
  /** The tier's name in the family's table (tests and fixtures read it). */
  name: string;
  score: number;
  /** What the tier matches, as the OpenAPI ranking text says it. */
  matches: string;
  /** The tier's filter for this input, or null when it can add nothing for it. */
  filter(input: Input): object | null;
  /** Scored clauses added inside the tier (together less than the gap to the next tier), e.g. closer spellings first. */
  inside?(input: Input): object[];
}

/** One way of reading q. */
export interface Reading<Input> {
  input: Input;
  /** Matches inside this filter answer alone when there are any. */
  first?: object | null;
}

export interface TypeaheadHit {
  fields?: Record<string, unknown[]>;
  sort?: unknown[];
}

/** What a family declares; everything else is the kit's. */
export interface TypeaheadTable<Query extends { limit: number }, Input, Item> {
  /** The family's index (the mode's alias is the store's). */
  index: string;
  /** The tiers, best first. */
  tiers: ReadonlyArray<Tier<Input>>;
  /** The readings of q (its normalisation happens here, once), in order; none when q names nothing to look for. */
  readings(query: Query): Array<Reading<Input>>;
  /** Added inside every tier (less than the gap between tiers), or null. */
  bonus?(input: Input): object | null;
  /** Filters every hit passes. */
  filter?: object[];
  /** The sort after the score: what decides inside the same score. */
  order(query: Query): object[];
  /** The doc-value fields a hit is shaped from (nothing else is fetched). */
  fields: string[];
  /** The served item of a hit. */
  shape(hit: TypeaheadHit, query: Query): Item;
  /**
   * The served item of a hit as JSON text, the same as JSON.stringify(shape(hit, query)), for
   * an index that keeps the item whole as JSON: the answer is then written without parsing
   * each item and writing it again.
   */
  json?(hit: TypeaheadHit, query: Query): string;
}

/** The part of a store the kit reads (the API's DataStore is one). */
export interface TypeaheadStore {
  es: Client;
  indexAlias(name: string): string;
}

/** The part of a route's context the kit answers on (a Koa context is one). */
export interface TypeaheadContext {
  state: { store: TypeaheadStore };
  type: string;
  body: unknown;
}

export interface Typeahead<Query extends { limit: number }, Item> {
  /** The one request of a keystroke, or null when q names nothing to look for. */
  request(query: Query): Record<string, unknown> | null;
  /** At most query.limit items, best first: one search, or none. */
  search(store: TypeaheadStore, query: Query): Promise<Item[]>;
  /** The route's handler: the answer's JSON, from the cache while the index has not changed. */
  respond(ctx: TypeaheadContext, query: Query): Promise<void>;
}

const FETCH = { _source: false, stored_fields: '_none_', track_total_hits: false } as const;
/** Only what a hit is shaped from comes back: a smaller answer to send and parse. */
const HIT_FIELDS = ['hits.hits.fields', 'hits.hits.sort'];
const MATCH_ALL = { match_all: {} };

/** The tiers of one input as one clause (dis_max: a document's best tier), or null when none applies. */
export function tiersClause<Input>(tiers: ReadonlyArray<Tier<Input>>, input: Input): object | null {
  const clauses: object[] = [];
  for (const tier of tiers) {
    const filter = tier.filter(input);
    if (!filter) continue;
    const scored = { constant_score: { filter, boost: tier.score } };
    const inside = tier.inside?.(input);
    clauses.push(inside && inside.length ? { bool: { must: [scored], should: inside } } : scored);
  }
  if (clauses.length === 0) return null;
  return clauses.length === 1 ? clauses[0] : { dis_max: { queries: clauses, tie_breaker: 0 } };
}

/** The ranking as served: the table's tiers in order, with their scores. */
export function rankingText(tiers: ReadonlyArray<Pick<Tier<unknown>, 'score' | 'matches'>>): string {
  return tiers.map((tier, i) => `${i + 1}. (${tier.score}) ${tier.matches}`).join('\n');
}

export function typeahead<Query extends { limit: number }, Input, Item>(table: TypeaheadTable<Query, Input, Item>, cacheConfig?: AnswerCacheConfig): Typeahead<Query, Item> {
  const top = Math.max(...table.tiers.map((tier) => tier.score));
  if (!(top < GROUP / 2)) throw new Error(`a tier scores ${top}: tiers and bonuses must stay below ${GROUP / 2}`);
  const answers = answerCache(cacheConfig ?? { enabled: false, checkMs: 0, maxBytes: 0 });

  /** The request, and whether its hits come in bands (readings or a `first`) to cut to the best one's. */
  const build = (query: Query): { request: Record<string, unknown>; banded: boolean } | null => {
    const readings = table.readings(query);
    const clauses: Array<{ tiers: object; should: object[]; first?: object | null }> = [];
    for (const reading of readings) {
      const tiers = tiersClause(table.tiers, reading.input);
      if (!tiers) continue;
      const bonus = table.bonus?.(reading.input);
      clauses.push({ tiers, should: bonus ? [bonus] : [], first: reading.first });
    }
    if (clauses.length === 0) return null;
    const banded = clauses.length > 1 || clauses.some((clause) => clause.first);
    const scored = clauses.map((clause, i) => {
      const should = [...clause.should];
      // Two bands a reading (inside its `first`, and the rest), the first reading highest.
      const lift = (clauses.length - 1 - i) * 2 * GROUP;
      if (lift) should.push({ constant_score: { filter: MATCH_ALL, boost: lift } });
      if (clause.first) should.push({ constant_score: { filter: clause.first, boost: GROUP } });
      return should.length ? { bool: { must: [clause.tiers], should } } : clause.tiers;
    });
    const best = scored.length === 1 ? scored[0] : { dis_max: { queries: scored, tie_breaker: 0 } };
    const query_ = table.filter?.length ? { bool: { must: [best], filter: table.filter } } : best;
    return {
      banded,
      request: {
        size: query.limit,
        ...FETCH,
        docvalue_fields: table.fields,
        query: query_,
        sort: [{ _score: { order: 'desc' } }, ...table.order(query)],
      },
    };
  };

  /** The hits that answer: one search, cut to the best band. */
  const answering = async (store: TypeaheadStore, query: Query): Promise<TypeaheadHit[]> => {
    const built = build(query);
    if (!built) return [];
    const response = await store.es.search<unknown>({ index: store.indexAlias(table.index), ...built.request, filter_path: HIT_FIELDS }, { ignore: [404] });
    const hits = (response.hits?.hits ?? []) as TypeaheadHit[];
    if (!built.banded || hits.length === 0) return hits;
    // Hits come best first: past the best band, the rest belong to readings that do not answer.
    const band = Math.floor(Number(hits[0].sort?.[0]) / GROUP);
    const end = hits.findIndex((hit) => Math.floor(Number(hit.sort?.[0]) / GROUP) !== band);
    return end < 0 ? hits : hits.slice(0, end);
  };

  const search = async (store: TypeaheadStore, query: Query): Promise<Item[]> => (await answering(store, query)).map((hit) => table.shape(hit, query));

  const answerText = async (store: TypeaheadStore, query: Query): Promise<string> => {
    if (!table.json) return JSON.stringify({ data: await search(store, query) });
    const hits = await answering(store, query);
    let text = '{"data":[';
    for (let i = 0; i < hits.length; i += 1) text += (i ? ',' : '') + table.json(hits[i], query);
    return `${text}]}`;
  };

  return {
    request: (query) => build(query)?.request ?? null,
    search,
    async respond(ctx, query) {
      const { store } = ctx.state;
      // Everything that shapes the answer: the mode's index (in the alias) and every validated parameter.
      const key = JSON.stringify(query, Object.keys(query).sort());
      ctx.type = 'application/json';
      ctx.body = await answers.answer(store.es, store.indexAlias(table.index), key, () => answerText(store, query));
    },
  };
}
