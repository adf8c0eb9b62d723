import { cursorPage } from '../contract/lists';
import { type Route, route } from '../contract/routes';
import type { AppDeps } from '../deps';
import type { ChangeVocabulary } from '../domain/changes';
import type { ChangeInputs } from './openapi';
import { CHANGE_POSITION } from './queries';
import { changeItemOf, changeRows } from './store';

export function changeRoutes(deps: AppDeps, vocabulary: ChangeVocabulary, inputs: ChangeInputs): Route[] {
  const item = changeItemOf(vocabulary);
  return [
    route({
      method: 'get',
      path: '/api/v1/changes',
      input: inputs.list,
      async handler(ctx, { query }) {
        const { store } = ctx.state;
        const { family, kinds, since, after } = query;
        const filter = { family, kinds, since, afterId: after ? Number(after.slice(4)) : undefined };
        ctx.body = await cursorPage(deps.cursors, store.mode, {
          list: 'changes',
          query,
          position: CHANGE_POSITION,
          rows: (position) => changeRows(store, filter, position, query.limit + 1),
          positionOf: (row) => [Number(row.id)],
          item,
        });
      },
    }),
  ];
}
