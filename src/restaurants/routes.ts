import type { Route, RouteContext } from '../contract/routes';
import { ApiError, notFound } from '../errors';
import type { AppDeps } from '../deps';
import { pageOf, Position, queryBinding } from '../search/cursor';
import { BrowseQuery, browsePositionShape, buildBrowseRequest } from './queries/browse';
import { buildNearbyRequest, NearbyQuery } from './queries/nearby';
import { searchRestaurants, SearchParams } from './search';
import { summaryOf } from './shape';
import { loadInspections, loadProfiles, loadViolations } from './store';

export const BATCH_MAX = 50;

const query = <T>(ctx: RouteContext) => ctx.state.input.query as T;
const camisOf = (ctx: RouteContext) => ctx.state.input.params.camis as string;

export function restaurantRoutes(deps: AppDeps): Route[] {
  return [
    {
      method: 'get',
      path: '/api/v1/restaurants/search',
      async handler(ctx) {
        ctx.body = { data: await searchRestaurants(ctx.state.store, query<SearchParams>(ctx)) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/restaurants',
      async handler(ctx) {
        const { store } = ctx.state;
        const input = query<BrowseQuery & { cursor?: string }>(ctx);
        // The endpoint is part of the binding: a feed's cursor is never read as a browse position.
        const binding = queryBinding('restaurants', store.mode, input as unknown as Record<string, unknown>);
        const after = input.cursor ? deps.cursors.decode(input.cursor, binding, browsePositionShape(input.sort)) : null;
        const response = await store.es.search({ index: store.indexAlias('restaurants'), ...buildBrowseRequest(input, after) }, { ignore: [404] });
        const hits = response.hits?.hits ?? [];
        const page = pageOf(hits, input.limit, (hit) => hit.sort as Position, (position) => deps.cursors.encode(position, binding));
        ctx.body = { data: page.rows.map((hit) => summaryOf(hit)), meta: { nextCursor: page.nextCursor, returned: page.rows.length } };
      },
    },
    {
      method: 'get',
      path: '/api/v1/restaurants/nearby',
      async handler(ctx) {
        const { store } = ctx.state;
        const response = await store.es.search({ index: store.indexAlias('restaurants'), ...buildNearbyRequest(query<NearbyQuery>(ctx)) }, { ignore: [404] });
        ctx.body = { data: (response.hits?.hits ?? []).map((hit) => summaryOf(hit, 0)) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/restaurants/batch',
      async handler(ctx) {
        const requested = (ctx.state.input.body as { camis: string[] }).camis;
        if (requested.length > BATCH_MAX) {
          throw new ApiError(400, 'batch_too_large', `a batch takes at most ${BATCH_MAX} ids; this one had ${requested.length}`, { param: 'camis' });
        }
        const ids = [...new Set(requested)];
        const profiles = await loadProfiles(ctx.state.store, ids, deps.doc);
        const data = ids.filter((id) => profiles.has(id)).map((id) => profiles.get(id));
        ctx.body = { data, meta: { returned: data.length, notFound: ids.filter((id) => !profiles.has(id)) } };
      },
    },
    {
      method: 'get',
      path: '/api/v1/restaurants/{camis}',
      async handler(ctx) {
        const profile = (await loadProfiles(ctx.state.store, [camisOf(ctx)], deps.doc)).get(camisOf(ctx));
        if (!profile) throw notFound(`restaurant ${camisOf(ctx)}`);
        ctx.body = { data: profile };
      },
    },
    {
      method: 'get',
      path: '/api/v1/restaurants/{camis}/inspections',
      async handler(ctx) {
        const inspections = await loadInspections(ctx.state.store, camisOf(ctx));
        if (!inspections) throw notFound(`restaurant ${camisOf(ctx)}`);
        ctx.body = { data: inspections };
      },
    },
    {
      method: 'get',
      path: '/api/v1/restaurants/{camis}/violations',
      async handler(ctx) {
        const violations = await loadViolations(ctx.state.store, camisOf(ctx), query<{ open?: boolean }>(ctx).open);
        if (!violations) throw notFound(`restaurant ${camisOf(ctx)}`);
        ctx.body = { data: violations };
      },
    },
  ];
}
