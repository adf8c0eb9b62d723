import { answerCopyList, answerSearchList, type CopyStatement, type CsvColumns, exportableRoutes, type ExportQuery, wantsCsv } from '../../contract/export';
import { type Route, route, type RouteContext } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import type { Position } from '../../search/cursor';
import type { DataStore } from '../../stores';
import { BOROUGHS } from '../types';
import { feedInputs, INSPECTION_FEED_CSV, STATS_CACHE_HOURS, VIOLATION_FEED_CSV } from './openapi';
import {
  buildInspectionFeedRequest, buildViolationFeedRequest, FEED_POSITION, inspectionFeedStatement, violationExportFromPostgres, violationFeedStatement,
} from './queries';
import { ExpiringCache } from '../../platform/expiring-cache';
import { Aggregates, cuisines, restaurantAggregates, violationCodes } from './store';

const STATS_TTL_MS = STATS_CACHE_HOURS * 3600 * 1000;
/** Cached narrowings kept at once (6 boroughs x a few hundred cuisines fit; free-text cuisines cannot grow it further). */
const STATS_CACHE_ENTRIES = 2000;

export function feedRoutes(deps: AppDeps): Route[] {
  // Aggregates are expensive and slow-moving: kept per mode, schema and narrowing for up to STATS_TTL_MS.
  const statsCache = new ExpiringCache<Aggregates>(STATS_TTL_MS, STATS_CACHE_ENTRIES);
  const cachedAggregates = (store: DataStore, narrow: { borough?: string; cuisine?: string }) => {
    const key = JSON.stringify([store.mode, store.schema, narrow.borough ?? null, narrow.cuisine?.toLowerCase() ?? null]);
    return statsCache.get(key, () => restaurantAggregates(store, narrow));
  };

  /**
   * A feed page of rows as indexed, or its CSV export: from Postgres in one COPY when a
   * statement is given (the canonical rows, same filters and order), else walking the index.
   * The list name binds cursors and never changes with the index's name (cursors never expire).
   */
  const feedAnswer = async (
    ctx: RouteContext,
    feed: { list: string; index: string; csv: CsvColumns },
    query: ExportQuery,
    request: (after: Position | null) => Record<string, unknown>,
    statement: ((after: Position | null) => CopyStatement) | null,
  ) => {
    if (statement && wantsCsv(ctx, query.format)) {
      await answerCopyList(ctx, deps, ctx.state.store, { list: feed.list, query, position: FEED_POSITION, csv: feed.csv, statement });
      return;
    }
    await answerSearchList(ctx, deps, ctx.state.store, { ...feed, query, position: FEED_POSITION, request, item: (hit) => hit._source });
  };

  return [
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/violations',
      input: feedInputs.violations,
      async handler(ctx, { query }) {
        await feedAnswer(ctx, { list: 'violations', index: 'restaurant_violations', csv: VIOLATION_FEED_CSV }, query, (after) => buildViolationFeedRequest(query, after),
          violationExportFromPostgres(query) ? (after) => violationFeedStatement(query, after) : null);
      },
    })),
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/inspections',
      input: feedInputs.inspections,
      async handler(ctx, { query }) {
        await feedAnswer(ctx, { list: 'inspections', index: 'restaurant_inspections', csv: INSPECTION_FEED_CSV }, query, (after) => buildInspectionFeedRequest(query, after),
          (after) => inspectionFeedStatement(query, after));
      },
    })),
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
    route({
      method: 'get',
      path: '/api/v1/stats/restaurants',
      input: feedInputs.stats,
      async handler(ctx, { query }) {
        const entry = await cachedAggregates(ctx.state.store, query);
        ctx.set('Cache-Control', `private, max-age=${Math.max(0, Math.floor((entry.expiresAt - Date.now()) / 1000))}`);
        ctx.body = { data: entry.value };
      },
    }),
  ];
}
