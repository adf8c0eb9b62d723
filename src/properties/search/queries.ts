import { canonicalStreetWords, houseNumberKey, houseNumberPoints, isBorough, parseBblPrefix } from '../../nyc';
import { type AddressQuery, addressKey, blockHead, parseAddressQuery } from '../../search/address';
import type { PlaceMatch } from '../../search/places';
import { editsFor, typoWordClauses } from '../../search/fuzzy';
import type { EditKeyFields } from '../../search/edit-keys';
import { type Tier, typeahead, type TypeaheadTable } from '../../search/typeahead';
import { propertySlug } from './shape';

/**
 * The address typeahead (GET /properties/search): its table for the typeahead kit
 * (src/search/typeahead.ts), which builds the one Elasticsearch request of a keystroke, the
 * cache, the route and the ranking text from it. A place typed at the end adds IN_PLACE inside
 * a tier (less than the gap between tiers), and inside the same score the lot's address key,
 * then its BBL, decide.
 *
 * What the index holds (index-mappings/properties.json): addressKeys, each of the lot's
 * address keys whole (`3412 31 avenue`; the street's other names too), and addressWords,
 * their words; houseNumber, the house number key of the lot's address; addressBlocks, each key's block and side with its street (`34:even 31 avenue`,
 * src/search/address blockKey) and that key shortened by its last letters (blockKeyPrefixes). Query and index build the keys with the same functions (src/search/address),
 * so `34-12` and `3412`, `5 AV` and `Fifth Avenue`, `E` and `East` meet. addressRanges
 * (nested) holds the lot's PAD address ranges: each street's canonical names and the span
 * of house numbers as ordered numbers (src/nyc/address/ranges), for the range tier.
 */

/** Added inside a tier to lots in every place typed at the end (borough, neighborhood, ZIP). */
export const IN_PLACE = 4;

/**
 * What a lot shows in the typeahead (the slug is made from these), read from doc values:
 * with no stored field loaded (no _source, no _id) the fetch phase costs half as much.
 */
export const SEARCH_FIELDS = ['bbl', 'address', 'borough'];

/** The address words and their one-edit keys (index-mappings/properties.json). */
const ADDRESS_EDITS: EditKeyFields = { words: 'addressWords', oneEdit: 'addressEditKeys' };

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
const DIGITS = /^\d+$/;

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
  return typoWordClauses(words, words.map((word) => (DIGITS.test(word) ? 0 : editsFor(word, 1))), 1, ADDRESS_EDITS);
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

/** A place as a filter: a borough by the lot's borough, a neighborhood or ZIP by the lot's ZIP. */
export function placeFilter(place: PlaceMatch): object {
  const boroughs = place.kind === 'zip' ? [] : place.names.filter(isBorough);
  const zips = { terms: { zip: place.zips } };
  if (boroughs.length === 0) return zips;
  return { bool: { should: [{ terms: { borough: boroughs } }, zips], minimum_should_match: 1 } };
}

/** A reading of q, parsed once: what every tier reads. */
export interface AddressInput {
  /** The whole query is this BBL. */
  bbl: string | null;
  /** The whole query is the start of a BBL (src/nyc parseBblPrefix). */
  bblPrefix: string | null;
  /** The query as an address being typed (for a BBL, only when written with a space), else null. */
  address: AddressQuery | null;
  /** The house number's key, null when none was typed. */
  house: string | null;
  /** The street as typed so far (streetsTyped), [] when none. */
  streets: string[];
  /** The address keys typed (house number and street), or the house number alone. */
  keys: string[];
  /** Places typed at the end (never for a BBL). */
  places: PlaceMatch[];
}

/** Reads q: a BBL (also an address when written with a space), the start of one, or an address. */
export function addressInput(q: string): AddressInput {
  const query = parseAddressQuery(q);
  const address = query.bbl ? (/\s/.test(q.trim()) ? parseAddressQuery(q, { readBbl: false }) : null) : query;
  return { bbl: query.bbl, bblPrefix: query.bbl ? null : parseBblPrefix(q), places: query.bbl ? [] : query.places, ...addressParts(address) };
}

function addressParts(address: AddressQuery | null): Pick<AddressInput, 'address' | 'house' | 'streets' | 'keys'> {
  if (!address) return { address, house: null, streets: [], keys: [] };
  const house = address.houseNumber ? houseNumberKey(address.houseNumber) : null;
  const streets = address.street ? streetsTyped(address) : [];
  const keys = streets.length ? streets.map((street) => addressKey(address.houseNumber, street)) : house ? [house] : [];
  return { address, house, streets, keys };
}

/**
 * The number typed is the lot's house number, not any word of its address (`2 west 56 street`
 * is not 1 WEST 2 STREET, nor `104 35th st` 35 WEST 104 STREET).
 */
const houseTerm = (house: string | null) => (house ? [{ term: { houseNumber: house } }] : []);
/** Tiers past the address prefix need a street typed. */
const withStreet = (input: AddressInput) => input.keys.length > 0 && input.streets.length > 0;

/** The ranking: what each tier matches, best first (the ranking text of the document is written from it). */
export const PROPERTY_TIERS: ReadonlyArray<Tier<AddressInput>> = [
  {
    name: 'bbl',
    score: 1000,
    matches: 'a whole q that is a BBL: that lot.',
    filter: ({ bbl }) => (bbl ? { term: { bbl } } : null),
  },
  {
    name: 'bblPrefix',
    score: 500,
    matches: 'a whole q that is the start of a BBL: the lots whose BBL starts so.',
    filter: ({ bblPrefix }) => (bblPrefix ? { prefix: { bbl: bblPrefix } } : null),
  },
  {
    name: 'exactAddress',
    score: 110,
    matches: "house number and street are the lot's whole address.",
    filter: ({ keys }) => (keys.length ? { term: { addressKeys: keys[0] } } : null),
  },
  {
    name: 'addressRange',
    score: 100,
    matches:
      "the house number lies inside one of the lot's address ranges from the Property Address Directory (PAD: the house numbers each building of the lot answers to on each street) on the street typed (under any of its names), on the same side of the street: same parity, and low <= number <= high where numbers order by their digits, then a letter suffix (111 < 111A < 111D < 112). Queens' hyphenated numbers compare as (before the hyphen, after it) and only with hyphenated ranges; a number typed without its hyphen (`3416`) is also tried as 34-16. A lot PAD has not been loaded for has no ranges and is found by the other tiers only.",
    filter: ({ address, streets }) => (address?.houseNumber && streets.length ? addressRangeClause(address.houseNumber, streets) : null),
  },
  {
    name: 'addressPrefix',
    score: 90,
    matches: "the lot's address starts with what was typed, the last word still being typed (`350 5th av` finds 350 5 AVENUE; `350` alone finds every lot numbered 350, not 3500).",
    // A house number alone is a prefix of the lot's key up to the space: `350 ` is not `3500 `.
    filter: ({ keys, streets, house }) => (keys.length ? anyOf((streets.length ? keys : [`${house} `]).map((key) => ({ prefix: { addressKeys: key } }))) : null),
  },
  {
    name: 'allWords',
    score: 80,
    matches: "the house number (the lot's own, never another number of its address: `2 west 56 street` is not 1 WEST 2 STREET) and every street word in any order, the last word as a prefix (`104 35th st` finds 104 EAST 35 STREET).",
    filter: (input) => (withStreet(input) ? { bool: { filter: [...houseTerm(input.house), anyOf(input.streets.map(everyWord))] } } : null),
  },
  {
    name: 'oneEdit',
    score: 70,
    matches: 'the house number, and every street word of 3 or more letters within one typing edit (a wrong, missing, extra or swapped letter; the first letter must be right; numbers and shorter words exact): `761 clarnce av` finds 761 CLARENCE AVENUE, after any exact spelling.',
    filter: (input) => {
      const fuzzy = withStreet(input) ? oneEditWords(input.address!.street) : null;
      return fuzzy ? { bool: { filter: [...houseTerm(input.house), ...fuzzy] } } : null;
    },
  },
  {
    name: 'sameBlock',
    score: 40,
    matches:
      "the typed street, on the same side of the same block: a house number with the same digits but its last two and the same parity (PLUTO gives a lot one number though its building may span several, and PAD's ranges are not loaded for every lot: `34-16 31 Ave` finds the lot listed as 34-12 31 AVENUE, `352 5th Ave` the one at 350).",
    // The lot's block key (addressBlocks: blockKey of each address key) is this block and side,
    // then the street typed, its last word possibly still being typed (letters only): the index
    // holds each block key shortened by its last letters too (blockKeyPrefixes), so this is a
    // term lookup, not an automaton built per request.
    filter: (input) => {
      const block = withStreet(input) && input.house ? blockHead(input.house) : null;
      return block ? { terms: { addressBlocks: input.streets.map((street) => `${block} ${street}`) } } : null;
    },
  },
  {
    name: 'leadingWords',
    score: 35,
    matches: 'the house number and the first words typed, for words after them that name nothing known (a postal city that is no neighborhood: `26811 Union Tpke New Hyde Park`); a guess, so below the typed street on the same block.',
    filter: (input) => {
      const leading = withStreet(input) && input.house ? leadingStreets(input.address!) : [];
      return leading.length ? { bool: { filter: [...houseTerm(input.house), anyOf(leading.map((street) => ({ match_phrase: { addressWords: street } })))] } } : null;
    },
  },
  {
    name: 'sameStreet',
    score: 30,
    matches: 'lots on the typed street at any other number.',
    // addressPhrases holds every run of an address key's words cut after any letter: the street typed is one term lookup.
    filter: (input) => (withStreet(input) && input.house ? { terms: { addressPhrases: input.streets } } : null),
  },
];

/** Each tier's score by name. */
export const TIERS = Object.fromEntries(PROPERTY_TIERS.map((tier) => [tier.name, tier.score])) as Record<
  'bbl' | 'bblPrefix' | 'exactAddress' | 'addressRange' | 'addressPrefix' | 'allWords' | 'oneEdit' | 'sameBlock' | 'leadingWords' | 'sameStreet',
  number
>;

/** The address tiers of a parsed address (no BBL tier), best first: for tests and probes. */
export function addressTiers(query: AddressQuery): object[] {
  const input: AddressInput = { bbl: null, bblPrefix: null, places: [], ...addressParts(query) };
  return PROPERTY_TIERS.flatMap((tier) => {
    const filter = tier.filter(input);
    return filter ? [{ constant_score: { filter, boost: tier.score } }] : [];
  });
}

export interface PropertySearchResult {
  bbl: string;
  address: string;
  borough: string;
  slug: string;
}

export const PROPERTY_TYPEAHEAD: TypeaheadTable<{ q: string; limit: number }, AddressInput, PropertySearchResult> = {
  index: 'properties',
  tiers: PROPERTY_TIERS,
  readings: (query) => [{ input: addressInput(query.q) }],
  bonus: ({ places }) => (places.length ? { constant_score: { filter: { bool: { filter: places.map(placeFilter) } }, boost: IN_PLACE } } : null),
  order: () => [{ addressKeys: { order: 'asc', mode: 'min', missing: '_last' } }, { bbl: { order: 'asc' } }],
  fields: SEARCH_FIELDS,
  shape: (hit) => {
    const fields = hit.fields as Record<string, string[] | undefined>;
    // A lot PLUTO gives no address answers '' (the contract's string), as its profile does.
    const lot = { bbl: fields.bbl![0], address: fields.address?.[0] ?? '', borough: fields.borough![0] };
    return { ...lot, slug: propertySlug(lot) };
  },
};

const properties = typeahead(PROPERTY_TYPEAHEAD);

/** The one request for a keystroke, or null when the text names nothing to look for (no number, street or BBL). */
export function buildPropertySearchRequest(query: { q: string; limit: number }): Record<string, unknown> | null {
  return properties.request(query);
}
