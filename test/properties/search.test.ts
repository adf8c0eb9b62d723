import { buildPropertySearchRequest } from '../../src/properties/search/queries';
import { startTestApi, TestApi } from '../support/api';
import { ingestSearchLots, ingestSearchRanges, type SearchLot, type SearchRange } from './search-support';

const SEARCH = '/api/v1/properties/search';

// Hand-made lots, one or more per behaviour; bbl prefixes give the borough.
const LOTS: SearchLot[] = [
  { bbl: '1008350041', address: '350 5 AVENUE', zip: '10118' },
  { bbl: '3010100001', address: '350 5 AVENUE', zip: '11215' },
  { bbl: '1010400001', address: '350 WEST 50 STREET', zip: '10019' },
  { bbl: '1021130001', address: '3500 BROADWAY', zip: '10031' },
  { bbl: '1008900081', address: '104 EAST 35 STREET', zip: '10016' },
  { bbl: '1008060001', address: '453 AVENUE OF THE AMER', zip: '10011' },
  { bbl: '4006000001', address: '34-12 31 AVENUE', zip: '11106' },
  { bbl: '4064210038', address: '148-11 58 AVENUE', zip: '11355' },
  { bbl: '4006000002', address: '31-01 ASTORIA BOULEVARD', zip: '11102' },
  { bbl: '4006000003', address: '34-01 31 AVENUE', zip: '11106' },
  { bbl: '2054800111', address: '761 CLARENCE AVENUE', zip: '10465' },
  { bbl: '5000100001', address: '25 MILL ROAD', zip: '10306' },
  { bbl: '5000100002', address: '25 MILLS ROAD', zip: '10306' },
  { bbl: '5000010001', address: '', zip: '' },
  // PAD ranges: a second street (Amsterdam Avenue) and a Queens range; their neighbours compete.
  { bbl: '1011540050', address: '200 WEST 60 STREET', zip: '10023' },
  { bbl: '1011530001', address: '15 AMSTERDAM AVENUE', zip: '10023' },
  { bbl: '4044440001', address: '123-01 20 AVENUE', zip: '11356' },
  { bbl: '4044450001', address: '122-30 20 AVENUE', zip: '11356' },
  // Queens numbers whose first part is a borough digit: `1-29 45` is also a BBL written with a space.
  { bbl: '4004540029', address: '1-29 45 AVENUE', zip: '11101' },
  // The same block as 1008350041: a partial BBL finds both.
  { bbl: '1008350102', address: '2 WEST 34 STREET', zip: '10118' },
  // A house number that is another street's number: 56 is a street here, 2 a house there.
  { bbl: '1012700010', address: '2 WEST 56 STREET', zip: '10019' },
  { bbl: '1012700020', address: '12 WEST 56 STREET', zip: '10019' },
  { bbl: '1005700001', address: '1 WEST 2 STREET', zip: '10012' },
  { bbl: '1005700002', address: '56 WEST 2 STREET', zip: '10012' },
];

// PAD address ranges of some of the lots above (loaded through the pad-addresses ingest).
const RANGES: SearchRange[] = [
  { bbl: '1011540050', low: '200', high: '230', street: 'WEST 60 STREET' },
  { bbl: '1011540050', low: '1', high: '11', street: 'AMSTERDAM AVENUE' },
  { bbl: '4044440001', low: '122-10', high: '122-20', street: '20 AVENUE' },
];

describe('GET /properties/search', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const summary = await ingestSearchLots(api.ns.stores.byMode.live, LOTS);
    expect(summary).toMatchObject({ rowsLoaded: LOTS.length, rowsRejected: 0, documentsIndexed: LOTS.length });
    expect(await ingestSearchRanges(api.ns.stores.byMode.live, RANGES)).toMatchObject({ rowsLoaded: RANGES.length, rowsRejected: 0, documentsIndexed: 2 });
  });
  afterAll(() => api.stop());

  const search = async (q: string, extra = '') => {
    const res = await api.get(`${SEARCH}?q=${encodeURIComponent(q)}${extra}`);
    expect([q, res.status]).toEqual([q, 200]);
    return res.body.data as Array<{ bbl: string; address: string; borough: string; slug: string }>;
  };
  const bbls = async (q: string, extra = '') => (await search(q, extra)).map((lot) => lot.bbl);
  const first = async (q: string, extra = '') => (await bbls(q, extra))[0];

  it('reads a typed number as the house number, never as a number of another street', async () => {
    // 1 WEST 2 STREET and 56 WEST 2 STREET hold both numbers typed, as the wrong parts of their
    // address; 2 WEST 34 STREET (the number and the first word typed) is a guess after the street.
    expect(await bbls('2 west 56 street')).toEqual(['1012700010', '1012700020', '1008350102']);
    expect(await bbls('56 west 2 street')).toEqual(['1005700002', '1005700001']);
  });

  it('answers {bbl, address, borough, slug} in contract order, the slug as the contract spells it', async () => {
    const data = await search('148-11 58th Ave');
    expect(data[0]).toEqual({ bbl: '4064210038', address: '148-11 58 AVENUE', borough: 'Queens', slug: '148-11-58-avenue-queens-4064210038' });
    expect(Object.keys(data[0])).toEqual(['bbl', 'address', 'borough', 'slug']);
  });

  it('puts the exact address first, however the street is spelled', async () => {
    for (const q of ['350 5th Avenue', '350 Fifth Ave', '350 5 av', '350 FIFTH AVENUE']) {
      expect([q, (await bbls(q)).slice(0, 2)]).toEqual([q, ['1008350041', '3010100001']]);
    }
    expect(await first('104 E 35th St')).toBe('1008900081');
    expect(await first('104 East Thirty-Fifth Street')).toBe('1008900081');
  });

  it('finds a lot under its street\'s other name (Avenue of the Americas is 6 Avenue in Manhattan)', async () => {
    expect(await first('453 6th Ave')).toBe('1008060001');
    expect(await first('453 Avenue of the Americas')).toBe('1008060001');
  });

  it('finds a Queens address being typed whose start also reads as a BBL (1-29 45)', async () => {
    for (const q of ['1-29 45', '1-29 45 a', '1-29 45 ave', '1-29 45th ave']) expect([q, await first(q)]).toEqual([q, '4004540029']);
  });

  it('matches Queens numbers with and without the hyphen', async () => {
    for (const q of ['34-12 31st Ave', '3412 31st Ave', '34 - 12 31 avenue', '3412 31 av']) expect([q, await first(q)]).toEqual([q, '4006000001']);
    expect(await first('14811 58 avenue')).toBe('4064210038');
  });

  it('finds the address as it is being typed (the last word partial)', async () => {
    for (const q of ['350 5th a', '350 5th av', '350 fifth', '350 5t', '104 e 35 s', '104 east 35 st', '761 clar', '34-12 31']) {
      const found = await bbls(q);
      expect([q, found.length > 0]).toEqual([q, true]);
    }
    expect(await first('350 5th a')).toBe('1008350041');
    expect(await first('350 5t')).toBe('1008350041');
    expect(await first('104 e 35 s')).toBe('1008900081');
    expect(await first('761 clar')).toBe('2054800111');
    // A house number alone is the whole number: 350 is not 3500.
    expect(await bbls('350')).toEqual(['1008350041', '3010100001', '1010400001']);
  });

  it('ranks lots in a borough, neighborhood or ZIP typed at the end first, without hiding the others', async () => {
    expect(await bbls('350 5th Ave Brooklyn')).toEqual(['3010100001', '1008350041']);
    expect((await bbls('350 5th Ave bk')).slice(0, 2)).toEqual(['3010100001', '1008350041']);
    expect((await bbls('350 5th Ave 11215')).slice(0, 2)).toEqual(['3010100001', '1008350041']);
    expect((await bbls('350 5th Ave, Brooklyn, NY 11215')).slice(0, 2)).toEqual(['3010100001', '1008350041']);
    expect((await bbls('350 5th Ave Park Slope')).slice(0, 2)).toEqual(['3010100001', '1008350041']);
    expect((await bbls('350 5th Ave manh')).slice(0, 2)).toEqual(['1008350041', '3010100001']);
    expect(await first('34-12 31 Ave Astoria')).toBe('4006000001');
  });

  it('finds the address when words follow it that name no known place (a postal city)', async () => {
    expect(await first('34-12 31st Ave Long Island City NY')).toBe('4006000001');
    expect(await first('148-11 58th Ave Flushingtown 11355')).toBe('4064210038');
  });

  it('still finds a street with a one-letter typo, after the exact spelling', async () => {
    expect(await first('761 Clarnce Ave')).toBe('2054800111');
    expect(await first('761 Clarecne Avenue')).toBe('2054800111');
    expect(await first('761 Clarence Aveneu')).toBe('2054800111');
    expect(await first('104 Est 35th St')).toBe('1008900081');
    expect((await bbls('25 Mill Road')).slice(0, 2)).toEqual(['5000100001', '5000100002']);
    expect((await bbls('25 Mills Road')).slice(0, 2)).toEqual(['5000100002', '5000100001']);
  });

  it('finds a lot on the same side of the same block when the house number is not on record, then the rest of the street', async () => {
    expect(await bbls('352 5th Avenue')).toEqual(['1008350041', '3010100001']);
    // 34-16 is on 34-12's side of the block (PLUTO gives the lot one number); 34-01 is across the street.
    expect(await bbls('34-16 31st Ave')).toEqual(['4006000001', '4006000003']);
    expect(await bbls('3416 31 ave')).toEqual(['4006000001', '4006000003']);
    expect(await bbls('34-05 31st Ave')).toEqual(['4006000003', '4006000001']);
  });

  it('finds the lot whose PAD range holds the house number on that street and side, right after an exact address', async () => {
    // 1-11 AMSTERDAM AVENUE is the second street of the lot PLUTO lists as 200 WEST 60 STREET.
    for (const q of ['5 Amsterdam Ave', '1 Amsterdam Avenue', '11 amsterdam av']) expect([q, await bbls(q)]).toEqual([q, ['1011540050', '1011530001']]);
    // Outside the range, or across the street: not that tier (15 AMSTERDAM AVENUE by its own address).
    expect(await bbls('13 Amsterdam Ave')).toEqual(['1011530001']);
    expect(await bbls('4 Amsterdam Ave')).toEqual(['1011530001']);
    // A range on the lot's own street: a number PLUTO does not list.
    expect(await first('218 W 60th St')).toBe('1011540050');
    // Queens: 122-10 to 122-20 20 AVENUE, compared as (122, 14), with or without the hyphen.
    for (const q of ['122-14 20th Ave', '12214 20 avenue', '122-20 20 ave']) expect([q, await bbls(q)]).toEqual([q, ['4044440001', '4044450001']]);
    // Outside (122-22) or odd (122-15): the neighbour on the same block or the street's order, not the range.
    expect(await bbls('122-22 20th Ave')).toEqual(['4044450001', '4044440001']);
    expect(await bbls('122-15 20th Ave')).toEqual(['4044450001', '4044440001']);
    // An exact address still comes first: 15 AMSTERDAM AVENUE is its own lot's.
    expect(await first('15 Amsterdam Ave')).toBe('1011530001');
  });

  it('answers the start of a BBL (borough and whole block at least) with the lots whose BBL starts so, after a whole BBL', async () => {
    expect(await bbls('10083500')).toEqual(['1008350041']);
    for (const q of ['1-00835', '1-835', '100835', '1008350']) expect([q, await bbls(q)]).toEqual([q, ['1008350102', '1008350041']]);
    expect(await bbls('1-00835-0041')).toEqual(['1008350041']);
    expect(await bbls('4-04444')).toEqual(['4044440001']);
    expect(await bbls('3-99999')).toEqual([]);
  });

  it('answers a BBL typed in any form with that lot first; a lot without an address is found by BBL only', async () => {
    for (const q of ['1-00835-0041', '1008350041', '1 835 41', 'MN 835 41']) expect([q, await bbls(q)]).toEqual([q, ['1008350041']]);
    const noAddress = await search('5-00001-0001');
    // No address is '' (the contract's string, as the profile writes it), never null.
    expect(noAddress).toEqual([{ bbl: '5000010001', address: '', borough: 'Staten Island', slug: 'staten-island-5000010001' }]);
    expect(await bbls('Staten Island')).toEqual([]);
    // A place is only taken off the end when a street is left: a place name alone is a street name.
    expect(await bbls('Astoria')).toEqual(['4006000002']);
    expect(await bbls('9999999999')).toEqual([]);
  });

  it('answers in two steps (the street alone only when the page is short without it) exactly what the one request answers', async () => {
    const store = api.ns.stores.byMode.live;
    const queries = ['352 5th Avenue', '34-16 31st Ave', '350 5', '350', '104 e 35 s', '761 Clarance Ave Bronx', '3 ave', '25 Mill Road', '1-29 45', '5 Amsterdam Ave', 'Clarence Ave', '1-00835', '1008350041'];
    for (const limit of [1, 2, 10]) {
      for (const q of queries) {
        const request = buildPropertySearchRequest({ q, limit })!;
        const { hits } = await store.es.search({ index: store.indexAlias('properties'), ...request });
        const oneRequest = hits.hits.map((hit) => (hit.fields as { bbl: string[] }).bbl[0]);
        expect([q, limit, await bbls(q, `&limit=${limit}`)]).toEqual([q, limit, oneRequest]);
      }
    }
  });

  it('keeps to limit, and answers an empty list for text that names nothing', async () => {
    expect(await bbls('350 5 avenue', '&limit=1')).toEqual(['1008350041']);
    expect(await search('!!! ???')).toEqual([]);
    expect(await search('no such street anywhere')).toEqual([]);
  });

  it('ignores unknown parameters (typeahead) and rejects bad q and limit', async () => {
    expect(await first('350 5th ave', '&color=blue')).toBe('1008350041');
    for (const [path, code] of [
      [`${SEARCH}`, 'missing_parameter'],
      [`${SEARCH}?q=ab`, 'invalid_parameter'],
      [`${SEARCH}?q=${'x'.repeat(121)}`, 'invalid_parameter'],
      [`${SEARCH}?q=350+5+ave&limit=26`, 'invalid_parameter'],
      [`${SEARCH}?q=350+5+ave&limit=0`, 'invalid_parameter'],
      [`${SEARCH}?q=350+5+ave&q=350+5+ave`, 'invalid_parameter'],
    ] as const) {
      const res = await api.get(path);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 400, code]);
    }
  });
});
