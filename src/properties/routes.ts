import { answerList, exportableRoutes } from '../contract/export';
import { type Route, route } from '../contract/routes';
import type { AppDeps } from '../deps';
import { deadlinesFor, filterDeadlines } from '../domain/properties/deadlines';
import { notFound } from '../errors';
import { clockOf } from '../platform/fixture-clock';
import { propertyInputs, VIOLATION_DOCKET_CSV } from './openapi';
import { permitRoutes } from './permits/routes';
import { profileRoutes } from './profile/routes';
import { propertySearchRoutes } from './search/routes';
import { positionShapeOf } from './queries';
import { lotFacts } from './deadlines/store';
import { docketRows, lotExists, positionOf } from './store';

export function propertyRoutes(deps: AppDeps): Route[] {
  return [
    ...propertySearchRoutes(deps),
    ...profileRoutes(deps),
    ...permitRoutes(deps),
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/properties/{bbl}/violations',
      input: propertyInputs.violations,
      async handler(ctx, { params: { bbl }, query }) {
        const { store } = ctx.state;
        const { sort, agency, status, since, until, class: violationClass } = query;
        await answerList(ctx, deps, store.mode, {
          list: 'property-violations',
          csv: VIOLATION_DOCKET_CSV,
          query,
          scope: { bbl },
          position: positionShapeOf(sort),
          async rows(after, count) {
            const rows = await docketRows(store, { bbl, agency, status, violationClass, since, until, sort }, after, count);
            // A violation's lot exists (foreign key): only an empty page asks whether the lot does.
            if (rows.length === 0 && !(await lotExists(store, bbl))) throw notFound(`property ${bbl}`);
            return rows;
          },
          positionOf: (row) => positionOf(row, sort),
          item: (row) => row.item,
        });
      },
    })),
    route({
      method: 'get',
      path: '/api/v1/properties/{bbl}/deadlines',
      input: propertyInputs.deadlines,
      async handler(ctx, { params: { bbl }, query }) {
        const { store } = ctx.state;
        // Only the datasets this store has ingested are present; every other filing list
        // stays absent (not loaded), which the rules serve as reminders.
        const lot = await lotFacts(store, bbl);
        if (!lot) throw notFound(`property ${bbl}`);
        ctx.body = { data: filterDeadlines(deadlinesFor(lot, clockOf(store)), { status: query.status, dueBefore: query.dueBefore }) };
      },
    }),
  ];
}
