import { OWNER_CHANGES, placementEvents } from './changes';

const placement = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('the owners kinds of change', () => {
  it('are all observed by the regrouping, each with a meaning; two states never give one', () => {
    expect(OWNER_CHANGES.observed).toEqual(Object.keys(OWNER_CHANGES.kinds));
    expect(OWNER_CHANGES.compare({ lots: 1 }, { lots: 5 })).toEqual([]);
  });
});

describe('placementEvents', () => {
  it('records nothing for a store grouped the first time', () => {
    expect(placementEvents(new Map(), placement({ '1000010001': '1000010001' }))).toEqual([]);
  });

  it('records nothing when every lot stays where it was', () => {
    const same = placement({ '1000010001': '1000010001', '1000010002': '1000010001' });
    expect(placementEvents(same, new Map(same))).toEqual([]);
  });

  it('a lot moving between portfolios leaves one and joins the other', () => {
    const before = placement({ '1000010001': '1000010001', '1000010002': '1000010001', '2000010001': '2000010001', '2000010002': '2000010001' });
    const after = placement({ '1000010001': '1000010001', '1000010002': '2000010001', '2000010001': '2000010001', '2000010002': '2000010001' });
    expect(placementEvents(before, after)).toEqual([
      { key: '1000010001', kind: 'lot_left', bbl: '1000010002', detail: { bbl: '1000010002', from: '1000010001', to: '2000010001' } },
      { key: '2000010001', kind: 'lot_joined', bbl: '1000010002', detail: { bbl: '1000010002', from: '1000010001', to: '2000010001' } },
    ]);
  });

  it('a newly registered lot joins from none, a lot with no registration left leaves to none', () => {
    const before = placement({ '1000010001': '1000010001', '1000010002': '1000010001' });
    const after = placement({ '1000010001': '1000010001', '1000010003': '1000010001' });
    expect(placementEvents(before, after)).toEqual([
      { key: '1000010001', kind: 'lot_left', bbl: '1000010002', detail: { bbl: '1000010002', from: '1000010001', to: null } },
      { key: '1000010001', kind: 'lot_joined', bbl: '1000010003', detail: { bbl: '1000010003', from: null, to: '1000010001' } },
    ]);
  });

  it('a portfolio whose lowest lot changes is a new id: the old dissolves, the new forms, every lot moves', () => {
    const before = placement({ '1000010005': '1000010005', '1000010006': '1000010005' });
    const after = placement({ '1000010001': '1000010001', '1000010005': '1000010001', '1000010006': '1000010001' });
    expect(placementEvents(before, after).map((event) => [event.kind, event.key, event.detail])).toEqual([
      ['lot_left', '1000010005', { bbl: '1000010005', from: '1000010005', to: '1000010001' }],
      ['lot_left', '1000010005', { bbl: '1000010006', from: '1000010005', to: '1000010001' }],
      ['portfolio_dissolved', '1000010005', { count: 2 }],
      ['portfolio_formed', '1000010001', { count: 3 }],
      ['lot_joined', '1000010001', { bbl: '1000010001', from: null, to: '1000010001' }],
      ['lot_joined', '1000010001', { bbl: '1000010005', from: '1000010005', to: '1000010001' }],
      ['lot_joined', '1000010001', { bbl: '1000010006', from: '1000010005', to: '1000010001' }],
    ]);
  });
});
