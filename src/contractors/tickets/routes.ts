import { cursorPage } from '../../contract/lists';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { isoDate } from '../../nyc';
import { clockOf } from '../../platform/fixture-clock';
import { companiesBySlug } from '../store';
import { contractorTicketInputs } from './openapi';
import { TICKET_POSITION } from './queries';
import { ticketItemOf, ticketPositionOf, ticketRows } from './store';

export function contractorTicketRoutes(deps: AppDeps): Route[] {
  return [
    route({
      method: 'get',
      path: '/api/v1/contractors/{slug}/tickets',
      input: contractorTicketInputs.tickets,
      async handler(ctx, { params: { slug }, query }) {
        const { store } = ctx.state;
        const asOf = clockOf(store);
        const company = (await companiesBySlug(store, [slug])).get(slug);
        if (!company) throw notFound(`contractor ${slug}`);
        const { status, hearingAfter, reopenableOnly, since, until, sort } = query;
        ctx.body = await cursorPage(deps.cursors, store.mode, {
          list: 'contractor-tickets',
          query,
          // The company answered for, so an old slug's cursors page the same list.
          scope: { company: company.slug },
          position: TICKET_POSITION,
          rows: (after) =>
            ticketRows(store, { company: company.slug, status, hearingAfter, reopenableOnly, since, until, sort, today: isoDate(asOf) }, after, query.limit + 1, asOf),
          positionOf: ticketPositionOf,
          item: ticketItemOf,
        });
      },
    }),
  ];
}
