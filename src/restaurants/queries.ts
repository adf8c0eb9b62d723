import { firstLetterTier, FIRST_LETTER_MIN, nameTailsOf } from '../search/first-letter';
import { compactText, tokens } from '../search/normalize';
import { closerSpellingsFirst, fuzzyWordsTier } from '../search/fuzzy';
import { SUMMARY_FETCH } from './shape';
import type { Position, PositionShape } from '../search/cursor';
import { searchAfterRequest } from '../contract/lists';
import { caselessTermsFilter, rangeFilter, termsFilter } from '../search/filters';
import type { BrowseQuery, NearbyQuery } from './openapi';
import { wordsPrefixFilter } from '../search/text-filter';

/**
 * The typeahead query: score tiers, never blended scores. Each tier is a constant_score
 * clause and dis_max keeps a document's best tier, so a better kind of match always
 * outranks a worse one; inside a tier either the name order (no location) or the distance
 * (lat/lng) decides. The tier list is served in the OpenAPI description.
 */
export const TIERS = {
  exactName: 100,
  namePrefix: 90,
  allWords: 80,
  wordPrefixes: 70,
  address: 60,
  nameOrAddress: 50,
  fuzzyOne: 40,
  firstLetter: 35,
  fuzzyTwo: 30,
} as const;

/** A place scope: establishments in these boroughs (by their borough, so one without a ZIP stays in) or ZIP codes. */
export interface PlaceScope {
  boroughs: string[];
  zips: string[];
}

export interface SearchInput {
  /** Normalized search text (normalizeText), non-empty. */
  text: string;
  /** Place scope; null = citywide. */
  scope: PlaceScope | null;
  lat?: number;
  lng?: number;
  limit: number;
  /** Which tiers to run (default all); see TierPass. */
  pass?: TierPass;
}

const tier = (boost: number, filter: object) => ({ constant_score: { filter, boost } });
/** Inside a typo tier, a name with more words spelled as typed gains up to this much: less than the 5 between tiers. */
const CLOSER_SPAN = 4;

export { FIRST_LETTER_MIN, nameTailsOf };

/**
 * The typeahead runs its tiers in two passes because the two-edit tier costs two to four
 * times as much as all the others together (measured on the bench data set): the exact tiers
 * (whole name, prefixes, words, address) with the one-edit spellings, then the two-edit
 * spellings only while the list has room. Every tier of the second pass ranks below every
 * tier of the first, so it can only fill the rest: the answer is that of one query over all tiers.
 */
export const TIER_PASSES = ['closeSpellings', 'twoEdits'] as const;
// The first-letter tier ranks below every first-pass tier, so it runs in the second pass with the two-edit spellings.
export type TierPass = (typeof TIER_PASSES)[number];

/** The tier clauses of one pass, or of all, for a normalized text (empty when the pass has nothing to add). */
export function tierClauses(text: string, pass: TierPass | 'all' = 'all'): object[] {
  const words = tokens(text);
  const clauses: object[] = [];
  if (pass === 'all' || pass === 'closeSpellings') {
    clauses.push(...exactTierClauses(text));
    const one = fuzzyWordsTier(words, 1, 'nameNorm');
    if (one) clauses.push(closerSpellingsFirst(TIERS.fuzzyOne, CLOSER_SPAN, one, words, 'nameNorm'));
  }
  if (pass === 'all' || pass === 'twoEdits') {
    const first = firstLetterTier(words, { words: 'nameNorm', tails: 'nameTails' });
    if (first) clauses.push(tier(TIERS.firstLetter, first));
    const two = fuzzyWordsTier(words, 2, 'nameNorm');
    if (two) clauses.push(closerSpellingsFirst(TIERS.fuzzyTwo, CLOSER_SPAN, two, words, 'nameNorm'));
  }
  return clauses;
}

function exactTierClauses(text: string): object[] {
  const words = tokens(text);
  const compact = compactText(text);
  const clauses: object[] = [];
  const exact: object[] = [{ term: { nameExact: text } }];
  if (compact) exact.push({ term: { nameCompact: compact } });
  clauses.push(tier(TIERS.exactName, { bool: { should: exact, minimum_should_match: 1 } }));
  // Whole-name prefix, space- and punctuation-insensitive; nameCompact's index_prefixes make it one term lookup.
  if (compact) clauses.push(tier(TIERS.namePrefix, { prefix: { nameCompact: compact } }));
  clauses.push(tier(TIERS.allWords, { match_bool_prefix: { nameNorm: { query: text, operator: 'and' } } }));
  clauses.push(tier(TIERS.wordPrefixes, { bool: { filter: words.map((word) => ({ prefix: { nameNorm: word } })) } }));
  clauses.push(tier(TIERS.address, { match_bool_prefix: { addressNorm: { query: text, operator: 'and' } } }));
  if (words.length > 1) {
    const either = words.map((word) => ({ bool: { should: [{ prefix: { nameNorm: word } }, { prefix: { addressNorm: word } }], minimum_should_match: 1 } }));
    clauses.push(tier(TIERS.nameOrAddress, { bool: { filter: either } }));
  }
  return clauses;
}

/** The scope as one filter: the establishment's borough is one of the boroughs, or its ZIP one of the ZIPs. */
export function scopeFilter(scope: PlaceScope): object {
  const either: object[] = [];
  if (scope.boroughs.length) either.push({ terms: { borough: scope.boroughs } });
  if (scope.zips.length) either.push({ terms: { zip: scope.zips } });
  return either.length === 1 ? either[0] : { bool: { should: either, minimum_should_match: 1 } };
}

export function buildSearchRequest(input: SearchInput): Record<string, unknown> {
  const geo = input.lat !== undefined && input.lng !== undefined;
  const filter: object[] = [];
  if (input.scope) filter.push(scopeFilter(input.scope));
  const best = { dis_max: { queries: tierClauses(input.text, input.pass ?? 'all'), tie_breaker: 0 } };
  // The tier alone is the score; inside a tier the distance (with a location) or the name decides.
  // An establishment without coordinates sorts after those with a distance in its tier (missing = +Infinity).
  const inside = geo ? { _geo_distance: { location: { lat: input.lat, lon: input.lng }, order: 'asc', unit: 'm', distance_type: 'arc' } } : { nameExact: { order: 'asc' } };
  const sort: object[] = [{ _score: { order: 'desc' } }, inside, { camis: { order: 'asc' } }];
  return {
    size: input.limit,
    track_total_hits: false,
    ...SUMMARY_FETCH,
    query: { bool: { must: [best], filter } },
    sort,
  };
}

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
