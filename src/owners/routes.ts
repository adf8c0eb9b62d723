import { batchAnswer } from '../contract/batch';
import { answerList, exportableRoutes } from '../contract/export';
import { type Route, route } from '../contract/routes';
import type { AppDeps } from '../deps';
import { ApiError, notFound } from '../errors';
import { isoDate } from '../nyc';
import { clockOf } from '../platform/fixture-clock';
import { contractorFigures } from '../contractors/figures';
import { LOT_FIGURES_BATCH, type LotFigures, propertyFigures } from '../properties/figures';
import type { Position, PositionShape } from '../search/cursor';
import { typeahead } from '../search/typeahead';
import type { DataStore } from '../stores';
import { PORTFOLIO_TYPEAHEAD } from './search/queries';
import { ownerInputs, PORTFOLIO_BATCH_MAX_LOTS, PORTFOLIO_BATCH_MAX, PORTFOLIO_LOTS_CSV } from './openapi';
import { contactItems } from './shape';
import { lotPortfolio, portfolioExists, portfolioLotCount, portfolioLots, portfolioLotsAfter, portfolioRow } from './store';
import { PORTFOLIO_ID_PATTERN, type PortfolioLotSort } from './types';

/** The figures of any number of lots, read a batch at a time, in the order asked. */
async function figuresOf(store: DataStore, bbls: readonly string[], asOf: Date): Promise<LotFigures[]> {
  const out: LotFigures[] = [];
  for (let at = 0; at < bbls.length; at += LOT_FIGURES_BATCH) {
    const batch = bbls.slice(at, at + LOT_FIGURES_BATCH);
    const figures = await propertyFigures.lotFigures(store, batch, asOf);
    for (const bbl of batch) {
      const lot = figures.get(bbl);
      if (lot) out.push(lot);
    }
  }
  return out;
}

const POSITION: Record<PortfolioLotSort, PositionShape> = { bbl: ['string'], '-openViolations': ['integer', 'string'], openViolations: ['integer', 'string'] };

/**
 * The portfolio's lots in list order as [position, bbl], from the start: by open violations,
 * from the docket's counts of all its lots (a portfolio is at most a few thousand lots: one
 * grouped count, sorted here).
 */
async function lotsByOpenViolations(store: DataStore, id: string, sort: Exclude<PortfolioLotSort, 'bbl'>): Promise<Array<{ position: Position; bbl: string }>> {
  const bbls = await portfolioLots(store, id);
  const counts = await propertyFigures.openViolationCounts(store, bbls);
  const direction = sort === '-openViolations' ? -1 : 1;
  return bbls
    .map((bbl) => ({ position: [counts.get(bbl) ?? 0, bbl] as Position, bbl }))
    .sort((a, b) => direction * (((a.position[0] as number) - (b.position[0] as number)) || (a.bbl < b.bbl ? -1 : a.bbl > b.bbl ? 1 : 0)));
}

/** Whether position a comes after b in the list's order. */
function after(a: Position, b: Position, sort: PortfolioLotSort): boolean {
  const direction = sort === '-openViolations' ? -1 : 1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    return direction * ((a[i] as number | string) < (b[i] as number | string) ? -1 : 1) > 0;
  }
  return false;
}

/** A portfolio as GET /portfolios/{id} serves it (who makes it, totals over its lots); null when none is served by that id. */
async function portfolioOf(store: DataStore, id: string) {
  const portfolio = await portfolioRow(store, id);
  if (!portfolio) return null;
  const [lots, contractors] = await Promise.all([
    figuresOf(store, await portfolioLots(store, id), clockOf(store)),
    contractorFigures.companiesNamed(store, portfolio.corporations.map((corporation) => corporation.name)),
  ]);
  const sum = (figure: (lot: LotFigures) => number) => lots.reduce((total, lot) => total + figure(lot), 0);
  return {
    id: portfolio.id,
    people: portfolio.people,
    corporations: portfolio.corporations,
    businessAddresses: portfolio.addresses,
    totals: {
      lots: portfolio.lots,
      unitsResidential: sum((lot) => lot.unitsResidential ?? 0),
      openViolations: sum((lot) => lot.openViolations),
      overdueDeadlines: sum((lot) => lot.overdueDeadlines),
      actionNeededDeadlines: sum((lot) => lot.actionNeededDeadlines),
      oathTicketsWithFinesDue: contractors.ticketsWithFinesDue,
      oathFinesDueCents: contractors.finesDueCents,
    },
    contractors: contractors.companies,
    groupedAt: portfolio.groupedAt,
  };
}

export function ownerRoutes(deps: AppDeps): Route[] {
  // Keystrokes repeat across users: answers are kept until the mode's portfolios index changes (TYPEAHEAD_CACHE).
  const portfolios = typeahead(PORTFOLIO_TYPEAHEAD, deps.config.typeaheadCache);
  return [
    route({
      method: 'get',
      path: '/api/v1/portfolios/search',
      input: ownerInputs.search,
      handler: (ctx, { query }) => portfolios.respond(ctx, query),
    }),
    route({
      method: 'get',
      path: '/api/v1/properties/{bbl}/owners',
      input: ownerInputs.lotOwners,
      async handler(ctx, { params: { bbl } }) {
        const { store } = ctx.state;
        const placed = await lotPortfolio(store, bbl);
        const registration = await propertyFigures.lotRegistration(store, bbl, placed?.registrationId ?? null);
        if (!registration && !(await propertyFigures.lotOnRecord(store, bbl))) throw notFound(`property ${bbl}`);
        const today = isoDate(clockOf(store));
        ctx.body = {
          data: {
            bbl,
            registration: registration && { id: registration.id, registeredOn: registration.registeredOn, endsOn: registration.endsOn, current: registration.endsOn !== null && registration.endsOn >= today },
            contacts: registration ? contactItems(registration) : [],
            portfolio: placed && registration ? { id: placed.portfolio.id, lots: placed.portfolio.lots, unitsResidential: placed.portfolio.units } : null,
          },
        };
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/portfolios/batch',
      input: ownerInputs.batch,
      async handler(ctx, { body }) {
        const { store } = ctx.state;
        ctx.body = await batchAnswer(body.ids, {
          max: PORTFOLIO_BATCH_MAX,
          param: 'ids',
          async load(ids) {
            const wellFormed = ids.filter((candidate) => PORTFOLIO_ID_PATTERN.test(candidate));
            // Every portfolio's totals read each of its lots: the lots of one batch are bounded.
            const lots = await portfolioLotCount(store, wellFormed);
            if (lots > PORTFOLIO_BATCH_MAX_LOTS) {
              throw new ApiError(400, 'batch_too_large', `these portfolios hold ${lots} lots together; a batch answers at most ${PORTFOLIO_BATCH_MAX_LOTS} (ask for the largest alone)`, { param: 'ids' });
            }
            // One portfolio after another: each reads its lots' figures in batches already.
            const found = new Map<string, object>();
            for (const id of wellFormed) {
              const portfolio = await portfolioOf(store, id);
              if (portfolio) found.set(id, portfolio);
            }
            return found;
          },
        });
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/portfolios/{id}',
      input: ownerInputs.portfolio,
      async handler(ctx, { params: { id } }) {
        const portfolio = await portfolioOf(ctx.state.store, id);
        if (!portfolio) throw notFound(`portfolio ${id}`);
        ctx.body = { data: portfolio };
      },
    }),
    ...exportableRoutes(route({
      method: 'get',
      path: '/api/v1/portfolios/{id}/lots',
      input: ownerInputs.portfolioLots,
      async handler(ctx, { params: { id }, query }) {
        const { store } = ctx.state;
        const { sort } = query;
        const asOf = clockOf(store);
        let ordered: Array<{ position: Position; bbl: string }> | null = null;
        /** The next lots after the position: by BBL a keyset read, by open violations a slice of the whole list read once a request. */
        const nextLots = async (position: Position | null, count: number) => {
          if (sort === 'bbl') return (await portfolioLotsAfter(store, id, position ? String(position[0]) : null, count)).map((bbl) => ({ position: [bbl] as Position, bbl }));
          ordered ??= await lotsByOpenViolations(store, id, sort);
          const start = position ? ordered.findIndex((lot) => after(lot.position, position, sort)) : 0;
          return start < 0 ? [] : ordered.slice(start, start + count);
        };
        await answerList(ctx, deps, store.mode, {
          list: 'portfolio-lots',
          csv: PORTFOLIO_LOTS_CSV,
          query,
          scope: { id },
          position: POSITION[sort],
          async rows(position, count) {
            const page = await nextLots(position, count);
            if (page.length === 0 && !(await portfolioExists(store, id))) throw notFound(`portfolio ${id}`);
            const figures = await figuresOf(store, page.map((lot) => lot.bbl), asOf);
            const positionOf = new Map(page.map((lot) => [lot.bbl, lot.position]));
            return figures.map((lot) => ({ lot, position: positionOf.get(lot.bbl)! }));
          },
          positionOf: (row) => row.position,
          item: (row) => row.lot,
        });
      },
    })),
  ];
}
