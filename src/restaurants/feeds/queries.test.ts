import path from 'node:path';
import { expectRequestsMatchFixture } from '../../search/testing/request-fixture';
import { buildInspectionFeedRequest, buildViolationFeedRequest } from './queries';

/** Both city-wide feeds as sent to Elasticsearch; a change to one is a reviewed change to the fixture. */
const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.json`);

test('violation feed: defaults, every filter with the geo circle, and a page after a cursor position', () => {
  expectRequestsMatchFixture(fixture('violations'), {
    defaults: buildViolationFeedRequest({ radius: 500, limit: 20 }, null),
    everyFilter: buildViolationFeedRequest(
      {
        code: ['04l', '04M'],
        category: ['vermin'],
        critical: true,
        borough: ['Manhattan'],
        zip: ['10012'],
        cuisine: ['Italian'],
        q: 'mama luna',
        since: '2024-01-01',
        until: '2024-12-31',
        lat: 40.72,
        lng: -73.99,
        radius: 600,
        limit: 100,
      },
      null,
    ),
    afterCursor: buildViolationFeedRequest({ radius: 500, limit: 3 }, [1714521600000, '40000001|2024-05-01|Cycle Inspection / Initial Inspection|04L']),
    qWithoutWords: buildViolationFeedRequest({ q: '🍕', radius: 500, limit: 20 }, null),
  });
});

test('inspection feed: defaults, every filter, and a page after a cursor position', () => {
  expectRequestsMatchFixture(fixture('inspections'), {
    defaults: buildInspectionFeedRequest({ limit: 20 }, null),
    everyFilter: buildInspectionFeedRequest({ borough: ['Bronx'], grade: ['C'], minScore: 28, closedRestaurant: true, since: '2023-06-01', until: '2024-06-01', limit: 100 }, null),
    afterCursor: buildInspectionFeedRequest({ limit: 3 }, [1714521600000, '40000001|2024-05-01|Cycle Inspection / Initial Inspection']),
  });
});
