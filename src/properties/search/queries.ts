import { canonicalStreetWords, houseNumberKey, houseNumberPoints, isBorough, parseBblPrefix } from '../../nyc';
import { type AddressQuery, addressKey, blockHead, parseAddressQuery } from '../../search/address';
import type { PlaceMatch } from '../../search/places';
import { editsFor, fuzzyWordClauses } from '../../search/fuzzy';

/**
 * The address typeahead (GET /properties/search) as one Elasticsearch request: score tiers,
 * never blended scores, as in the restaurant typeahead. Each tier is a constant_score clause
 * and dis_max keeps a lot's best tier, so a better kind of match always outranks a worse one.
 * A place typed at the end adds IN_PLACE inside a tier (less than the gap between tiers), and
 * inside the same score the lot's address key, then its BBL, decide. The tiers are served in
 * the OpenAPI description (SEARCH_RANKING in ./openapi).
 *
 * What the index holds (index-mappings/properties.json): addressKeys, each of the lot's
 * address keys whole (`3412 31 avenue`; the street's other names too), and addressWords,
 * their words; houseNumber, the house number key of the lot's address; addressBlocks, each key's block and side with its street (`34:even 31 avenue`,
 * src/search/address blockKey) and that key shortened by its last letters (blockKeyPrefixes). Query and index build the keys with the same functions (src/search/address),
 * so `34-12` and `3412`, `5 AV` and `Fifth Avenue`, `E` and `East` meet. addressRanges
 * (nested) holds the lot's PAD address ranges: each street's canonical names and the span
 * of house numbers as ordered numbers (src/nyc/address/ranges), for the range tier.
 */
export const TIERS = {
  /** The whole query is a BBL in any form the city writes it. */
  bbl: 1000,
  /**
   * The whole query is the start of a BBL: borough and whole block at least (`100835`,
   * `10083500`, `1-00835`, `1-835`), src/nyc parseBblPrefix: lots whose BBL starts so.
   */
  bblPrefix: 500,
  /** House number and street are a lot's whole address. */
  exactAddress: 110,
  /**
   * The house number inside one of the lot's PAD address ranges on the street typed, on the
   * same side (`352 5th Ave` finds the lot whose building spans 350-360 5 AVENUE). Queens'
   * hyphenated numbers compare as (before the hyphen, after it); `3416` is tried as 34-16 too.
   */
  addressRange: 100,
  /** A lot's address starts with what was typed (the last word still being typed). */
  addressPrefix: 90,
  /** The house number and every street word, in any order, the last as a prefix. */
  allWords: 80,
  /** The house number, and every street word within one edit (a typo). */
  oneEdit: 70,
  /**
   * The street typed, on the same side of the same block: a house number with the same digits
   * but its last two and the same parity (`34-16` finds the lot PLUTO lists as 34-12, `352`
   * the one at 350). PLUTO gives a lot one number though its building may span several.
   */
  sameBlock: 40,
  /**
   * The house number and the street's first words, the rest taken for words the place parser
   * does not know (`26811 Union Tpke New Hyde Park`: a postal city that is no neighborhood).
   * Below the street typed on the same block: it is a guess, and `2 west 56 street` is not
   * 2 WEST 34 STREET before 12 WEST 56 STREET.
   */
  leadingWords: 35,
  /** The street alone: lots on the street typed, at other house numbers. */
  sameStreet: 30,
} as const;

/** Added inside a tier to lots in every place typed at the end (borough, neighborhood, ZIP). */
export const IN_PLACE = 4;

/**
 * What a lot shows in the typeahead (the slug is made from these), read from doc values:
 * with no stored field loaded (no _source, no _id) the fetch phase costs half as much.
 */
export const SEARCH_FIELDS = ['bbl', 'address', 'borough'];

const tier = (boost: number, filter: object) => ({ constant_score: { filter, boost } });
const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

/** `65t`, `1s`, `2n`, `3r`: a number with its ordinal suffix half typed, read as the number. */
const PARTIAL_ORDINAL = /^(\d+)(?:s|t|n|r|st|nd|rd|th)$/;

/**
 * The street as typed so far: canonical words, and the same with the last word as typed, for
 * a last word canonical spelling would misread while it is partial (`65 s` is `65 street`
 * being typed, canonically `65 south`; `5t` is `5th` being typed).
 */
export function streetsTyped(query: AddressQuery): string[] {
  const typed = query.typedStreet;
  if (typed.length === 0) return unique([query.street]);
  const last = typed[typed.length - 1];
  const partial = PARTIAL_ORDINAL.exec(last)?.[1] ?? last;
  return unique([query.street, [...canonicalStreetWords(typed.slice(0, -1)), partial].join(' ')]);
}

/** Every word within one edit (first letter exact); numbers and short words exact; the last word may also be a prefix. */
function oneEditWords(street: string): object[] | null {
  const words = street.split(' ').filter(Boolean);
  return fuzzyWordClauses(words, words.map((word) => (/^\d+$/.test(word) ? 0 : editsFor(word, 1))), 1, 'addressWords');
}

/** The canonical street of each run of the first typed words, all but the last word down to one. */
export function leadingStreets(query: AddressQuery): string[] {
  const typed = query.typedStreet;
  const streets: string[] = [];
  for (let words = typed.length - 1; words >= 1; words -= 1) streets.push(canonicalStreetWords(typed.slice(0, words)).join(' '));
  return unique(streets).filter((street) => street !== query.street);
}

/**
 * A house number inside a PAD range on one of these streets, on the same side: a nested
 * clause over addressRanges, one reading of the number per should (src/nyc/address/ranges).
 */
export function addressRangeClause(houseNumber: NonNullable<AddressQuery['houseNumber']>, streets: string[]): object {
  const points = houseNumberPoints(houseNumber).map((point) => ({
    bool: {
      filter: [
        { term: { 'addressRanges.queens': point.queens } },
        { term: { 'addressRanges.parity': point.parity } },
        { range: { 'addressRanges.low': { lte: point.order } } },
        { range: { 'addressRanges.high': { gte: point.order } } },
      ],
    },
  }));
  return { nested: { path: 'addressRanges', score_mode: 'none', query: { bool: { filter: [{ terms: { 'addressRanges.streets': streets } }, anyOf(points)] } } } };
}

const anyOf = (clauses: object[]): object => (clauses.length === 1 ? clauses[0] : { bool: { should: clauses, minimum_should_match: 1 } });
const everyWord = (street: string) => ({ match_bool_prefix: { addressWords: { query: street, operator: 'and' } } });

/** The tiers for a house number and/or street (see TIERS). */
export function addressTiers(query: AddressQuery): object[] {
  const house = query.houseNumber ? houseNumberKey(query.houseNumber) : null;
  const streets = query.street ? streetsTyped(query) : [];
  const keys = streets.length ? streets.map((street) => addressKey(query.houseNumber, street)) : house ? [house] : [];
  if (keys.length === 0) return [];
  // The number typed is the lot's house number, not any word of its address (`2 west 56 street`
  // is not 1 WEST 2 STREET, nor `104 35th st` 35 WEST 104 STREET).
  const houseTerm = house ? [{ term: { houseNumber: house } }] : [];
  const clauses: object[] = [tier(TIERS.exactAddress, { term: { addressKeys: keys[0] } })];
  if (query.houseNumber && streets.length) clauses.push(tier(TIERS.addressRange, addressRangeClause(query.houseNumber, streets)));
  // A house number alone is a prefix of the lot's key up to the space: `350 ` is not `3500 `.
  const prefixes = streets.length ? keys : [`${house} `];
  clauses.push(tier(TIERS.addressPrefix, anyOf(prefixes.map((key) => ({ prefix: { addressKeys: key } })))));
  if (streets.length === 0) return clauses;
  clauses.push(tier(TIERS.allWords, { bool: { filter: [...houseTerm, anyOf(streets.map(everyWord))] } }));
  const fuzzy = oneEditWords(query.street);
  if (fuzzy) clauses.push(tier(TIERS.oneEdit, { bool: { filter: [...houseTerm, ...fuzzy] } }));
  const leading = house ? leadingStreets(query) : [];
  if (leading.length) clauses.push(tier(TIERS.leadingWords, { bool: { filter: [...houseTerm, anyOf(leading.map((street) => ({ match_phrase: { addressWords: street } })))] } }));
  // The lot's block key (addressBlocks: blockKey of each address key) is this block and side,
  // then the street typed, its last word possibly still being typed (letters only): the index
  // holds each block key shortened by its last letters too (blockKeyPrefixes), so this is a
  // term lookup, where the regular expression `<block> <street>[a-z]*` it replaces built an
  // automaton per request (about a fifth of Elasticsearch's CPU per keystroke).
  const block = house ? blockHead(house) : null;
  if (block) clauses.push(tier(TIERS.sameBlock, { terms: { addressBlocks: streets.map((street) => `${block} ${street}`) } }));
  if (house) clauses.push(tier(TIERS.sameStreet, anyOf(streets.map((street) => ({ match_phrase_prefix: { addressWords: { query: street } } })))));
  return clauses;
}

/** A place as a filter: a borough by the lot's borough, a neighborhood or ZIP by the lot's ZIP. */
export function placeFilter(place: PlaceMatch): object {
  const boroughs = place.kind === 'zip' ? [] : place.names.filter(isBorough);
  const zips = { terms: { zip: place.zips } };
  if (boroughs.length === 0) return zips;
  return { bool: { should: [{ terms: { borough: boroughs } }, zips], minimum_should_match: 1 } };
}

export interface PropertySearchInput {
  /** What the user typed (3-120 characters). */
  q: string;
  limit: number;
}

/** The one request for a keystroke, or null when the text names nothing to look for (no number, street or BBL). */
export function buildPropertySearchRequest(input: PropertySearchInput): Record<string, unknown> | null {
  const query = parseAddressQuery(input.q);
  const common = { size: input.limit, track_total_hits: false, _source: false, stored_fields: '_none_', docvalue_fields: SEARCH_FIELDS };
  const sort = [{ _score: { order: 'desc' } }, { addressKeys: { order: 'asc', mode: 'min', missing: '_last' } }, { bbl: { order: 'asc' } }];
  if (query.bbl) {
    const bblTier = tier(TIERS.bbl, { term: { bbl: query.bbl } });
    // A BBL written with a space (`1-29 45`, `1 835 41`) is also an address being typed (the
    // Queens 1-29 45 Avenue): the lot of that BBL first, then the address tiers.
    const asAddress = /\s/.test(input.q.trim()) ? addressTiers(parseAddressQuery(input.q, { readBbl: false })) : [];
    if (asAddress.length === 0) return { ...common, query: bblTier, sort };
    return { ...common, query: { bool: { must: [{ dis_max: { queries: [bblTier, ...asAddress], tie_breaker: 0 } }] } }, sort };
  }
  const bblPrefix = parseBblPrefix(input.q);
  const tiers = [...(bblPrefix ? [tier(TIERS.bblPrefix, { prefix: { bbl: bblPrefix } })] : []), ...addressTiers(query)];
  if (tiers.length === 0) return null;
  const inPlace = query.places.length ? [tier(IN_PLACE, { bool: { filter: query.places.map(placeFilter) } })] : [];
  return {
    ...common,
    query: { bool: { must: [{ dis_max: { queries: tiers, tie_breaker: 0 } }], should: inPlace } },
    sort,
  };
}

/**
 * The one request of a keystroke, asked in two steps so the street alone (TIERS.sameStreet),
 * which matches every lot on the street and is most of a request's cost, is asked only when
 * the page is not full without it (about a fifth of the bench's keystrokes).
 *
 * `first` is the request less the street tier. Every lot it finds scores above any lot only
 * on the street (the lowest other tier plus nothing is above sameStreet + IN_PLACE), so when
 * it fills the page, the page is the whole request's. When it does not, it has found every
 * lot of the higher tiers, and `rest` asks for the lots on the street among the others, in the
 * same order (the street tier, the places typed, the same sort): the two answers one after the
 * other are the whole request's page. `rest` is absent when the request has no street tier.
 */
export interface SearchSteps {
  first: Record<string, unknown>;
  rest?: (found: string[], size: number) => Record<string, unknown>;
}

export function searchSteps(request: Record<string, unknown>): SearchSteps {
  const query = request.query as { bool?: { must: Array<{ dis_max?: { queries: object[]; tie_breaker: number } }>; should: object[] } };
  const tiers = query.bool?.must[0]?.dis_max?.queries;
  const isStreet = (clause: object) => (clause as { constant_score?: { boost?: number } }).constant_score?.boost === TIERS.sameStreet;
  const street = tiers?.find(isStreet);
  const higher = tiers?.filter((clause) => !isStreet(clause)) ?? [];
  if (!street || higher.length === 0) return { first: request };
  const should = query.bool!.should;
  return {
    first: { ...request, query: { bool: { must: [{ dis_max: { queries: higher, tie_breaker: 0 } }], should } } },
    rest: (found, size) => ({ ...request, size, query: { bool: { must: [street], should, must_not: [{ terms: { bbl: found } }] } } }),
  };
}
