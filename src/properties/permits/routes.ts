import { answerList, exportableRoutes } from '../../contract/export';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { lotExists } from '../store';
import { PERMIT_CSV, permitInputs } from './openapi';
import { PERMIT_POSITION } from './queries';
import { permitPositionOf, permitRows } from './store';

export function permitRoutes(deps: AppDeps): Route[] {
  return [
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/properties/{bbl}/permits',
      input: permitInputs.permits,
      async handler(ctx, { params: { bbl }, query }) {
        const { store } = ctx.state;
        const { sort, status, since, until } = query;
        await answerList(ctx, deps, store.mode, {
          list: 'property-permits',
          csv: PERMIT_CSV,
          query,
          scope: { bbl },
          position: PERMIT_POSITION,
          async rows(after, count) {
            const rows = await permitRows(store, { bbl, status, since, until, sort }, after, count);
            // A permit's lot exists (foreign key): only an empty page asks whether the lot does.
            if (rows.length === 0 && !(await lotExists(store, bbl))) throw notFound(`property ${bbl}`);
            return rows;
          },
          positionOf: permitPositionOf,
          item: (row) => row.item,
        });
      },
    })),
  ];
}
