import type { Route, RouteContext } from '../contract/routes';
import type { AppDeps } from '../deps';
import { pageOf, Position, queryBinding } from '../search/cursor';
import type { DataStore } from '../stores';
import { BOROUGHS } from '../restaurants/types';
import { STATS_CACHE_HOURS } from './openapi';
import { buildInspectionFeedRequest, buildViolationFeedRequest, FEED_POSITION, InspectionFeedQuery, ViolationFeedQuery } from './queries';
import { ExpiringCache } from './stats-cache';
import { Aggregates, cuisines, restaurantAggregates, violationCodes } from './store';

const STATS_TTL_MS = STATS_CACHE_HOURS * 3600 * 1000;
/** Cached narrowings kept at once (6 boroughs x a few hundred cuisines fit; free-text cuisines cannot grow it further). */
const STATS_CACHE_ENTRIES = 2000;

/** One feed page: limit + 1 rows after the cursor's position, newest first. */
async function feedPage(
  deps: AppDeps,
  ctx: RouteContext,
  feed: { list: string; index: string },
  build: (query: never, after: Position | null) => Record<string, unknown>,
): Promise<void> {
  const { store } = ctx.state;
  const input = ctx.state.input.query as { limit: number; cursor?: string };
  // The list name binds cursors; it never changes with the index's name (cursors never expire).
  const binding = queryBinding(feed.list, store.mode, input);
  const after = input.cursor ? deps.cursors.decode(input.cursor, binding, FEED_POSITION) : null;
  const response = await store.es.search({ index: store.indexAlias(feed.index), ...build(input as never, after) }, { ignore: [404] });
  const page = pageOf(response.hits?.hits ?? [], input.limit, (hit) => hit.sort as Position, (position) => deps.cursors.encode(position, binding));
  ctx.body = { data: page.rows.map((hit) => hit._source), meta: { nextCursor: page.nextCursor, returned: page.rows.length } };
}

export function feedRoutes(deps: AppDeps): Route[] {
  // Aggregates are expensive and slow-moving: kept per mode, schema and narrowing for up to STATS_TTL_MS.
  const statsCache = new ExpiringCache<Aggregates>(STATS_TTL_MS, STATS_CACHE_ENTRIES);
  const cachedAggregates = (store: DataStore, narrow: { borough?: string; cuisine?: string }) => {
    const key = JSON.stringify([store.mode, store.schema, narrow.borough ?? null, narrow.cuisine ?? null]);
    return statsCache.get(key, () => restaurantAggregates(store, narrow));
  };

  return [
    {
      method: 'get',
      path: '/api/v1/violations',
      handler: (ctx) => feedPage(deps, ctx, { list: 'violations', index: 'restaurant_violations' }, buildViolationFeedRequest as (q: ViolationFeedQuery, a: Position | null) => Record<string, unknown>),
    },
    {
      method: 'get',
      path: '/api/v1/inspections',
      handler: (ctx) => feedPage(deps, ctx, { list: 'inspections', index: 'restaurant_inspections' }, buildInspectionFeedRequest as (q: InspectionFeedQuery, a: Position | null) => Record<string, unknown>),
    },
    {
      method: 'get',
      path: '/api/v1/meta/cuisines',
      async handler(ctx) {
        ctx.body = { data: await cuisines(ctx.state.store) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/meta/boroughs',
      handler(ctx) {
        ctx.body = { data: [...BOROUGHS] };
      },
    },
    {
      method: 'get',
      path: '/api/v1/meta/violation-codes',
      async handler(ctx) {
        ctx.body = { data: await violationCodes(ctx.state.store) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/stats/restaurants',
      async handler(ctx) {
        const entry = await cachedAggregates(ctx.state.store, ctx.state.input.query as { borough?: string; cuisine?: string });
        ctx.set('Cache-Control', `private, max-age=${Math.max(0, Math.floor((entry.expiresAt - Date.now()) / 1000))}`);
        ctx.body = { data: entry.value };
      },
    },
  ];
}
