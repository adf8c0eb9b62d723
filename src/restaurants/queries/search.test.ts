import { buildSearchRequest, tierClauses, TIERS } from './search';

const boosts = (clauses: object[]) => clauses.map((c) => (c as { constant_score: { boost: number } }).constant_score.boost);

describe('search tiers', () => {
  test('tiers are strictly ordered and never blended (dis_max without tie breaker)', () => {
    const request = buildSearchRequest({ text: 'joes pizza', zips: null, limit: 10 }) as { query: { bool: { must: Array<{ dis_max: { queries: object[]; tie_breaker: number } }> } } };
    const disMax = request.query.bool.must[0].dis_max;
    expect(disMax.tie_breaker).toBe(0);
    const order = boosts(disMax.queries);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(order).toEqual([TIERS.exactName, TIERS.namePrefix, TIERS.allWords, TIERS.wordPrefixes, TIERS.address, TIERS.nameOrAddress, TIERS.fuzzyOne]);
  });

  test('two-edit tier only for words of six letters or more; short words are never fuzzy', () => {
    expect(boosts(tierClauses('luna'))).not.toContain(TIERS.fuzzyTwo);
    expect(boosts(tierClauses('tortila'))).toContain(TIERS.fuzzyTwo);
    expect(boosts(tierClauses('ab'))).not.toContain(TIERS.fuzzyOne);
  });

  test('with a location: distance sorts inside a tier, no relevance bonus; places filter by ZIP', () => {
    const request = buildSearchRequest({ text: 'pizza', zips: ['11211'], lat: 40.7, lng: -73.9, limit: 5 }) as {
      sort: object[];
      query: { bool: { should: object[]; filter: object[] } };
    };
    expect(Object.keys(request.sort[0])).toEqual(['_score']);
    expect(Object.keys(request.sort[1])).toEqual(['_geo_distance']);
    expect(request.query.bool.should).toEqual([]);
    expect(request.query.bool.filter).toContainEqual({ terms: { zip: ['11211'] } });
  });
});

describe('search passes', () => {
  test('the passes split the tiers, best first: exact, one edit, two edits', () => {
    expect(boosts(tierClauses('tortila', 'exact'))).toEqual([TIERS.exactName, TIERS.namePrefix, TIERS.allWords, TIERS.wordPrefixes, TIERS.address]);
    expect(boosts(tierClauses('tortila', 'oneEdit'))).toEqual([TIERS.fuzzyOne]);
    expect(boosts(tierClauses('tortila', 'twoEdits'))).toEqual([TIERS.fuzzyTwo]);
    expect(tierClauses('ab', 'oneEdit')).toEqual([]);
    expect(tierClauses('luna', 'twoEdits')).toEqual([]);
  });

  test('the fuzzy pass leaves out what the exact pass found', () => {
    const request = buildSearchRequest({ text: 'tortila', zips: null, limit: 3, pass: 'oneEdit', excludeCamis: ['1', '2'] }) as { query: { bool: { must_not: object[] } } };
    expect(request.query.bool.must_not).toEqual([{ ids: { values: ['1', '2'] } }]);
  });
});
