import path from 'node:path';
import { blockHead, blockKey, blockKeyPrefixes, parseAddressQuery } from '../../search/address';
import { expectRequestsMatchFixture } from '../../search/testing/request-fixture';
import { addressRangeClause, addressTiers, buildPropertySearchRequest, IN_PLACE, leadingStreets, placeFilter, streetsTyped, TIERS } from './queries';
import { propertySlug } from './shape';

const boosts = (clauses: object[]) => clauses.map((clause) => (clause as { constant_score: { boost: number } }).constant_score.boost);
/** The tier clauses of a built request: its dis_max, alone or beside the places' bonus. */
const tiersOf = (request: unknown) => { const query = (request as { query: { bool?: { must: Array<{ dis_max: { queries: object[] } }> }; dis_max?: { queries: object[] } } }).query; return (query.bool ? query.bool.must[0].dis_max : query.dis_max!).queries; };
type Built = { query: { bool: { must: Array<{ dis_max: { queries: object[]; tie_breaker: number } }>; should: object[] } }; sort: object[]; size: number };

describe('property search tiers', () => {
  test('are strictly ordered and never blended; a place is worth less than a tier', () => {
    const request = buildPropertySearchRequest({ q: '761 Clarence Ave Bronx', limit: 10 }) as unknown as Built;
    const disMax = request.query.bool.must[0].dis_max;
    expect(disMax.tie_breaker).toBe(0);
    expect(boosts(disMax.queries)).toEqual([TIERS.exactAddress, TIERS.addressRange, TIERS.addressPrefix, TIERS.allWords, TIERS.oneEdit, TIERS.sameBlock, TIERS.leadingWords, TIERS.sameStreet]);
    const gaps = Object.values(TIERS).sort((a, b) => b - a).slice(1).map((value, i, list) => (i === 0 ? Infinity : list[i - 1] - value));
    expect(Math.min(...gaps)).toBeGreaterThan(IN_PLACE);
    expect(boosts(request.query.bool.should)).toEqual([IN_PLACE]);
  });

  test('a BBL in any form is one term on the bbl, nothing else', () => {
    for (const q of ['1-00835-0041', '1008350041']) {
      expect(buildPropertySearchRequest({ q, limit: 5 })).toMatchObject({ query: { constant_score: { boost: TIERS.bbl, filter: { term: { bbl: '1008350041' } } } } });
    }
  });

  test('a BBL written with a space is also the address being typed: the BBL first, then the address tiers', () => {
    // `1-29 45` is 1-00029-0045 and the start of the Queens address 1-29 45 Avenue.
    for (const [q, bbl] of [['1 835 41', '1008350041'], ['1-29 45', '1000290045']]) {
      const queries = tiersOf(buildPropertySearchRequest({ q, limit: 5 }));
      expect([q, queries[0]]).toEqual([q, { constant_score: { boost: TIERS.bbl, filter: { term: { bbl } } } }]);
      expect(boosts(queries).slice(1)).toEqual(boosts(addressTiers(parseAddressQuery(q, { readBbl: false })) as never));
      expect(queries.length).toBeGreaterThan(1);
    }
  });

  test('a whole BBL outranks the start of one, which outranks every address tier', () => {
    const addressTier = Math.max(...Object.entries(TIERS).filter(([name]) => !name.startsWith('bbl')).map(([, value]) => value));
    expect(TIERS.bbl).toBeGreaterThan(TIERS.bblPrefix);
    expect(TIERS.bblPrefix).toBeGreaterThan(addressTier + IN_PLACE);
  });

  test('the start of a BBL is a prefix on the bbl, beside what the text is as an address', () => {
    for (const [q, prefix] of [['10083500', '10083500'], ['1-00835', '100835'], ['1-835', '100835']]) {
      expect([q, tiersOf(buildPropertySearchRequest({ q, limit: 10 }))[0]]).toEqual([q, { constant_score: { boost: TIERS.bblPrefix, filter: { prefix: { bbl: prefix } } } }]);
    }
    // 6 digits: also a house number.
    expect(boosts(tiersOf(buildPropertySearchRequest({ q: '100835', limit: 10 })))).toEqual([TIERS.bblPrefix, TIERS.exactAddress, TIERS.addressPrefix]);
    expect(JSON.stringify(buildPropertySearchRequest({ q: '350', limit: 10 }))).not.toContain('{"prefix":{"bbl"');
  });

  test('the range tier: a nested clause on the street names typed, one reading of the number each', () => {
    const tiers = addressTiers(parseAddressQuery('3416 31st Ave')) as Array<{ constant_score: { boost: number; filter: object } }>;
    expect(tiers[1]).toEqual({
      constant_score: {
        boost: TIERS.addressRange,
        filter: addressRangeClause(parseAddressQuery('3416 31st Ave').houseNumber!, ['31 avenue', '31 ave']),
      },
    });
    const nested = (tiers[1].constant_score.filter as { nested: { path: string; query: { bool: { filter: object[] } } } }).nested;
    expect(nested.path).toBe('addressRanges');
    expect(nested.query.bool.filter[0]).toEqual({ terms: { 'addressRanges.streets': ['31 avenue', '31 ave'] } });
    // 3416 plain and as Queens' 34-16.
    expect((nested.query.bool.filter[1] as { bool: { should: object[] } }).bool.should).toHaveLength(2);
    expect(JSON.stringify(nested.query.bool.filter[1])).toContain('{"term":{"addressRanges.queens":true}}');
    // No house number, no range tier.
    expect(boosts(addressTiers(parseAddressQuery('Clarence Ave')))).not.toContain(TIERS.addressRange);
  });

  test('a house number alone: its whole key or the key and a space (350 is not 3500)', () => {
    expect(boosts(addressTiers(parseAddressQuery('350')))).toEqual([TIERS.exactAddress, TIERS.addressPrefix]);
    expect(JSON.stringify(addressTiers(parseAddressQuery('350')))).toContain('{"prefix":{"addressKeys":"350 "}}');
  });

  test('street types are words like any other (a typo in them is one edit); no same-street tier without a house number', () => {
    expect(boosts(addressTiers(parseAddressQuery('350 5th Aveneu')))).toContain(TIERS.oneEdit);
    expect(boosts(addressTiers(parseAddressQuery('Clarence Ave')))).toEqual([TIERS.exactAddress, TIERS.addressPrefix, TIERS.allWords, TIERS.oneEdit]);
  });

  test('text that names no number, street or BBL builds no request', () => {
    expect(buildPropertySearchRequest({ q: '!!! ???', limit: 10 })).toBeNull();
  });

  test('sorts by tier (plus place), then the address key, then the BBL', () => {
    const request = buildPropertySearchRequest({ q: '350 5 av', limit: 3 }) as unknown as Built;
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { addressKeys: { order: 'asc', mode: 'min', missing: '_last' } }, { bbl: { order: 'asc' } }]);
    expect(request.size).toBe(3);
  });
});

describe('streetsTyped', () => {
  test('adds the last word as typed when canonical spelling would misread it', () => {
    expect(streetsTyped(parseAddressQuery('104 e 35 s'))).toEqual(['east 35 south', 'east 35 s']);
    expect(streetsTyped(parseAddressQuery('350 5t'))).toEqual(['5t', '5']);
    expect(streetsTyped(parseAddressQuery('350 5th av'))).toEqual(['5 avenue', '5 av']);
    expect(streetsTyped(parseAddressQuery('761 clarence avenue'))).toEqual(['clarence avenue']);
  });
});

describe('leadingStreets', () => {
  test('the first typed words, longest first, for a street followed by words no parser knows', () => {
    expect(leadingStreets(parseAddressQuery('26811 Union Tpke New Hyde Park'))).toEqual(['union turnpike new', 'union turnpike', 'union']);
    expect(leadingStreets(parseAddressQuery('761 Clarence'))).toEqual([]);
  });
});

describe('same block: blockHead (query) and blockKey (index)', () => {
  test('keeps all digits but the last two and the side of the street', () => {
    expect(['3416', '352', '409f', '7', '12a', '34-16', 'abc'].map(blockHead)).toEqual(['34:even', '3:even', '4:odd', ':odd', ':even', null, null]);
    expect(['3412 31 avenue', '7 east 65 street', '409f broadway', 'broadway', '12-1/2 main street'].map(blockKey)).toEqual(['34:even 31 avenue', ':odd east 65 street', '4:odd broadway', null, null]);
  });

  // The regular expression the tier ran over addressKeys before the index held block keys:
  // a lot's block key starts with the query's head and the street exactly when its key matched it.
  const regexpOver = (houseKey: string) => {
    const digits = /^(\d+)[a-z]?$/.exec(houseKey)![1];
    const head = digits.slice(0, -2);
    return `${head}${head ? '[0-9]' : '[0-9]?'}${Number(digits.at(-1)) % 2 === 0 ? '[02468]' : '[13579]'}[a-z]?`;
  };
  test('a block key meets a query exactly where the old regular expression over the whole key did', () => {
    const houses = ['3400', '3412', '3498', '3412a', '3413', '3512', '341', '34120', '352', '350', '7', '17', '117', '8', '0', '409f', '4'];
    const streets = ['31 avenue', '31 avenues', '31 avenue a', 'east 65 street', 'broadway'];
    const keys = houses.flatMap((house) => streets.map((street) => `${house} ${street}`));
    for (const house of houses)
      for (const street of ['31 avenue', '31 ave', 'east 65 s', 'broadway']) {
        const old = new RegExp(`^${regexpOver(house)} ${street}[a-z]*$`);
        const now = new RegExp(`^${blockHead(house)} ${street}[a-z]*$`);
        expect([house, street, keys.filter((key) => now.test(blockKey(key) ?? ''))]).toEqual([house, street, keys.filter((key) => old.test(key))]);
      }
  });

  // The tier is now a term lookup of `<block> <street typed>` among each key's blockKeyPrefixes.
  const lookup = (house: string, street: string) => (key: string) => {
    const block = blockKey(key);
    return block !== null && blockKeyPrefixes(block).includes(`${blockHead(house)} ${street}`);
  };
  test('blockKeyPrefixes: the key, then shorter by one letter at its end at a time, never down to a space', () => {
    expect(blockKeyPrefixes('34:even 31 avenue')).toEqual(['34:even 31 avenue', '34:even 31 avenu', '34:even 31 aven', '34:even 31 ave', '34:even 31 av', '34:even 31 a']);
    expect(blockKeyPrefixes('3:even 31')).toEqual(['3:even 31']);
    expect(blockKeyPrefixes('12:odd 12a')).toEqual(['12:odd 12a', '12:odd 12']);
    expect(blockKeyPrefixes(':odd x')).toEqual([':odd x']);
  });
  test('the term lookup meets exactly the keys the regular expressions (over the block key, and over the whole key before it) did', () => {
    const houses = ['3400', '3412', '3498', '3412a', '3413', '3512', '341', '34120', '352', '350', '7', '17', '117', '8', '0', '409f', '4'];
    const streets = ['31 avenue', '31 avenues', '31 avenue a', '31', '31st', 'east 65 street', 'east 65', 'broadway', 'broadway terrace', 'b', 'beach 116 street', '12a'];
    const keys = houses.flatMap((house) => streets.map((street) => `${house} ${street}`));
    const typed = ['31 avenue', '31 ave', '31 a', '31', '31 avenue a', 'east 65 s', 'east 65', 'east 6', 'broadway', 'broadway t', 'br', 'b', 'beach 116 st', 'beach 11', '12', '12a'];
    let met = 0;
    for (const house of houses)
      for (const street of typed) {
        const old = new RegExp(`^${regexpOver(house)} ${street}[a-z]*$`);
        const now = new RegExp(`^${blockHead(house)} ${street}[a-z]*$`);
        const found = keys.filter(lookup(house, street));
        met += found.length;
        expect([house, street, found]).toEqual([house, street, keys.filter((key) => now.test(blockKey(key) ?? ''))]);
        expect([house, street, found]).toEqual([house, street, keys.filter((key) => old.test(key))]);
      }
    expect(met).toBeGreaterThan(100);
  });
});

describe('one search', () => {
  test('every lot of the other tiers outranks every lot only on the street, places included', () => {
    const others = Object.entries(TIERS).filter(([name]) => name !== 'sameStreet').map(([, value]) => value);
    expect(Math.min(...others)).toBeGreaterThan(TIERS.sameStreet + IN_PLACE);
  });
});

describe('placeFilter', () => {
  test('a borough by the lot borough or its ZIPs; a neighborhood or ZIP by ZIP', () => {
    const [borough] = parseAddressQuery('1 Main St Brooklyn').places;
    expect(placeFilter(borough)).toMatchObject({ bool: { should: [{ terms: { borough: ['Brooklyn'] } }, { terms: { zip: borough.zips } }], minimum_should_match: 1 } });
    const [zip] = parseAddressQuery('1 Main St 11215').places;
    expect(placeFilter(zip)).toEqual({ terms: { zip: ['11215'] } });
  });
});

describe('propertySlug', () => {
  test('lowercase kebab of address and borough, then the BBL', () => {
    expect(propertySlug({ bbl: '4064210038', address: '148-11 58 AVENUE', borough: 'Queens' })).toBe('148-11-58-avenue-queens-4064210038');
    expect(propertySlug({ bbl: '1008060001', address: "453 AVENUE OF THE AMER  ", borough: 'Manhattan' })).toBe('453-avenue-of-the-amer-manhattan-1008060001');
    expect(propertySlug({ bbl: '5000010001', address: null, borough: 'Staten Island' })).toBe('staten-island-5000010001');
    expect(propertySlug({ bbl: '2000010001', address: "1 O'BRIEN PL / REAR", borough: 'Bronx' })).toBe('1-o-brien-pl-rear-bronx-2000010001');
  });
});

test('requests as sent to Elasticsearch (fixture)', () => {
  expectRequestsMatchFixture(path.join(__dirname, 'fixtures', 'search.json'), {
    exactAddress: buildPropertySearchRequest({ q: '350 5th Avenue', limit: 10 }),
    partialLastWord: buildPropertySearchRequest({ q: '104 e 35 s', limit: 10 }),
    queensNumberWithTypo: buildPropertySearchRequest({ q: '3412 31st Aveneu', limit: 10 }),
    houseNumberOnly: buildPropertySearchRequest({ q: '350', limit: 10 }),
    streetOnly: buildPropertySearchRequest({ q: 'Clarence Ave', limit: 5 }),
    unknownTrailingWords: buildPropertySearchRequest({ q: '26811 Union Tpke New Hyde Park', limit: 10 }),
    placeScoped: buildPropertySearchRequest({ q: '34-12 31 Ave Astoria 11102', limit: 10 }),
    boroughPrefix: buildPropertySearchRequest({ q: '350 5th av manh', limit: 25 }),
    bbl: buildPropertySearchRequest({ q: '1-00835-0041', limit: 10 }),
    bblPrefix: buildPropertySearchRequest({ q: '1-00835', limit: 10 }),
  });
});
