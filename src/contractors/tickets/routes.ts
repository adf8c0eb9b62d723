import { answerList, exportableRoutes } from '../../contract/export';
import { type Route, route } from '../../contract/routes';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { isoDate } from '../../nyc';
import { clockOf } from '../../platform/fixture-clock';
import { companiesBySlug } from '../store';
import { canonicalLink } from '../types';
import { contractorTicketInputs, TICKET_CSV } from './openapi';
import { TICKET_POSITION } from './queries';
import { ticketItemOf, ticketPositionOf, ticketRows } from './store';

export function contractorTicketRoutes(deps: AppDeps): Route[] {
  return [
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/contractors/{slug}/tickets',
      input: contractorTicketInputs.tickets,
      async handler(ctx, { params: { slug }, query }) {
        const { store } = ctx.state;
        const asOf = clockOf(store);
        const company = (await companiesBySlug(store, [slug])).get(slug);
        if (!company) throw notFound(`contractor ${slug}`);
        const link = canonicalLink(ctx.path, slug, company.slug, ctx.querystring);
        if (link) ctx.set('Link', link);
        const { status, hearingAfter, reopenableOnly, since, until, sort } = query;
        await answerList(ctx, deps, store.mode, {
          list: 'contractor-tickets',
          csv: TICKET_CSV,
          query,
          // The company answered for, so an old slug's cursors page the same list.
          scope: { company: company.slug },
          position: TICKET_POSITION,
          rows: (after, count) =>
            ticketRows(store, { company: company.slug, status, hearingAfter, reopenableOnly, since, until, sort, today: isoDate(asOf) }, after, count, asOf),
          positionOf: ticketPositionOf,
          item: ticketItemOf,
        });
      },
    })),
  ];
}
