import { type Static, Type } from '@sinclair/typebox';
import { batchResponse, DATE, dataResponse, JSON_BODY_ERRORS, listResponse, nullable, pageResponse, ref, standardErrors } from '../contract/components';
import { batchBody } from '../contract/batch';
import { operationInput } from '../contract/input';
import { booleanParam, boroughListParam, dateParam, enumOf, latParam, limitParam, lngParam, nameFragmentParam, pageParams, radiusParam, zipListParam, listOf } from '../contract/params';
import type { ApiFragment, Schema } from '../contract/types';
import { RISK_FACTOR_KEYS, RISK_SCORE_DESCRIPTION } from '../domain/restaurants/risk';
import { OATH_RISK_DESCRIPTION, OATH_RISK_FACTOR_KEY } from '../domain/restaurants/oath-risk';
import { RESTAURANT_SUMMONS_LINK_RULE } from '../contractors/figures';
import { exportableList, exportListErrors, exportParams } from '../contract/export-document';
import { RISK_LEVELS } from '../domain/scoring';
import { RESTAURANT_SUMMARY_SCHEMA, GRADES, VIOLATION_CATEGORIES } from './types';
import { rankingText } from '../search/typeahead';
import { RESTAURANT_TIERS } from './queries';

/**
 * Query parameters in the restaurant family's vocabulary, shared by the restaurant endpoints
 * and the city feeds; the city-wide ones (lat/lng, borough, zip, dates, paging) are in
 * src/contract/params.ts.
 */

export const cuisineListParam = listOf(Type.String({ minLength: 1, maxLength: 100 }), 'Cuisines to keep, spelled as GET /meta/cuisines lists them, in any case (pizza keeps Pizza). Values are separated by literal commas; a comma inside a cuisine is written %2C (cuisine=Juice%2C%20Smoothies%2C%20Fruit%20Salads,Pizza).');
export const gradeListParam = (description: string) => listOf(enumOf(GRADES), description);
export const riskLevelListParam = listOf(enumOf(RISK_LEVELS), 'Risk levels to keep.');
export const categoryListParam = listOf(enumOf(VIOLATION_CATEGORIES), 'Violation categories to keep.');
export const scoreParam = (description: string) => Type.Integer({ minimum: 0, maximum: 200, description });

const int = (description?: string): Schema => ({ type: 'integer', ...(description ? { description } : {}) });
const num = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) });
const obj = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
  ...(description ? { description } : {}),
});
const verminCounts = (item: Schema) => obj({ rats: item, mice: item, roaches: item, flies: item, other: item, conducive: item });

export const SEARCH_DESCRIPTION = `Typeahead over establishment names and addresses; best matches first; no cursor.

Ranking is by score tiers, never blended scores. Every result belongs to the best tier it qualifies for:
${rankingText(RESTAURANT_TIERS)}
Words of one or two letters are never fuzzy-matched, words of three to five letters allow one edit, so a spelling one edit away always outranks one two edits away, and an exact match always outranks a fuzzy one. A query whose words do not all match in one of these ways returns nothing (garbage returns []), and so does a q with no letters or digits ("!!").
Every tier is looked up in one Elasticsearch search a keystroke (the place and the retry below too).
Inside the typo tiers 7 and 9 the closer spelling comes first: a name with more of the query words spelled exactly as typed ranks above one with fewer (the last word counts in full when a name word is exactly it, half when a name word only starts with it), so "piza hut" lists PIZZA HUT before BAYA HOT NICE PIZZA. This never lifts a result into another tier.
Among equally good matches of a tier, without lat/lng, the name order decides (then the camis); with lat and lng, the nearest establishment comes first: distance only breaks ties and never lifts a result above a better match.

Text on both sides is folded the same way: case, accents, apostrophes and periods are ignored; hyphens, ampersands and other punctuation separate words ("joes pizza" finds JOE'S PIZZA, "a&w" finds A & W, "st. marks" finds ST MARKS), and a name's words joined by a hyphen or an ampersand also match written together ("handpulled noodles" and "hand pulled noodles" both find HAND-PULLED NOODLES, "hh bagels" finds H&H BAGELS).

Places: a neighborhood (about 180 names and abbreviations: UWS, LES, FiDi, Bed-Stuy, HK, Stuy Town, Williamsburg, Astoria, "heights" also as "hts"...), a borough (with slang: bk, bklyn, the bronx, bx, SI, qns...) or a bare NYC ZIP at the END of q scopes the search to that place ("pizza in astoria", "tacos 11211", "sushi bk"). A borough scopes by the establishment's borough (an establishment whose record has no ZIP is still in its borough) or a ZIP of the borough; a neighborhood scopes by its ZIP codes, a ZIP by itself. A partial place name of 3 or more characters prefix-matches places, and an ambiguous prefix searches the union of their scopes ("pizza willi" = Williamsburg + Williamsbridge). When nothing matches inside the place, the same words are searched citywide. A query that is only a place name searches that text as a name, citywide. The place list: neighborhood names as the city's Neighborhood Tabulation Areas and the Health Department name them, with the abbreviations and slang of everyday New York usage.
Retry: every tier needs every word, so a trailing word that matches nothing leaves the query with nothing; the search is then run once more without that word, the place read again from what is left ("joes pizza xqz" finds JOE'S PIZZA; "joes pizza williamsburg xqz" searches "joes pizza" in Williamsburg; "joes pizza xqz bk" searches "joes pizza" in Brooklyn). Only once: two dead words in a row find nothing.

With lat and lng (both needed, within NYC), every result with coordinates carries distanceMeters (rounded to the meter, great-circle). Establishments whose record has no coordinates are kept (distance only breaks ties, it never removes a match): they carry no distanceMeters and come after the equally good matches that have one.`;

const violationFields = {
  code: nullable({ type: 'string', description: 'Violation code (04K rats, 04L mice, 04M roaches...).' }),
  description: { type: 'string' },
  critical: { type: 'boolean' },
  inspectedAt: DATE,
  inspectionType: nullable({ type: 'string' }),
  category: { type: 'string', enum: [...VIOLATION_CATEGORIES] },
};

// No length or shape rule: any id that is not on record is an unknown camis (404), as in batch notFound.
const CamisPath = Type.Object({
  camis: Type.String({ minLength: 1, description: 'Health-department permit number (CAMIS). Any id not on record, whatever its shape, answers 404 not_found.' }),
});

export const BROWSE_SORTS = ['name', '-name', 'lastInspectedAt', '-lastInspectedAt'] as const;

export const RestaurantSearchQuery = Type.Object({
  q: Type.String({ minLength: 2, maxLength: 120, description: 'Name or address fragment, optionally ending with a neighborhood, borough or ZIP (2-120 characters).' }),
  limit: limitParam(25, 10),
  lat: Type.Optional(latParam('Latitude of the searcher (NYC); requires lng; enables proximity tie-breaking and distanceMeters.')),
  lng: Type.Optional(lngParam('Longitude of the searcher (NYC); requires lat.')),
});
export type RestaurantSearchQuery = Static<typeof RestaurantSearchQuery>;

export const BrowseQuery = Type.Object({
  q: Type.Optional(nameFragmentParam('Name or address fragment (1-120 characters).')),
  borough: Type.Optional(boroughListParam),
  zip: Type.Optional(zipListParam),
  cuisine: Type.Optional(cuisineListParam),
  grade: Type.Optional(gradeListParam('Posted grades to keep: A, B, C, Z, P, N.')),
  riskLevel: Type.Optional(riskLevelListParam),
  minScore: Type.Optional(scoreParam('Current score at least this (higher is worse).')),
  maxScore: Type.Optional(scoreParam('Current score at most this.')),
  closed: Type.Optional(booleanParam('true: only establishments currently closed by the department; false: only those not closed.')),
  hasOpenViolations: Type.Optional(booleanParam('true: with open items; false: without.')),
  verminSince: Type.Optional(dateParam('Had a vermin-category citation on or after this date.')),
  inspectedSince: Type.Optional(dateParam('Last inspected on or after this date.')),
  inspectedUntil: Type.Optional(dateParam('Last inspected on or before this date.')),
  sort: enumOf(BROWSE_SORTS, { default: '-lastInspectedAt', description: 'Sort order; default -lastInspectedAt.' }),
  ...pageParams(100, 20),
  ...exportParams,
});
export type BrowseQuery = Static<typeof BrowseQuery>;

/** The CSV columns of the browse export (README: CSV exports): a RestaurantSummary's fields. */
export const BROWSE_CSV = ['camis', 'name', 'address', 'borough', 'zip', 'cuisine', 'grade', 'score', 'closed', 'riskLevel', 'riskScore', 'lastInspectedAt', 'latitude', 'longitude', 'openViolations'] as const;

export const NearbyQuery = Type.Object({
  lat: latParam('Latitude within NYC.'),
  lng: lngParam('Longitude within NYC.'),
  radius: radiusParam(2000, 300, 'Meters, 1-2000 (default 300).'),
  limit: limitParam(50, 20),
  grade: Type.Optional(gradeListParam('Posted grades to keep.')),
  cuisine: Type.Optional(cuisineListParam),
  riskLevel: Type.Optional(riskLevelListParam),
  maxScore: Type.Optional(scoreParam('Keep current scores at or below this (establishments with no score are left out).')),
});
export type NearbyQuery = Static<typeof NearbyQuery>;

/** What each restaurant route takes: the operations below and the routes are written from these. */
export const restaurantInputs = {
  search: { query: RestaurantSearchQuery },
  browse: { query: BrowseQuery },
  nearby: { query: NearbyQuery },
  batch: {
    // Items have no length or shape rule: a malformed id is answered in notFound (docs/decisions.md).
    body: batchBody('camis', 50),
  },
  profile: { params: CamisPath },
  inspections: { params: CamisPath },
  violations: {
    params: CamisPath,
    query: Type.Object({ open: Type.Optional(booleanParam('true: only citations from the most recent inspection; false: only earlier ones.')) }),
  },
};

export const restaurantSchemas: Record<string, Schema> = {
  RestaurantSummary: RESTAURANT_SUMMARY_SCHEMA,
  RiskBlock: {
    ...obj({
      score: { type: 'integer', minimum: 0, maximum: 100 },
      level: { type: 'string', enum: [...RISK_LEVELS] },
      factors: {
        type: 'array',
        items: obj({
          key: { type: 'string', description: `Stable factor key: ${[...RISK_FACTOR_KEYS, OATH_RISK_FACTOR_KEY].join(', ')} (${OATH_RISK_FACTOR_KEY} on the profile only).` },
          label: { type: 'string' },
          count: int('Matching records in the factor window (flat count).'),
          detail: { type: 'string', description: 'The points and the weighted sum behind them.' },
        }),
      },
    }),
    description: `${RISK_SCORE_DESCRIPTION}\n\n${OATH_RISK_DESCRIPTION}`,
  },
  VerminReport: {
    ...obj({
      ...Object.fromEntries(['rats', 'mice', 'roaches', 'flies', 'other', 'conducive'].map((k) => [k, int()])),
      lastSightedAt: nullable(DATE),
      weighted: verminCounts(num()),
    }),
    description: 'Vermin citations over the last 3 years; weighted = recency-weighted counts (0.5^(ageDays/365)).',
  },
  SanitaryReport: {
    ...obj({
      latestCycleScore: nullable(int('Score of the latest scored graded inspection of any stage (initial, re-inspection, reopening, compliance): "Cycle Inspection" or "Pre-permit (Operational)"; "Pre-permit (Non-operational)", administrative and enforcement visits never count. null when there is none yet.')),
      latestInitialScore: nullable(int('Score of the latest scored graded INITIAL inspection ("Cycle Inspection / Initial Inspection" or "Pre-permit (Operational) / Initial Inspection"; "Pre-permit (Non-operational)" never counts). Steady-state signal; re-inspections score flatteringly. null when there is none.')),
      worstScore36mo: nullable(int()),
      criticalFood24mo: int(),
      openFoodViolations: int(),
      closures36mo: int(),
      ownerResponseSignal: { type: ['string', 'null'], enum: ['documented_fixes', null], description: 'documented_fixes whenever remediation.documentedOpenViolations is at least 1; null otherwise.' },
      weighted: obj({
        criticalFood: num('Recency-weighted, 24-month window.'),
        closures: num('Recency-weighted, 36-month window.'),
        worstScoreWeight: { type: 'number', minimum: 0, maximum: 1 },
      }),
    }),
    description: 'Food-safety story from health-inspection records only (food categories: vermin, food_temp, hygiene, facility).',
  },
  RestaurantStats: {
    ...obj({
      ...Object.fromEntries(['openViolations', 'totalViolations', 'criticalViolations', 'inspectionCount', 'closureCount'].map((k) => [k, int()])),
      oathSummonses: int('Health Department summonses at OATH linked to this establishment by the rule in this object\'s description, any status.'),
      finesImposedCents: int('Sum of the penalties imposed on those summonses by a decision (a penalty written before any decision is no finding and counts 0).'),
      finesDueCents: int('Sum of what is still due on them (balance due; never negative; 0 once written off).'),
      defaultedHearings: int('Unpaid default judgments among them (ticket status defaulted, as the contractors family counts them).'),
    }),
    description: `All-time counts up to the clock. ${RESTAURANT_SUMMONS_LINK_RULE}`,
  },
  RestaurantProfile: {
    ...obj({
      restaurant: ref('RestaurantSummary'),
      gradeDate: nullable(DATE),
      risk: ref('RiskBlock'),
      vermin: ref('VerminReport'),
      sanitary: ref('SanitaryReport'),
      stats: ref('RestaurantStats'),
      community: ref('CommunityBlock'),
      remediation: { oneOf: [ref('Remediation'), { type: 'null' }], description: 'Owner-response signal; null when nothing is documented against an open violation.' },
    }),
    description: 'Derived from the official records as of the data set clock (now for live keys, the fixture reference date for test keys). Community and remediation never change grade, score or risk.',
  },
  RestaurantViolation: obj(violationFields),
  RestaurantInspection: obj({
    inspectedAt: DATE,
    type: nullable({ type: 'string' }),
    score: nullable(int('Lower is better.')),
    grade: { type: ['string', 'null'], enum: [...GRADES, null] },
    action: nullable({ type: 'string', description: "The department's action line." }),
    closedRestaurant: { type: 'boolean', description: 'This visit closed (or re-closed) the establishment.' },
    violations: { type: 'array', items: ref('RestaurantViolation') },
  }),
};

/** CommunityBlock and Remediation are the community family's schemas (src/community/openapi.ts, src/community/remediation/openapi.ts). */
const TAG = 'Restaurants';

/** OpenAPI links from a list to the first establishment's own resources (clients and the stateful fuzzer follow them). */
const FIRST_RESTAURANT_LINKS = Object.fromEntries(
  ['getRestaurant', 'getRestaurantInspections', 'getRestaurantViolations', 'listRestaurantReports', 'createRestaurantReport'].map((operationId) => [
    operationId,
    { operationId, parameters: { camis: '$response.body#/data/0/camis' }, description: 'The first establishment of the page.' },
  ]),
);

export const restaurantsFragment: ApiFragment = {
  tags: [{ name: TAG, description: 'Food establishments keyed by CAMIS: search, browse, nearby, profiles, history and batch.' }],
  schemas: restaurantSchemas,
  paths: {
    '/api/v1/restaurants/search': {
      get: {
        operationId: 'searchRestaurants',
        summary: 'Typeahead search (name or address, optional place suffix)',
        description: `${SEARCH_DESCRIPTION}\n\nUnknown query parameters are ignored (typeahead surface).\n\nAnswers may be served from the API's answer cache (TYPEAHEAD_CACHE, on by default): a cached answer is dropped when the mode's index changes (an ingest, rebuild or daily re-derive), so an answer can lag a finished ingest by about two seconds, never more.`,
        tags: [TAG],
        'x-unknown-parameters': 'ignore',
        'x-requires': { lat: ['lng'], lng: ['lat'] },
        ...operationInput(restaurantInputs.search),
        responses: { '200': listResponse(ref('RestaurantSummary'), 'Best matches first.'), ...standardErrors() },
      },
    },
    ...exportableList(
      '/api/v1/restaurants',
      {
        operationId: 'browseRestaurants',
        summary: 'Browse and filter establishments',
        description: `Every filter combines with every other (AND); comma lists match any of their values. Grade, score, risk, closure, open-violation and vermin filters use the values derived from each establishment's full record (the same values the profile shows).

q matches names or addresses: every word must appear in the name, or every word in the address, the last word as a prefix; the same text folding as search (case, accents, apostrophes and periods ignored); a q with no letters or digits ("&", emoji, "*:*") matches nothing: the list is empty, as on search. score filters use the current score (LOWER is better); establishments with no score never match a score filter. hasOpenViolations=true keeps establishments whose latest inspection cited something.

Sort: -lastInspectedAt (default, most recently inspected first), lastInspectedAt, name, -name; ties are broken by camis, which also makes the cursor exact. Establishments never inspected come last in both directions of a date sort (after every dated row, whether newest or oldest first). Cursor pagination is keyset (search_after) over the sort values, with no depth limit; an establishment re-inspected between two pages of a date sort moves to its new place (it can appear again or not at all after the move), every other row is returned exactly once. Unknown query parameters are rejected (400 unknown_parameter).`,
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        'x-ordered': [['minScore', 'maxScore'], ['inspectedSince', 'inspectedUntil']],
        ...operationInput(restaurantInputs.browse),
        responses: { '200': { ...pageResponse(ref('RestaurantSummary')), links: FIRST_RESTAURANT_LINKS }, ...exportListErrors() },
      },
      BROWSE_CSV,
    ),
    '/api/v1/restaurants/nearby': {
      get: {
        operationId: 'nearbyRestaurants',
        summary: 'Establishments nearest a point',
        description: 'Nearest first (great-circle distance to the recorded coordinates), within radius; establishments without coordinates never appear. Each item carries distanceMeters. Not paginated: at most limit rows (1-50). Unknown query parameters are ignored (map surface).',
        tags: [TAG],
        'x-unknown-parameters': 'ignore',
        ...operationInput(restaurantInputs.nearby),
        responses: { '200': listResponse(ref('RestaurantSummary'), 'Nearest first.'), ...standardErrors() },
      },
    },
    '/api/v1/restaurants/batch': {
      post: {
        operationId: 'batchRestaurants',
        summary: 'Full profiles of up to 50 establishments',
        description: 'Answers found ids in request order, each once (duplicates answered once); unknown ids (and ids that cannot be a CAMIS, such as "" or "abc") are listed in meta.notFound, in request order, each once, and are not errors. More than 50 ids, counted as sent (duplicates included), is 400 batch_too_large. A body that is not an object with a non-empty camis array of strings (an empty array, a number among the ids, a bare array) is 400 invalid_body. Not paginated; no limit or cursor. Unknown query parameters are rejected.',
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(restaurantInputs.batch),
        responses: {
          '200': batchResponse(ref('RestaurantProfile')),
          ...standardErrors(['400', 'A body breaking its rule (invalid_body) or more than 50 ids (batch_too_large).'], ...JSON_BODY_ERRORS),
        },
      },
    },
    '/api/v1/restaurants/{camis}': {
      get: {
        operationId: 'getRestaurant',
        summary: 'Full profile of one establishment',
        description: 'Served from Postgres (the derived profile stored at ingest, plus the community and remediation blocks). An establishment on record but never inspected has a profile too: grade, score, lastInspectedAt, gradeDate and the sanitary scores null, counts 0. Unknown camis: 404 not_found. Unknown query parameters are ignored.',
        tags: [TAG],
        ...operationInput(restaurantInputs.profile),
        responses: { '200': dataResponse(ref('RestaurantProfile')), ...standardErrors(['404', 'Unknown camis (not_found).']) },
      },
    },
    '/api/v1/restaurants/{camis}/inspections': {
      get: {
        operationId: 'getRestaurantInspections',
        summary: 'Every visit, newest first',
        description: 'Every recorded visit with its citations, newest first (same-day visits by inspection type). Not paginated; bounded to the newest 500 visits, more than any real establishment has. An establishment never inspected answers []. Unknown camis: 404. Unknown query parameters are rejected.',
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(restaurantInputs.inspections),
        responses: {
          '200': listResponse(ref('RestaurantInspection')),
          ...standardErrors(['404', 'Unknown camis (not_found).']),
        },
      },
    },
    '/api/v1/restaurants/{camis}/violations': {
      get: {
        operationId: 'getRestaurantViolations',
        summary: 'Every citation, newest first',
        description: 'Flat list of citations, newest first (then by code). open=true keeps only the citations of the most recent inspection (every visit on the latest inspection date: the set counted by openViolations); open=false keeps the others. Not paginated; bounded to the newest 2000 citations. An establishment never inspected answers [] (open or not). Unknown camis: 404. Unknown query parameters are rejected.',
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(restaurantInputs.violations),
        responses: {
          '200': listResponse(ref('RestaurantViolation')),
          ...standardErrors(['404', 'Unknown camis (not_found).']),
        },
      },
    },
  },
};
