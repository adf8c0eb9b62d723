import { type Static, Type } from '@sinclair/typebox';
import { DATE, dataResponse, listResponse, nullable, pageResponse, ref, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { booleanParam, boroughListParam, dateParam, enumOf, latParam, listOf, lngParam, nameFragmentParam, pageParams, radiusParam, zipListParam } from '../../contract/params';
import type { ApiFragment } from '../../contract/types';
import { categoryListParam, cuisineListParam, gradeListParam, scoreParam } from '../openapi';
import { exportableList, exportListErrors, exportParams } from '../../contract/export-document';
import { BOROUGHS, GRADES, VIOLATION_CATEGORIES } from '../types';

const FEED_TAG = 'City feeds';
const META_TAG = 'Meta and stats';

export const STATS_CACHE_HOURS = 6;

const FEED_PAGING = `Newest first (by date, then by the row id camis|date|type[|code] descending); cursor pagination is keyset (search_after) over those values, so it has no depth limit: following meta.nextCursor from the first page reaches the last row of the whole set, each row exactly once, and rows written between two pages never shift the ones still to come. Filtered pages can return fewer rows than limit; keep following the cursor until it is null. Unknown query parameters are rejected (400 unknown_parameter).`;

export const ViolationFeedQuery = Type.Object({
  code: Type.Optional(listOf(Type.String({ pattern: '^[0-9A-Za-z]{1,8}$', 'x-value': 'a violation code of 1 to 8 letters and digits (04K)' }), 'Violation codes to keep (04K, 04L...).')),
  category: Type.Optional(categoryListParam),
  critical: Type.Optional(booleanParam('true: only critical citations; false: only non-critical.')),
  borough: Type.Optional(boroughListParam),
  zip: Type.Optional(zipListParam),
  cuisine: Type.Optional(cuisineListParam),
  q: Type.Optional(nameFragmentParam('Establishment-name fragment (1-120 characters).')),
  since: Type.Optional(dateParam('Cited on or after this date.')),
  until: Type.Optional(dateParam('Cited on or before this date.')),
  lat: Type.Optional(latParam('Circle center latitude (NYC); requires lng.')),
  lng: Type.Optional(lngParam('Circle center longitude (NYC); requires lat.')),
  radius: radiusParam(5000, 1000, 'Circle radius in meters, 1-5000 (default 1000); only with lat and lng.'),
  ...pageParams(100, 20),
  ...exportParams,
});
export type ViolationFeedQuery = Static<typeof ViolationFeedQuery>;

/** The CSV columns of the violation feed export (README: CSV exports): a CityViolation's fields. */
export const VIOLATION_FEED_CSV = ['code', 'description', 'critical', 'inspectedAt', 'inspectionType', 'category', 'camis', 'restaurantName', 'address', 'borough', 'latitude', 'longitude', 'zip'] as const;

export const InspectionFeedQuery = Type.Object({
  borough: Type.Optional(boroughListParam),
  grade: Type.Optional(gradeListParam('Grades issued at the visit: A, B, C, Z, P, N.')),
  minScore: Type.Optional(scoreParam('Visit score at least this (higher is worse).')),
  closedRestaurant: Type.Optional(booleanParam('true: only visits that closed the establishment; false: only the others.')),
  since: Type.Optional(dateParam('Inspected on or after this date.')),
  until: Type.Optional(dateParam('Inspected on or before this date.')),
  ...pageParams(100, 20),
  ...exportParams,
});
export type InspectionFeedQuery = Static<typeof InspectionFeedQuery>;

/** The CSV columns of the inspection feed export: a CityInspection's fields. */
export const INSPECTION_FEED_CSV = ['camis', 'name', 'address', 'borough', 'inspectedAt', 'type', 'score', 'grade', 'closedRestaurant'] as const;

/** What each feed and meta route takes: the operations below and the routes are written from these. */
export const feedInputs = {
  violations: { query: ViolationFeedQuery },
  inspections: { query: InspectionFeedQuery },
  stats: {
    query: Type.Object({
      borough: Type.Optional(enumOf(BOROUGHS, { description: 'Narrow to one borough.' })),
      cuisine: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Narrow to one cuisine, spelled as GET /meta/cuisines lists it, in any case (pizza = Pizza).' })),
    }),
  },
};

export const feedsFragment: ApiFragment = {
  tags: [
    { name: FEED_TAG, description: 'City-wide violation and inspection feeds, newest first, cursor-paginated.' },
    { name: META_TAG, description: 'Enumerations and city-wide restaurant statistics.' },
  ],
  schemas: {
    CityViolation: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'description', 'critical', 'inspectedAt', 'inspectionType', 'category', 'camis', 'restaurantName', 'address', 'borough', 'latitude', 'longitude', 'zip'],
      properties: {
        code: nullable({ type: 'string' }),
        description: { type: 'string' },
        critical: { type: 'boolean' },
        inspectedAt: DATE,
        inspectionType: nullable({ type: 'string' }),
        category: { type: 'string', enum: [...VIOLATION_CATEGORIES] },
        camis: { type: 'string' },
        restaurantName: { type: 'string' },
        address: { type: 'string' },
        borough: { type: 'string' },
        latitude: nullable({ type: 'number', description: 'null when the record lacks coordinates.' }),
        longitude: nullable({ type: 'number' }),
        zip: nullable({ type: 'string' }),
      },
    },
    CityInspection: {
      type: 'object',
      additionalProperties: false,
      required: ['camis', 'name', 'address', 'borough', 'inspectedAt', 'type', 'score', 'grade', 'closedRestaurant'],
      properties: {
        camis: { type: 'string' },
        name: { type: 'string' },
        address: { type: 'string' },
        borough: { type: 'string' },
        inspectedAt: DATE,
        type: nullable({ type: 'string' }),
        score: nullable({ type: 'integer' }),
        grade: { type: ['string', 'null'], enum: [...GRADES, null] },
        closedRestaurant: { type: 'boolean' },
      },
    },
    ViolationCode: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'description', 'category'],
      properties: { code: { type: 'string' }, description: { type: 'string', description: 'The newest description the city used for the code.' }, category: { type: 'string', enum: [...VIOLATION_CATEGORIES] } },
    },
    RestaurantAggregates: {
      type: 'object',
      additionalProperties: false,
      required: ['establishments', 'byGrade', 'byBorough', 'violationsLast30Days'],
      properties: {
        establishments: { type: 'integer', description: 'Distinct establishments on record.' },
        byGrade: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Grade letter -> distinct establishments graded that letter on an inspection in the last 12 months (an establishment graded A then B counts under both). Letters with no establishment are absent.' },
        byBorough: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Borough -> distinct establishments on record (Unknown when the record names none). Boroughs with none are absent.' },
        violationsLast30Days: { type: 'integer', description: 'Citations recorded on inspections in the last 30 days.' },
      },
    },
  },
  paths: {
    ...exportableList(
      '/api/v1/violations',
      {
        operationId: 'listViolations',
        summary: 'City-wide violation feed',
        description: `One row per citation. Every filter combines with every other (AND), the geo circle included; comma lists match any of their values. code matches case-insensitively; q matches establishment names (every word, the last as a prefix, with the search's text folding); a q with no letters or digits (emoji, "*:*") matches nothing: the list is empty, as on search. The circle (lat, lng, radius) keeps rows whose establishment has coordinates within radius meters; rows without coordinates never match it.\n\n${FEED_PAGING}`,
        tags: [FEED_TAG],
        'x-unknown-parameters': 'reject',
        'x-requires': { lat: ['lng'], lng: ['lat'], radius: ['lat', 'lng'] },
        'x-ordered': [['since', 'until']],
        ...operationInput(feedInputs.violations),
        responses: { '200': pageResponse(ref('CityViolation')), ...exportListErrors() },
      },
      VIOLATION_FEED_CSV,
    ),
    ...exportableList(
      '/api/v1/inspections',
      {
        operationId: 'listInspections',
        summary: 'City-wide inspection feed',
        description: `One row per visit (camis + date + inspection type). grade keeps visits that issued one of the grades; minScore keeps visits scored at least that (unscored visits never match).\n\n${FEED_PAGING}`,
        tags: [FEED_TAG],
        'x-unknown-parameters': 'reject',
        'x-ordered': [['since', 'until']],
        ...operationInput(feedInputs.inspections),
        responses: { '200': pageResponse(ref('CityInspection')), ...exportListErrors() },
      },
      INSPECTION_FEED_CSV,
    ),
    '/api/v1/meta/cuisines': {
      get: {
        operationId: 'listCuisines',
        summary: 'Cuisines, most common first',
        description: 'Every cuisine description on record, by number of establishments (most common first, then alphabetically). Not paginated (a few hundred at most). Unknown query parameters are rejected.',
        tags: [META_TAG],
        'x-unknown-parameters': 'reject',
        responses: { '200': listResponse({ type: 'string' }), ...standardErrors() },
      },
    },
    '/api/v1/meta/boroughs': {
      get: {
        operationId: 'listBoroughs',
        summary: 'Boroughs',
        description: `The five boroughs, in this fixed order: ${BOROUGHS.join(', ')}. These spellings are what every borough filter accepts. Unknown query parameters are rejected.`,
        tags: [META_TAG],
        'x-unknown-parameters': 'reject',
        responses: { '200': listResponse({ type: 'string', enum: [...BOROUGHS] }), ...standardErrors() },
      },
    },
    '/api/v1/meta/violation-codes': {
      get: {
        operationId: 'listViolationCodes',
        summary: 'Violation codes, most cited first',
        description: 'Every violation code on record with its newest description and category, by number of citations (most cited first, then by code). Not paginated (a few hundred at most). Unknown query parameters are rejected.',
        tags: [META_TAG],
        'x-unknown-parameters': 'reject',
        responses: { '200': listResponse(ref('ViolationCode')), ...standardErrors() },
      },
    },
    '/api/v1/stats/restaurants': {
      get: {
        operationId: 'getRestaurantStats',
        summary: 'City-wide restaurant aggregates',
        description: `Counts over the whole record, optionally narrowed to one borough and/or one cuisine. "Last 12 months" and "last 30 days" end at today (live keys) or at the fixture reference date (test keys), inclusive. Cached server-side for up to ${STATS_CACHE_HOURS} hours per mode and parameters (an in-process cache: each API process computes its own copy), so recent ingests can take that long to show; Cache-Control max-age says how long this answer stays fresh. Unknown query parameters are ignored.`,
        tags: [META_TAG],
        ...operationInput(feedInputs.stats),
        responses: { '200': dataResponse(ref('RestaurantAggregates')), ...standardErrors() },
      },
    },
  },
};
