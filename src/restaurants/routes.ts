import { batchAnswer } from '../contract/batch';
import { answerSearchList, exportableRoutes } from '../contract/export';
import { searchHits } from '../contract/lists';
import { type Route, route } from '../contract/routes';
import { notFound } from '../errors';
import type { AppDeps } from '../deps';
import { BROWSE_CSV, restaurantInputs } from './openapi';
import { browsePositionShape, buildBrowseRequest, buildNearbyRequest, RESTAURANT_TYPEAHEAD } from './queries';
import { typeahead } from '../search/typeahead';
import { loadInspections, loadProfiles, loadViolations } from './store';
import { summaryOf } from './shape';

export const BATCH_MAX = 50;

export function restaurantRoutes(deps: AppDeps): Route[] {
  // Keystrokes repeat across users: answers are kept until the mode's index changes (TYPEAHEAD_CACHE).
  const names = typeahead(RESTAURANT_TYPEAHEAD, deps.config.typeaheadCache);
  return [
    route({
      method: 'get',
      path: '/api/v1/restaurants/search',
      input: restaurantInputs.search,
      handler: (ctx, { query }) => names.respond(ctx, query),
    }),
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/restaurants',
      input: restaurantInputs.browse,
      async handler(ctx, { query }) {
        await answerSearchList(ctx, deps, ctx.state.store, {
          // The list name is part of the binding: a feed's cursor is never read as a browse position.
          list: 'restaurants',
          csv: BROWSE_CSV,
          query,
          position: browsePositionShape(query.sort),
          index: 'restaurants',
          request: (after) => buildBrowseRequest(query, after),
          item: (hit) => summaryOf(hit),
        });
      },
    })),
    route({
      method: 'get',
      path: '/api/v1/restaurants/nearby',
      input: restaurantInputs.nearby,
      async handler(ctx, { query }) {
        const hits = await searchHits(ctx.state.store, 'restaurants', buildNearbyRequest(query));
        ctx.body = { data: hits.map((hit) => summaryOf(hit, 0)) };
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/restaurants/batch',
      input: restaurantInputs.batch,
      async handler(ctx, { body }) {
        ctx.body = await batchAnswer(body.camis, { max: BATCH_MAX, param: 'camis', load: (ids) => loadProfiles(ctx.state.store, ids, deps.doc) });
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/restaurants/{camis}',
      input: restaurantInputs.profile,
      async handler(ctx, { params: { camis } }) {
        const profile = (await loadProfiles(ctx.state.store, [camis], deps.doc)).get(camis);
        if (!profile) throw notFound(`restaurant ${camis}`);
        ctx.body = { data: profile };
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/restaurants/{camis}/inspections',
      input: restaurantInputs.inspections,
      async handler(ctx, { params: { camis } }) {
        const inspections = await loadInspections(ctx.state.store, camis);
        if (!inspections) throw notFound(`restaurant ${camis}`);
        ctx.body = { data: inspections };
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/restaurants/{camis}/violations',
      input: restaurantInputs.violations,
      async handler(ctx, { params: { camis }, query }) {
        const violations = await loadViolations(ctx.state.store, camis, query.open);
        if (!violations) throw notFound(`restaurant ${camis}`);
        ctx.body = { data: violations };
      },
    }),
  ];
}
