import { firstLetterTier, FIRST_LETTER_MIN, nameTailsOf } from '../search/first-letter';
import { compactText, normalizeText, tokens } from '../search/normalize';
import { closerSpellings, typoWordsTier } from '../search/fuzzy';
import type { EditKeyFields } from '../search/edit-keys';
import { placeScope, splitPlace } from '../search/places';
import type { Reading, Tier, TypeaheadTable } from '../search/typeahead';
import { SUMMARY_FETCH, summaryJson, summaryOf } from './shape';
import type { RestaurantSummary } from './types';
import type { RestaurantSearchQuery } from './openapi';
import type { Position, PositionShape } from '../search/cursor';
import { searchAfterRequest } from '../contract/lists';
import { caselessTermsFilter, rangeFilter, termsFilter } from '../search/filters';
import type { BrowseQuery, NearbyQuery } from './openapi';
import { wordsPrefixFilter } from '../search/text-filter';

/** A reading of q for the name tiers: its normalized text, words and compact form, made once. */
export interface NameInput {
  /** Normalized search text (normalizeText), non-empty. */
  text: string;
  words: string[];
  compact: string;
}

export function nameInput(text: string): NameInput {
  return { text, words: tokens(text), compact: compactText(text) };
}

/** A place scope: establishments in these boroughs (by their borough, so one without a ZIP stays in) or ZIP codes. */
export interface PlaceScope {
  boroughs: string[];
  zips: string[];
}

/** The name's words and their indexed edit keys (index-mappings/restaurants.json). */
const NAME_EDITS: EditKeyFields = { words: 'nameNorm', oneEdit: 'nameEditKeys', twoEdits: 'nameTwoEditKeys' };

/** Inside a typo tier, a name with more words spelled as typed gains up to this much: less than the 5 between tiers. */
const CLOSER_SPAN = 4;

export { FIRST_LETTER_MIN, nameTailsOf };

/**
 * The typeahead's ranking (spec "Search behavior"): the table src/search/typeahead.ts builds
 * the request, the cache, the route and the OpenAPI ranking text from.
 */
export const RESTAURANT_TIERS: ReadonlyArray<Tier<NameInput>> = [
  {
    name: 'exactName',
    score: 100,
    matches: 'exact name (the whole normalized name, or the name with spaces removed: "joes pizza", "joespizza");',
    filter: ({ text, compact }) => ({ bool: { should: compact ? [{ term: { nameExact: text } }, { term: { nameCompact: compact } }] : [{ term: { nameExact: text } }], minimum_should_match: 1 } }),
  },
  {
    name: 'namePrefix',
    score: 90,
    matches: 'the name starts with the query (whole-name prefix, spaces ignored);',
    // nameCompact's index_prefixes make it one term lookup.
    filter: ({ compact }) => (compact ? { prefix: { nameCompact: compact } } : null),
  },
  {
    name: 'allWords',
    score: 80,
    matches: 'every query word is a name word, the last one possibly still being typed (prefix);',
    filter: ({ text }) => ({ match_bool_prefix: { nameNorm: { query: text, operator: 'and' } } }),
  },
  {
    name: 'wordPrefixes',
    score: 70,
    matches: 'every query word is the start of some name word;',
    filter: ({ words }) => ({ bool: { filter: words.map((word) => ({ prefix: { nameNorm: word } })) } }),
  },
  {
    name: 'address',
    score: 60,
    matches: 'the address matches (every word, last one as a prefix);',
    filter: ({ text }) => ({ match_bool_prefix: { addressNorm: { query: text, operator: 'and' } } }),
  },
  {
    name: 'nameOrAddress',
    score: 50,
    matches: 'every word matches the name or the address (two words or more);',
    filter: ({ words }) =>
      words.length > 1 ? { bool: { filter: words.map((word) => ({ bool: { should: [{ prefix: { nameNorm: word } }, { prefix: { addressNorm: word } }], minimum_should_match: 1 } })) } } : null,
  },
  {
    name: 'fuzzyOne',
    score: 40,
    matches: 'every word matches a name word within one edit (typo), first letter exact;',
    filter: ({ words }) => typoWordsTier(words, 1, NAME_EDITS),
    inside: ({ words }) => closerSpellings(CLOSER_SPAN, words, 'nameNorm'),
  },
  {
    name: 'firstLetter',
    score: 35,
    matches:
      'every word matches a name word exactly (the last one possibly still being typed) or with its FIRST letter mistyped: substituted ("xizza"), missing ("izza"), doubled or extra ("ppizza") or swapped with the second ("ipzza"); words of four letters or more, the other words exact ("joes xizza" finds JOE\'S PIZZA);',
    filter: ({ words }) => firstLetterTier(words, { words: 'nameNorm', tails: 'nameTails' }),
  },
  {
    name: 'fuzzyTwo',
    score: 30,
    matches: 'every word matches a name word within two edits (words of six or more letters only, first two letters exact; a word whose letters only moved may be found here too).',
    filter: ({ words }) => typoWordsTier(words, 2, NAME_EDITS),
    inside: ({ words }) => closerSpellings(CLOSER_SPAN, words, 'nameNorm'),
  },
];

/** Each tier's score by name. */
export const TIERS = Object.fromEntries(RESTAURANT_TIERS.map((tier) => [tier.name, tier.score])) as Record<
  'exactName' | 'namePrefix' | 'allWords' | 'wordPrefixes' | 'address' | 'nameOrAddress' | 'fuzzyOne' | 'firstLetter' | 'fuzzyTwo',
  number
>;

/** The scope as one filter: the establishment's borough is one of the boroughs, or its ZIP one of the ZIPs. */
export function scopeFilter(scope: PlaceScope): object {
  const either: object[] = [];
  if (scope.boroughs.length) either.push({ terms: { borough: scope.boroughs } });
  if (scope.zips.length) either.push({ terms: { zip: scope.zips } });
  return either.length === 1 ? either[0] : { bool: { should: either, minimum_should_match: 1 } };
}

/**
 * What q is read as, in order (spec "Search behavior"): the text inside the place named at the
 * end of q (the place as the reading's `first`), else citywide; and if nothing matched at
 * all, the same once more without the trailing word that matched nothing, with the place read
 * again from what is left ("<name> <neighborhood> <junk>" is searched as "<name>" in the
 * neighborhood).
 */
export function restaurantReadings(q: string): Array<Reading<NameInput>> {
  const readings: Array<Reading<NameInput>> = [];
  let next: string | null = q;
  for (let attempt = 0; attempt < 2 && next !== null; attempt += 1) {
    const split = splitPlace(next);
    // A query that is only a place ("williamsburg") is searched as a name, citywide.
    const text = split.text || normalizeText(next);
    const place = split.text ? split.place : null;
    if (text) readings.push({ input: nameInput(text), first: place ? scopeFilter(placeScope(place)) : null });
    next = retryQuery(text, place?.matched);
  }
  return readings;
}

/**
 * The query once more without the text's last word (every tier needs every word, so a word
 * that matches nothing leaves the whole query with nothing), the place kept after it; null
 * when the text has fewer than two words.
 */
function retryQuery(text: string, place: string | undefined): string | null {
  const words = tokens(text);
  if (words.length < 2) return null;
  return [...words.slice(0, -1), ...(place ? [place] : [])].join(' ');
}

export const RESTAURANT_TYPEAHEAD: TypeaheadTable<RestaurantSearchQuery, NameInput, RestaurantSummary & { distanceMeters?: number }> = {
  index: 'restaurants',
  tiers: RESTAURANT_TIERS,
  readings: (query) => restaurantReadings(query.q),
  // Inside a tier either the distance (lat/lng) or the name decides. An establishment without
  // coordinates sorts after those with a distance in its tier (missing = +Infinity).
  order: (query) => [
    query.lat !== undefined && query.lng !== undefined ? { _geo_distance: { location: { lat: query.lat, lon: query.lng }, order: 'asc', unit: 'm', distance_type: 'arc' } } : { nameExact: { order: 'asc' } },
    { camis: { order: 'asc' } },
  ],
  fields: SUMMARY_FETCH.docvalue_fields as unknown as string[],
  shape: (hit, query) => summaryOf(hit, query.lat !== undefined && query.lng !== undefined ? 1 : undefined),
  json: (hit, query) => summaryJson(hit, query.lat !== undefined && query.lng !== undefined ? 1 : undefined),
};

export type BrowseSort = BrowseQuery['sort'];

/**
 * Never-inspected establishments sort last in both directions: as 9999-12-31 oldest first,
 * as 1900-01-01 newest first (explicit dates rather than _last, whose sort values are
 * Long.MIN/MAX and do not survive a cursor as JSON numbers).
 */
const NEVER_INSPECTED_LAST_ASC_MS = Date.UTC(9999, 11, 31);
const NEVER_INSPECTED_LAST_DESC_MS = Date.UTC(1900, 0, 1);

export function browseFilters(query: Omit<BrowseQuery, 'sort' | 'limit'>): object[] {
  const filter: object[] = [];
  // Name or address fragment: every word in the name, or every word in the address.
  if (query.q !== undefined) filter.push(wordsPrefixFilter(['nameNorm', 'addressNorm'], query.q));
  filter.push(...termsFilter('borough', query.borough), ...termsFilter('zip', query.zip), ...caselessTermsFilter('cuisine', query.cuisine));
  filter.push(...termsFilter('grade', query.grade), ...termsFilter('riskLevel', query.riskLevel));
  filter.push(...rangeFilter('score', query.minScore, query.maxScore));
  if (query.closed !== undefined) filter.push({ term: { closed: query.closed } });
  if (query.hasOpenViolations === true) filter.push({ range: { openViolations: { gt: 0 } } });
  if (query.hasOpenViolations === false) filter.push({ term: { openViolations: 0 } });
  // verminDates holds every vermin citation date: any one on/after the date matches.
  filter.push(...rangeFilter('verminDates', query.verminSince, undefined));
  filter.push(...rangeFilter('lastInspectedAt', query.inspectedSince, query.inspectedUntil));
  return filter;
}

export function browseSort(sort: BrowseSort): object[] {
  const tiebreak = { camis: { order: 'asc' } };
  switch (sort) {
    case 'name':
      return [{ nameExact: { order: 'asc' } }, tiebreak];
    case '-name':
      return [{ nameExact: { order: 'desc' } }, tiebreak];
    case 'lastInspectedAt':
      return [{ lastInspectedAt: { order: 'asc', missing: NEVER_INSPECTED_LAST_ASC_MS } }, tiebreak];
    case '-lastInspectedAt':
      return [{ lastInspectedAt: { order: 'desc', missing: NEVER_INSPECTED_LAST_DESC_MS } }, tiebreak];
  }
}

/** The sort values of a browse row: the name or the inspection date (epoch ms), then the camis. */
export function browsePositionShape(sort: BrowseSort): PositionShape {
  return sort === 'name' || sort === '-name' ? ['string', 'string'] : ['integer', 'string'];
}

/** One page (limit + 1 rows, the extra one only says whether more exist) after `after`. */
export function buildBrowseRequest(query: BrowseQuery, after: Position | null): Record<string, unknown> {
  return searchAfterRequest(query.limit, { ...SUMMARY_FETCH, query: { bool: { filter: browseFilters(query) } }, sort: browseSort(query.sort) }, after);
}

/** Nearest first inside the circle; the distance comes back as the first sort value. */
export function buildNearbyRequest(query: NearbyQuery): Record<string, unknown> {
  const point = { lat: query.lat, lon: query.lng };
  return {
    size: query.limit,
    track_total_hits: false,
    ...SUMMARY_FETCH,
    query: {
      bool: {
        filter: [
          { geo_distance: { distance: `${query.radius}m`, distance_type: 'arc', location: point } },
          ...termsFilter('grade', query.grade),
          ...caselessTermsFilter('cuisine', query.cuisine),
          ...termsFilter('riskLevel', query.riskLevel),
          ...rangeFilter('score', undefined, query.maxScore),
        ],
      },
    },
    sort: [{ _geo_distance: { location: point, order: 'asc', unit: 'm', distance_type: 'arc' } }, { camis: { order: 'asc' } }],
  };
}
