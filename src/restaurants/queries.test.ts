import path from 'node:path';
import { expectRequestsMatchFixture } from '../search/testing/request-fixture';
import { tiersClause, typeahead } from '../search/typeahead';
import { buildBrowseRequest, buildNearbyRequest, nameInput, nameTailsOf, RESTAURANT_TIERS, RESTAURANT_TYPEAHEAD, restaurantReadings, scopeFilter, TIERS } from './queries';

const RESTAURANTS = typeahead(RESTAURANT_TYPEAHEAD);

/** Every restaurant query as sent to Elasticsearch; a change to one is a reviewed change to the fixture. */
const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.json`);

const searchRequest = (q: string, extra: { limit?: number; lat?: number; lng?: number } = {}) => RESTAURANTS.request({ q, limit: 10, ...extra });

test('search: one request a keystroke, with a place, a retry and a location', () => {
  expectRequestsMatchFixture(fixture('search'), {
    oneWord: searchRequest('pizza'),
    twoWords: searchRequest('joes pizzeria'),
    shortWords: searchRequest('ab c', { limit: 5 }),
    placeScoped: searchRequest('tacos williamsburg'),
    boroughScoped: searchRequest('tacos bronx'),
    firstLetter: searchRequest('joes xizza'),
    withLocation: searchRequest('sushi', { lat: 40.7128, lng: -74.006, limit: 25 }),
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
const tierClauses = (text: string) => ((tiersClause(RESTAURANT_TIERS, nameInput(text)) as { dis_max: { queries: object[] } }).dis_max.queries);

describe('search tiers', () => {
  test('tiers are strictly ordered and never blended (dis_max without tie breaker)', () => {
    const disMax = (tiersClause(RESTAURANT_TIERS, nameInput('joes pizza')) as { dis_max: { queries: object[]; tie_breaker: number } }).dis_max;
    expect(disMax.tie_breaker).toBe(0);
    const order = boosts(disMax.queries);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(order).toEqual([TIERS.exactName, TIERS.namePrefix, TIERS.allWords, TIERS.wordPrefixes, TIERS.address, TIERS.nameOrAddress, TIERS.fuzzyOne, TIERS.firstLetter]);
  });

  test('two-edit tier only for words of six letters or more; short words are never fuzzy', () => {
    expect(boosts(tierClauses('luna'))).not.toContain(TIERS.fuzzyTwo);
    expect(boosts(tierClauses('tortila'))).toContain(TIERS.fuzzyTwo);
    expect(boosts(tierClauses('ab'))).not.toContain(TIERS.fuzzyOne);
    expect(boosts(tierClauses('abc'))).not.toContain(TIERS.firstLetter);
  });

  test('typos are term lookups on the indexed edit keys, never a fuzzy expansion', () => {
    const json = JSON.stringify(tierClauses('tortila'));
    expect(json).not.toContain('"fuzzy"');
    expect(json).toContain('"nameEditKeys":["-tortila","~tortila","1:trtila"');
    expect(json).toContain('{"terms":{"nameTwoEditKeys":["tortila","totila"');
  });

  test('with a location: distance sorts inside a tier; a place lifts its establishments by a band', () => {
    const request = searchRequest('pizza williamsburg', { lat: 40.7, lng: -73.9 }) as { sort: object[]; query: { bool: { should: object[] } } };
    expect(Object.keys(request.sort[0])).toEqual(['_score']);
    expect(Object.keys(request.sort[1])).toEqual(['_geo_distance']);
    expect(JSON.stringify(request.query.bool.should)).toContain('"11211"');
  });

  test('without a location the name, then the camis, decide inside a tier', () => {
    expect((searchRequest('pizza') as { sort: object[] }).sort).toEqual([{ _score: { order: 'desc' } }, { nameExact: { order: 'asc' } }, { camis: { order: 'asc' } }]);
  });

  test('readings: the place first then citywide, then once more without the last word', () => {
    const readings = restaurantReadings('joes pizza xqz bk');
    expect(readings.map((reading) => [reading.input.text, Boolean(reading.first)])).toEqual([['joes pizza xqz', true], ['joes pizza', true]]);
    expect(restaurantReadings('williamsburg').map((reading) => [reading.input.text, reading.first ?? null])).toEqual([['williamsburg', null]]);
    expect(restaurantReadings('!!')).toEqual([]);
    expect(RESTAURANTS.request({ q: '!!', limit: 10 })).toBeNull();
  });
});

describe('first-letter typos', () => {
  test('name tails drop the first letter of every word of three letters or more', () => {
    expect(nameTailsOf('joes pizza a w')).toBe('oes izza');
    expect(nameTailsOf('pizza pizza')).toBe('izza');
  });
  test('each long word: exact, or its first letter substituted, missing, extra or swapped; short words exact', () => {
    const json = JSON.stringify(tierClauses('ab xizza'));
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
    expect(JSON.stringify(searchRequest('pizza', { lat: 40.7, lng: -73.9 }))).not.toContain('"geo_distance"');
  });
});
