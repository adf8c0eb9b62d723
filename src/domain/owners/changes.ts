import type { ChangeDetail, ChangeKinds } from '../changes';

/** What the feed keeps of a portfolio: how many lots it holds (its kinds are all observed by the regrouping). */
export interface OwnerState {
  lots: number;
}

export const OWNER_CHANGES: ChangeKinds<OwnerState> = {
  family: 'owner',
  collection: 'portfolios',
  idParam: 'id',
  entityId: 'a portfolio id (the lowest BBL of its lots when it formed)',
  state: 'the lots placed in it',
  kinds: {
    lot_joined:
      'a lot is now placed in the portfolio (detail.bbl the lot; detail.from the portfolio it was in before, null when it was in none; detail.to the portfolio itself)',
    lot_left:
      'a lot is no longer placed in the portfolio (detail.bbl the lot; detail.from the portfolio itself; detail.to the portfolio it is in now, null when it is in none any more)',
    portfolio_formed:
      'the portfolio holds lots and held none before (detail.count its lots); a portfolio whose lowest lot changes has a new id, so the new id forms and the old one dissolves, each lot leaving one and joining the other',
    portfolio_dissolved:
      'the portfolio holds no lot any more (detail.count the lots it held): GET /portfolios/{id} answers 404 and the search lists it no more; also written when its registrations no longer name any owner (its lots are then in no portfolio for the feed)',
  },
  observed: ['lot_joined', 'lot_left', 'portfolio_formed', 'portfolio_dissolved'],
  observedHow:
    "a lot never changes portfolio without a lot_left of the one it leaves and a lot_joined of the one it joins, written by the regrouping that follows every load of HPD registrations or contacts. Only portfolios that name an owner (a person or a corporate owner) count: a lot whose registration names none, or whose contacts are not loaded yet, is in none, so a store's first owners are not news",
  compare: () => [],
};

export interface PlacementEvent {
  /** The portfolio the event is of. */
  key: string;
  kind: 'lot_joined' | 'lot_left' | 'portfolio_formed' | 'portfolio_dissolved';
  detail: ChangeDetail;
  /** The lot of a lot_joined or lot_left (where the event is, for selection by ZIP and borough). */
  bbl?: string;
}

/**
 * The feed's events of a regrouping: each lot whose portfolio differs before and after
 * (lot_left of the one it had, lot_joined of the one it has), each portfolio that holds lots
 * and held none (formed) or held lots and holds none (dissolved). Nothing when no lot was
 * placed before: a store's first grouping is not news. In a fixed order: lots left, portfolios
 * dissolved, formed, lots joined; each by BBL or id.
 */
export function placementEvents(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): PlacementEvent[] {
  if (before.size === 0) return [];
  const countOf = (placement: ReadonlyMap<string, string>) => {
    const counts = new Map<string, number>();
    for (const portfolio of placement.values()) counts.set(portfolio, (counts.get(portfolio) ?? 0) + 1);
    return counts;
  };
  const lotsBefore = countOf(before);
  const lotsAfter = countOf(after);
  const bbls = [...new Set([...before.keys(), ...after.keys()])].sort();
  const moved = bbls.filter((bbl) => before.get(bbl) !== after.get(bbl));
  const sorted = (ids: Iterable<string>) => [...ids].sort();
  return [
    ...moved.flatMap((bbl): PlacementEvent[] => {
      const from = before.get(bbl);
      return from === undefined ? [] : [{ key: from, kind: 'lot_left', bbl, detail: { bbl, from, to: after.get(bbl) ?? null } }];
    }),
    ...sorted(lotsBefore.keys()).filter((id) => !lotsAfter.has(id)).map((id): PlacementEvent => ({ key: id, kind: 'portfolio_dissolved', detail: { count: lotsBefore.get(id)! } })),
    ...sorted(lotsAfter.keys()).filter((id) => !lotsBefore.has(id)).map((id): PlacementEvent => ({ key: id, kind: 'portfolio_formed', detail: { count: lotsAfter.get(id)! } })),
    ...moved.flatMap((bbl): PlacementEvent[] => {
      const to = after.get(bbl);
      return to === undefined ? [] : [{ key: to, kind: 'lot_joined', bbl, detail: { bbl, from: before.get(bbl) ?? null, to } }];
    }),
  ];
}
