import path from 'node:path';
import { expectRequestsMatchFixture } from '../../search/testing/request-fixture';
import { buildBrowseRequest } from './browse';
import { buildNearbyRequest } from './nearby';
import { buildSearchRequest } from './search';

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
