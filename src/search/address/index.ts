/**
 * Address understanding for the property typeahead (GET /properties/search), used the same
 * way at index time (a lot's PLUTO / PAD address) and at query time (what a user typed).
 *
 * It lives in the search core, beside the place parser, and not in src/nyc: it folds text
 * with ../normalize and splits places with ../places, and the city module imports nothing
 * of the project. The city facts it applies (street spellings, house numbers, BBLs) are in
 * src/nyc/address and src/nyc/bbl.
 *
 * QUERY (`parseAddressQuery`), in order:
 * 1. The whole query a BBL in any form the city writes it (`1-00835-0041`, `1008350041`,
 *    `1 835 41`): { bbl }, nothing else (`readBbl: false` skips this reading: a BBL written
 *    with a space, `1-29 45`, is also the Queens address 1-29 45 Avenue being typed).
 * 2. A leading house number (`1033`, `409F`, `34-12`, `3412`), see src/nyc/address/house-numbers.
 * 3. Places at the end (ZIP, borough, neighborhood) with the restaurant place parser
 *    (`splitPlace`): after a comma everything is place or remainder (`110th St, Rego Park NY
 *    11374`); without one, places are split off the end, the first with prefix matching
 *    (`... manh`), further ones exact only (`... astoria 11102`). A place is never taken when
 *    it would leave no street but a directional: `123 Jamaica`, `100 E Tremont` are streets;
 *    nor a place prefix that is a whole street word (`Greenway S`outh is not South Bronx).
 *    A city name at the end (`New York`, `NY`) goes to the remainder.
 * 4. Unit designators (`Apt 3A`, `#3A`, `Fl 47`, `Ste 201`) and what follows them go to the
 *    remainder: they do not identify a lot.
 * 5. A number followed by nothing but a street type is the street, not a house number
 *    (`5 Ave` is Fifth Avenue, `1 st ave` First Avenue).
 * 6. The street words, canonical (`canonicalStreet`).
 *
 * INDEX (`indexedAddress`): a lot's address as the index stores it, with the same functions.
 * A query meets a lot through `addressKey`: `<house key> <canonical street>` (`3412 31 avenue`),
 * which the index holds for every name of the lot's street; the search prefix-matches the
 * query's key against them and matches the street words fuzzily for typos.
 */
import {
  Borough,
  HouseNumber,
  canonicalStreetWords,
  houseNumberKey,
  isDirectional,
  isStreetType,
  isNycZip,
  isUnitWord,
  parseBbl,
  splitLeadingHouseNumber,
  streetAliases,
} from '../../nyc';
import { normalizeText, tokens } from '../normalize';
import { CITY_SUFFIXES, PlaceMatch, splitPlace } from '../places';

/** One canonical spelling of a street name, from the data sets or from a user: `E 65th St` -> `east 65 street`. */
export function canonicalStreet(name: string | null | undefined): string {
  return canonicalStreetWords(tokens(name)).join(' ');
}

export interface AddressQuery {
  /** The 10-digit BBL when the whole query is one; then everything else is empty. */
  bbl: string | null;
  houseNumber: HouseNumber | null;
  /** Canonical street words, '' when none were typed. */
  street: string;
  /**
   * The street's words as typed (folded, before canonicalStreet), for a query typed so far:
   * its last word may be a partial one that canonical spelling would misread (`65 s` for
   * `65 street` reads as `65 south`).
   */
  typedStreet: string[];
  /** Places typed at the end, in the order typed (`Rego Park 11374`: Rego Park, then the ZIP). */
  places: PlaceMatch[];
  /** Normalized words that name no street or place (units, unknown cities after a comma). */
  remainder: string;
}

const EMPTY: AddressQuery = { bbl: null, houseNumber: null, street: '', typedStreet: [], places: [], remainder: '' };

/** Words that would be left as the street must name one: more than a directional. */
function namesStreet(text: string): boolean {
  return tokens(text).some((word) => !isDirectional(word));
}

/** A place prefix that is a whole street word (`greenway south`, `dover green`) is part of the street. */
function isStreetWordPrefix(place: PlaceMatch): boolean {
  return place.kind === 'prefix' && tokens(place.matched).some((word) => isStreetType(word) || isDirectional(word));
}

/** The text without a trailing city name (`... St New York`), which names no place of its own. */
function withoutCitySuffix(text: string): { text: string; city: string } {
  const words = tokens(text);
  const suffix = CITY_SUFFIXES.find((city) => words.length > city.length && city.every((word, i) => words[words.length - city.length + i] === word));
  return suffix ? { text: words.slice(0, -suffix.length).join(' '), city: suffix.join(' ') } : { text: words.join(' '), city: '' };
}

/**
 * Places split off the end of a text: the first may be a prefix (`manh`), later ones must be
 * exact; a city name with no place before it goes too. With `leaveStreet`, a place that
 * would leave no street is not taken.
 */
function splitPlaces(text: string, leaveStreet: boolean): { text: string; places: PlaceMatch[]; city: string; strayZip: string } {
  const places: PlaceMatch[] = [];
  let rest = normalizeText(text);
  // A ZIP no borough delivers (a typo, a PO box ZIP) names no place: it must not hide the place
  // typed before it. Only then is it set aside: `1 00835` is a BBL being typed, not a ZIP.
  const stray = STRAY_ZIP.exec(rest);
  const before = stray && !isNycZip(stray[1]) ? rest.slice(0, stray.index).trim() : null;
  const strayZip = before !== null && splitPlace(before).place ? stray![1] : '';
  if (strayZip) rest = before!;
  for (;;) {
    const split = splitPlace(rest);
    if (!split.place || (leaveStreet && !namesStreet(split.text))) break;
    if (split.place.kind === 'prefix' && (places.length > 0 || isStreetWordPrefix(split.place))) break;
    places.unshift(split.place);
    rest = split.text;
  }
  const { text: street, city } = withoutCitySuffix(rest);
  return leaveStreet && !namesStreet(street) ? { text: rest, places, city: '', strayZip } : { text: street, places, city, strayZip };
}

/** Five digits at the end of a text, after a word. */
const STRAY_ZIP = /(?<=\s)(\d{5})$/;

/** `5 avenue`, `65 street`: a number and a street type, nothing else. */
function isNumberedStreet(street: string[]): boolean {
  return street.length === 2 && /^\d+$/.test(street[0]) && isStreetType(street[1]);
}

/** Street words before a unit designator, and the unit on. */
function cutUnit(streetWords: string[]): { street: string[]; unit: string[] } {
  const at = streetWords.findIndex((word, i) => i > 0 && isUnitWord(word));
  return at < 0 ? { street: streetWords, unit: [] } : { street: streetWords.slice(0, at), unit: streetWords.slice(at) };
}

/** What a user typed in the address search box, split into its parts (see the header). */
export function parseAddressQuery(text: string | null | undefined, options: { readBbl?: boolean } = {}): AddressQuery {
  const raw = (text ?? '').trim();
  if (!raw) return EMPTY;
  const bbl = options.readBbl === false ? null : parseBbl(raw);
  if (bbl) return { ...EMPTY, bbl };

  const leading = splitLeadingHouseNumber(raw);
  let houseNumber = leading?.houseNumber ?? null;
  // `#3A` is an apartment, and `#` would otherwise vanish in folding.
  const afterNumber = (leading ? leading.rest : raw).replace(/#\s*/g, ' apt ');

  const comma = afterNumber.replace(/^[\s,]+/, '').indexOf(',');
  const trimmed = afterNumber.replace(/^[\s,]+/, '');
  let streetText: string;
  let places: PlaceMatch[];
  const remainder: string[] = [];
  if (comma >= 0) {
    streetText = trimmed.slice(0, comma);
    const after = splitPlaces(trimmed.slice(comma + 1), false);
    places = after.places;
    if (after.text) remainder.push(after.text);
    if (after.strayZip) remainder.push(after.strayZip);
  } else {
    const split = splitPlaces(trimmed, true);
    ({ text: streetText, places } = split);
    if (split.city) remainder.push(split.city);
    if (split.strayZip) remainder.push(split.strayZip);
  }

  const { street: streetWords, unit } = cutUnit(tokens(streetText));
  if (unit.length > 0) remainder.unshift(unit.join(' '));
  let street = canonicalStreetWords(streetWords);
  let typedStreet = streetWords;
  if (houseNumber && isNumberedStreet(canonicalStreetWords([houseNumber.text, ...streetWords]))) {
    street = canonicalStreetWords([houseNumber.text, ...streetWords]);
    typedStreet = [houseNumber.text, ...streetWords];
    houseNumber = null;
  }
  return { bbl: null, houseNumber, street: street.join(' '), typedStreet, places, remainder: remainder.join(' ') };
}

/** Where a query and a lot's address meet: `<house key> <canonical street>`, or the street alone. */
export function addressKey(houseNumber: HouseNumber | null, street: string): string {
  return [houseNumber ? houseNumberKey(houseNumber) : '', street].filter(Boolean).join(' ');
}

/**
 * The block and side of a house key: its digits but the last two, and the parity of the last
 * (`3416` -> `34:even`, `409f` -> `4:odd`, `7` -> `:odd`); null for a key that is not digits
 * with an optional letter. Lots whose house keys share it are on the same side of the same
 * block: `3400`-`3498`, even.
 */
export function blockHead(houseKey: string): string | null {
  const digits = /^(\d+)[a-z]?$/.exec(houseKey)?.[1];
  if (!digits) return null;
  return `${digits.slice(0, -2)}:${Number(digits[digits.length - 1]) % 2 === 0 ? 'even' : 'odd'}`;
}

/**
 * An address key's block key: `blockHead` of its first word, then the rest of the key
 * (`3412 31 avenue` -> `34:even 31 avenue`); null when the first word is no house key of
 * digits or nothing follows it. The index stores it (addressBlocks) so that the same-block
 * tier looks up one key instead of running a regular expression over the house numbers.
 */
export function blockKey(key: string): string | null {
  const space = key.indexOf(' ');
  const head = space > 0 ? blockHead(key.slice(0, space)) : null;
  return head && `${head} ${key.slice(space + 1)}`;
}

/**
 * A block key and each shortening of it by letters at its end, none ending in a space
 * (`34:even 31 avenue` -> itself, `34:even 31 avenu`, ..., `34:even 31 a`). The index holds
 * them all (addressBlocks), so that the same-block tier of a street still being typed is a
 * term lookup of `<block> <street typed>`: a key yields P exactly when it is P followed by
 * letters a-z alone, which is what the regular expression `P[a-z]*` the tier ran before met.
 */
export function blockKeyPrefixes(block: string): string[] {
  const prefixes = [block];
  let end = block.length;
  while (end > 1 && block.charCodeAt(end - 1) >= 97 && block.charCodeAt(end - 1) <= 122 && block[end - 2] !== ' ') {
    end -= 1;
    prefixes.push(block.slice(0, end));
  }
  return prefixes;
}

/**
 * Every run of whole words of each address key cut after any of its letters but the last
 * word's whole (`3412 31 avenue` -> `3`, ..., `3412 31 avenue`, `31`, `31 a`, ..., `avenue`, `a`,
 * ...), none ending in a space. The index holds them (addressPhrases), so the street alone,
 * its last word still being typed, is a term lookup of the street typed: it meets a key
 * exactly when a phrase-prefix query of it would, without its cap on the last word's
 * expansions.
 */
export function phrasePrefixes(keys: string[]): string[] {
  const found = new Set<string>();
  for (const key of keys) {
    const words = key.split(' ').filter(Boolean);
    for (let start = 0; start < words.length; start += 1) {
      const tail = words.slice(start).join(' ');
      for (let end = 1; end <= tail.length; end += 1) if (tail[end - 1] !== ' ') found.add(tail.slice(0, end));
    }
  }
  return [...found];
}

export interface IndexedAddress {
  houseNumber: HouseNumber | null;
  /** Canonical street words of the address as written. */
  street: string;
  /** The street's canonical name and its other names in the lot's borough (`6 avenue` for Avenue of the Americas). */
  streets: string[];
  /** `addressKey` for each of the street's names: what a query's key prefix-matches. */
  keys: string[];
}

/**
 * A lot's address (PLUTO's `address`, `34-12 31 AVENUE`; a PAD house number and street
 * name joined) as the index stores it, or null when it has no street.
 */
export function indexedAddress(address: string | null | undefined, borough: Borough | null = null): IndexedAddress | null {
  const text = (address ?? '').trim();
  const leading = splitLeadingHouseNumber(text);
  const street = canonicalStreet(leading ? leading.rest : text);
  if (!street) return null;
  const houseNumber = leading?.houseNumber ?? null;
  const streets = [street, ...streetAliases(street, borough)];
  return { houseNumber, street, streets, keys: streets.map((name) => addressKey(houseNumber, name)) };
}
