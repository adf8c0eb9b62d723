import path from 'node:path';
import { expectRequestsMatchFixture } from '../search/testing/request-fixture';
import { buildBrowseRequest, buildNearbyRequest, buildSearchRequest, nameTailsOf, scopeFilter, tierClauses, TIERS } from './queries';

/** Every restaurant query as sent to Elasticsearch; a change to one is a reviewed change to the fixture. */
const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.json`);

test('search: each pass, with a place scope and a location', () => {
  expectRequestsMatchFixture(fixture('search'), {
    oneWord: buildSearchRequest({ text: 'pizza', scope: null, limit: 10 }),
    twoWordsCloseSpellings: buildSearchRequest({ text: 'joes pizzeria', scope: null, limit: 10, pass: 'closeSpellings' }),
    twoWordsTwoEdits: buildSearchRequest({ text: 'joes pizzeria', scope: null, limit: 7, pass: 'twoEdits' }),
    shortWords: buildSearchRequest({ text: 'ab c', scope: null, limit: 5 }),
    placeScoped: buildSearchRequest({ text: 'tacos', scope: { boroughs: [], zips: ['11211', '11249'] }, limit: 10 }),
    boroughScoped: buildSearchRequest({ text: 'tacos', scope: { boroughs: ['Bronx'], zips: ['10451', '10452'] }, limit: 10 }),
    firstLetterPass: buildSearchRequest({ text: 'joes xizza', scope: null, limit: 10, pass: 'twoEdits' }),
    withLocation: buildSearchRequest({ text: 'sushi', scope: null, lat: 40.7128, lng: -74.006, limit: 25 }),
  });
});

test('browse: every sort, every filter, and a page after a cursor position', () => {
  expectRequestsMatchFixture(fixture('browse'), {
    defaults: buildBrowseRequest({ sort: 'name', limit: 20 }, null),
    byNameDescending: buildBrowseRequest({ sort: '-name', limit: 20 }, ['PIZZA PLACE', '40000001']),
    byInspectionAfter: buildBrowseRequest({ sort: '-lastInspectedAt', limit: 50 }, [1714521600000, '40000002']),
    oldestInspectedFirst: buildBrowseRequest({ sort: 'lastInspectedAt', limit: 5 }, null),
    everyFilter: buildBrowseRequest(
      {
        q: "Joe's Pizza",
        borough: ['Brooklyn', 'Queens'],
        zip: ['11211'],
        cuisine: ['Pizza'],
        grade: ['A', 'B'],
        riskLevel: ['HIGH'],
        minScore: 0,
        maxScore: 13,
        closed: false,
        hasOpenViolations: true,
        verminSince: '2024-01-01',
        inspectedSince: '2023-01-01',
        inspectedUntil: '2024-12-31',
        sort: 'name',
        limit: 100,
      },
      null,
    ),
    noOpenViolations: buildBrowseRequest({ hasOpenViolations: false, sort: 'name', limit: 20 }, null),
    qWithoutWords: buildBrowseRequest({ q: '*:*', sort: 'name', limit: 20 }, null),
  });
});

test('nearby: the circle alone and with every filter', () => {
  expectRequestsMatchFixture(fixture('nearby'), {
    circle: buildNearbyRequest({ lat: 40.7128, lng: -74.006, radius: 300, limit: 20 }),
    everyFilter: buildNearbyRequest({ lat: 40.7128, lng: -74.006, radius: 2000, limit: 50, grade: ['A'], cuisine: ['Thai'], riskLevel: ['LOW', 'MODERATE'], maxScore: 27 }),
  });
});

type TierClause = { constant_score?: { boost: number }; bool?: { must: Array<{ constant_score: { boost: number } }> } };
/** Each clause's tier: its constant score, or for a typo tier (closer spellings first) the score it adds to. */
const boosts = (clauses: object[]) => clauses.map((c) => { const clause = c as TierClause; return clause.constant_score?.boost ?? clause.bool!.must[0].constant_score.boost; });

describe('search tiers', () => {
  test('tiers are strictly ordered and never blended (dis_max without tie breaker)', () => {
    const request = buildSearchRequest({ text: 'joes pizza', scope: null, limit: 10 }) as { query: { bool: { must: Array<{ dis_max: { queries: object[]; tie_breaker: number } }> } } };
    const disMax = request.query.bool.must[0].dis_max;
    expect(disMax.tie_breaker).toBe(0);
    const order = boosts(disMax.queries);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(order).toEqual([TIERS.exactName, TIERS.namePrefix, TIERS.allWords, TIERS.wordPrefixes, TIERS.address, TIERS.nameOrAddress, TIERS.fuzzyOne, TIERS.firstLetter]);
  });

  test('two-edit tier only for words of six letters or more; short words are never fuzzy', () => {
    expect(boosts(tierClauses('luna'))).not.toContain(TIERS.fuzzyTwo);
    expect(boosts(tierClauses('tortila'))).toContain(TIERS.fuzzyTwo);
    expect(boosts(tierClauses('ab'))).not.toContain(TIERS.fuzzyOne);
  });

  test('with a location: distance sorts inside a tier; places filter by their scope', () => {
    const request = buildSearchRequest({ text: 'pizza', scope: { boroughs: [], zips: ['11211'] }, lat: 40.7, lng: -73.9, limit: 5 }) as {
      sort: object[];
      query: { bool: { filter: object[] } };
    };
    expect(Object.keys(request.sort[0])).toEqual(['_score']);
    expect(Object.keys(request.sort[1])).toEqual(['_geo_distance']);
    expect(request.query.bool.filter).toContainEqual({ terms: { zip: ['11211'] } });
  });

  test('without a location the name, then the camis, decide inside a tier', () => {
    const request = buildSearchRequest({ text: 'pizza', scope: null, limit: 5 }) as { sort: object[] };
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { nameExact: { order: 'asc' } }, { camis: { order: 'asc' } }]);
  });
});

describe('search passes', () => {
  test('the passes split the tiers, best first: exact and one edit, then first-letter typos and two edits', () => {
    expect(boosts(tierClauses('tortila', 'closeSpellings'))).toEqual([TIERS.exactName, TIERS.namePrefix, TIERS.allWords, TIERS.wordPrefixes, TIERS.address, TIERS.fuzzyOne]);
    expect(boosts(tierClauses('tortila', 'twoEdits'))).toEqual([TIERS.firstLetter, TIERS.fuzzyTwo]);
    expect(boosts(tierClauses('ab', 'closeSpellings'))).not.toContain(TIERS.fuzzyOne);
    expect(boosts(tierClauses('luna', 'twoEdits'))).toEqual([TIERS.firstLetter]);
    expect(tierClauses('abc', 'twoEdits')).toEqual([]);
  });

  test('two-edit spellings keep the first two letters, one-edit spellings the first', () => {
    const json = (pass: 'closeSpellings' | 'twoEdits') => JSON.stringify(tierClauses('tortila', pass));
    expect(json('closeSpellings')).toContain('"fuzziness":1,"prefix_length":1');
    expect(json('twoEdits')).toContain('"fuzziness":2,"prefix_length":2');
  });

  test('a pass excludes nothing in the query (searchRestaurants drops what earlier passes found)', () => {
    const request = buildSearchRequest({ text: 'tortila', scope: null, limit: 3, pass: 'twoEdits' }) as { query: { bool: Record<string, unknown> } };
    expect(Object.keys(request.query.bool).sort()).toEqual(['filter', 'must']);
  });
});

describe('first-letter typos', () => {
  test('name tails drop the first letter of every word of three letters or more', () => {
    expect(nameTailsOf('joes pizza a w')).toBe('oes izza');
    expect(nameTailsOf('pizza pizza')).toBe('izza');
  });
  test('each long word: exact, or its first letter substituted, missing, extra or swapped; short words exact', () => {
    const json = JSON.stringify(tierClauses('ab xizza', 'twoEdits'));
    expect(json).toContain('{"term":{"nameNorm":"ab"}}');
    for (const lookup of ['{"prefix":{"nameTails":"izza"}}', '{"prefix":{"nameTails":"xizza"}}', '{"prefix":{"nameNorm":"izza"}}', '{"prefix":{"nameNorm":"ixzza"}}']) expect(json).toContain(lookup);
  });
});

describe('place scope', () => {
  test('a borough keeps its establishments by borough or ZIP; a neighborhood by ZIP', () => {
    expect(scopeFilter({ boroughs: ['Bronx'], zips: ['10451'] })).toEqual({ bool: { should: [{ terms: { borough: ['Bronx'] } }, { terms: { zip: ['10451'] } }], minimum_should_match: 1 } });
    expect(scopeFilter({ boroughs: [], zips: ['11211'] })).toEqual({ terms: { zip: ['11211'] } });
  });
  test('with a location, establishments without coordinates are not filtered out', () => {
    const request = buildSearchRequest({ text: 'pizza', scope: null, lat: 40.7, lng: -73.9, limit: 5 }) as { query: { bool: { filter: object[] } } };
    expect(request.query.bool.filter).toEqual([]);
  });
});
