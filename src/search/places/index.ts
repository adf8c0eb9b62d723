/**
 * NYC place recognition for the restaurant typeahead (GET /api/v1/restaurants/search,
 * spec "Search behavior" 1-3). Pure: no I/O beyond importing `nyc-places.json`.
 *
 * DATA (`nyc-places.json`): 185 entries, 5 boroughs and 180 neighborhoods (sources in its `about`). Each has a
 * canonical `name`, `aliases` (abbreviations and slang: uws, les, fidi, bed stuy, bk,
 * bklyn, bx, qns, si, lic...), `kind`, `borough` and `zips`. Borough entries take the
 * borough's full USPS ZIP set from the city module (src/nyc/borough-zips.json), where
 * every ZIP belongs to exactly one borough. Neighborhood ZIP sets were written by
 * hand: the ZIPs that mostly cover each neighborhood. ZIPs do not follow
 * neighborhood borders, so scoping is approximate. The one entry that crosses a border
 * is Marble Hill: it is in Manhattan, but its only ZIP is the Bronx's 10463.
 *
 * MATCHING RULES for `splitPlace(q)`:
 * - q is tokenized with `tokens()` (normalize.ts), so matching ignores case, accents,
 *   apostrophes and periods, and treats other punctuation as a space ("Hell’s Kitchen" ==
 *   "hells kitchen"). A place is compared with `compactText`, so spaces don't matter
 *   either: "bed-stuy" == "bed stuy" == "bedstuy", "co-op city" == "coop city".
 * - Only a place at the END of q counts. Order of attempts:
 *   1. ZIP: a trailing 5-digit NYC ZIP (also ZIP+4, "11211-1234"). A 5-digit number
 *      that is not an NYC ZIP is never a place and stays in the text (nothing else is tried).
 *   2. Exact: the longest run of trailing tokens (most tokens) that is a place name or
 *      alias. So "pizza east village" -> East Village (not Village), "pizza the bronx"
 *      and "pizza south bronx" are not plain Bronx. An exact place may use up the whole
 *      query ("williamsburg" -> text '' + place). The caller decides what that means.
 *   3. Prefix: the trailing tokens, compacted, are at least 3 characters long and are the
 *      start of one or more place names or aliases ("pizza willi" -> Williamsburg (+
 *      Williamsbridge), "pizza long isl" -> Long Island City). Every matching place
 *      counts: the ZIP sets are unioned ("pizza green" -> Greenpoint + Greenwich
 *      Village). The longest matching run of tokens wins. A prefix match must leave
 *      some text: a query that is nothing but a place prefix ("ast", "east wil") is
 *      left alone. It may be the start of a restaurant name.
 *      A few everyday words that begin place names but usually end restaurant names are
 *      never used as one-word prefixes: "burger king" is not Kingsbridge, "taco bell"
 *      is not Bellerose, "white castle" is not Castle Hill, "dairy queen" is not Queens
 *      Village (see NOT_PREFIXES).
 * - If the text before a place ends with a linking word ("taste of jamaica", "pollo de
 *   corona", "sol y mar"), the place is part of the name: no place at all.
 * - A city suffix after a place is absorbed: "pizza brooklyn ny", "... 11211 new york".
 *   A query that ends in a city suffix with no place before it has no place, unless the
 *   suffix ends the name of the place itself ("pizza east new york").
 * - "in", "near" or "around" just before the place are dropped: "pizza in astoria" -> "pizza".
 * - `text` is always the normalized text (normalizeText), even when no place is found.
 */
import { BOROUGHS, Borough, boroughForZip, boroughZips, isBorough } from '../../nyc';
import { compactText, tokens } from '../normalize';
import data from './nyc-places.json';

export interface Place {
  name: string;
  aliases: readonly string[];
  kind: 'neighborhood' | 'borough';
  borough: Borough;
  zips: readonly string[];
}

export interface PlaceMatch {
  /** Canonical names of the matched places (for a ZIP, the ZIP itself). */
  names: string[];
  /** Sorted, de-duplicated union of the matched places' ZIP codes. */
  zips: string[];
  /** 'borough' or 'neighborhood' for an exact match (mixed: 'neighborhood'); 'zip'; 'prefix'. */
  kind: 'neighborhood' | 'borough' | 'zip' | 'prefix';
  /** Boroughs of the matched places, in BOROUGHS order. */
  boroughs: Borough[];
  /** The normalized tail of q that was taken as the place (including "in"/"ny" words). */
  matched: string;
}

export interface SplitResult {
  /** Normalized search text with the place (if any) removed; may be ''. */
  text: string;
  place: PlaceMatch | null;
}

function loadPlaces(): Place[] {
  return data.places.map((raw) => {
    if (!isBorough(raw.borough)) throw new Error(`nyc-places.json: bad borough ${raw.borough}`);
    if (raw.kind !== 'neighborhood' && raw.kind !== 'borough') throw new Error(`nyc-places.json: bad kind ${raw.kind}`);
    const zips = raw.kind === 'borough' ? boroughZips[raw.borough] : 'zips' in raw ? raw.zips : undefined;
    if (!zips) throw new Error(`nyc-places.json: no ZIPs for ${raw.name}`);
    return Object.freeze({
      name: raw.name,
      aliases: Object.freeze([...raw.aliases]),
      kind: raw.kind,
      borough: raw.borough,
      zips: Object.freeze([...zips]),
    });
  });
}

/** Every recognized place (boroughs first, in BOROUGHS order), as shipped in nyc-places.json. */
export const places: readonly Place[] = Object.freeze(loadPlaces());

/** Neighborhoods whose ZIP set contains the ZIP (may be empty even for an NYC ZIP). */
export function neighborhoodsForZip(zip: string): Place[] {
  const z = zip.trim();
  return places.filter((p) => p.kind === 'neighborhood' && p.zips.includes(z));
}

// compactText(name or alias) -> places. Keys are what queries are compared with.
const KEYS = new Map<string, Place[]>();
for (const place of places) {
  for (const label of [place.name, ...place.aliases]) {
    const key = compactText(label);
    if (!key) continue;
    const list = KEYS.get(key) ?? [];
    if (!list.includes(place)) list.push(place);
    KEYS.set(key, list);
  }
}
// Shortest keys first, so prefix matches list the closest completions first.
const KEY_LIST = [...KEYS.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
// Longest run of query tokens worth compacting into one key (+1 for split words like "fi di").
const MAX_TOKENS = Math.max(...places.flatMap((p) => [p.name, ...p.aliases].map((l) => tokens(l).length))) + 1;

/** Shortest partial place name that prefix-matches (spec: 3 or more characters). */
export const MIN_PREFIX_LENGTH = 3;

/**
 * Whole words that start place names but more often end restaurant names; they are never
 * a one-word place prefix (they still count as the start of a longer prefix: "pizza castle h").
 */
const NOT_PREFIXES = new Set([
  'the', 'man', 'king', 'kings', 'queen', 'bell', 'castle', 'china', 'city', 'crown', 'rock', 'rose',
  'star', 'sugar', 'sun', 'times', 'villa', 'york',
]);
/** A place right after one of these is part of a name ("taste of jamaica"). */
const LINKING_WORDS = new Set(['of', 'de', 'del', 'della', 'di', 'da', 'do', 'du', 'la', 'le', 'el', 'los', 'las', 'and', 'n', 'y']);
/** Dropped between the text and the place ("pizza in astoria"). */
const PLACE_PREPOSITIONS = new Set(['in', 'near', 'around']);
/** City suffixes after a place ("brooklyn ny"); longest first. The address parser drops them after a street too. */
export const CITY_SUFFIXES: readonly string[][] = [['new', 'york', 'city'], ['new', 'york', 'ny'], ['new', 'york'], ['nyc'], ['ny']];

const ZIP5 = /^\d{5}$/;
const ZIP4 = /^\d{4}$/;

function boroughsOf(list: readonly Place[]): Borough[] {
  const set = new Set(list.map((p) => p.borough));
  return BOROUGHS.filter((b) => set.has(b));
}

function unionZips(list: readonly Place[]): string[] {
  return [...new Set(list.flatMap((p) => p.zips))].sort();
}

function placeMatch(list: readonly Place[], kind: PlaceMatch['kind'], matched: string[]): PlaceMatch {
  return {
    names: [...new Set(list.map((p) => p.name))],
    zips: unionZips(list),
    kind,
    boroughs: boroughsOf(list),
    matched: matched.join(' '),
  };
}

function exactKind(list: readonly Place[]): 'neighborhood' | 'borough' {
  return list.every((p) => p.kind === 'borough') ? 'borough' : 'neighborhood';
}

interface Found {
  /** Index in the token list where the place starts. */
  start: number;
  place: PlaceMatch;
}

/** A trailing ZIP (or ZIP+4). undefined: no ZIP-like tail; null: a 5-digit non-NYC number. */
function findZip(toks: string[]): Found | null | undefined {
  const n = toks.length;
  let start = -1;
  if (n >= 1 && ZIP5.test(toks[n - 1])) start = n - 1;
  else if (n >= 2 && ZIP4.test(toks[n - 1]) && ZIP5.test(toks[n - 2])) start = n - 2;
  if (start < 0) return undefined;
  const zip = toks[start];
  const borough = boroughForZip(zip);
  if (!borough) return null;
  return { start, place: { names: [zip], zips: [zip], kind: 'zip', boroughs: [borough], matched: toks.slice(start).join(' ') } };
}

/** Longest exact place at the end of toks. */
function findExact(toks: string[]): Found | undefined {
  const n = toks.length;
  for (let k = Math.min(n, MAX_TOKENS); k >= 1; k--) {
    const list = KEYS.get(toks.slice(n - k).join(''));
    if (list) return { start: n - k, place: placeMatch(list, exactKind(list), toks.slice(n - k)) };
  }
  return undefined;
}

/** Longest prefix place at the end of toks; null when the tail is a prefix but may not be used. */
function findPrefix(toks: string[]): Found | null | undefined {
  const n = toks.length;
  for (let k = Math.min(n, MAX_TOKENS); k >= 1; k--) {
    const fragment = toks.slice(n - k).join('');
    if (fragment.length < MIN_PREFIX_LENGTH) continue;
    if (k === 1 && NOT_PREFIXES.has(fragment)) continue;
    if (/^\d+$/.test(fragment)) continue;
    const keys = KEY_LIST.filter((key) => key.length > fragment.length && key.startsWith(fragment));
    if (keys.length === 0) continue;
    // The whole query is a place prefix: it may just as well be a restaurant name.
    if (k === n) return null;
    const list: Place[] = [];
    for (const key of keys) for (const p of KEYS.get(key) ?? []) if (!list.includes(p)) list.push(p);
    return { start: n - k, place: placeMatch(list, 'prefix', toks.slice(n - k)) };
  }
  return undefined;
}

/** Builds the result for a found place, applying the linking-word and preposition rules. */
function finish(toks: string[], found: Found, extra: string[] = []): SplitResult {
  let start = found.start;
  if (start > 0 && LINKING_WORDS.has(toks[start - 1])) return { text: toks.join(' '), place: null };
  let matched = toks.slice(start);
  if (start > 0 && PLACE_PREPOSITIONS.has(toks[start - 1])) {
    start -= 1;
    matched = toks.slice(start);
  }
  const allMatched = [...matched, ...extra];
  return { text: toks.slice(0, start).join(' '), place: { ...found.place, matched: allMatched.join(' ') } };
}

function endsWith(toks: string[], suffix: string[]): boolean {
  return toks.length >= suffix.length && suffix.every((t, i) => toks[toks.length - suffix.length + i] === t);
}

/**
 * Splits a trailing NYC place (neighborhood, borough, ZIP, or a 3+ character prefix of a
 * place name) off a search query. See the header comment for the rules.
 */
export function splitPlace(q: string): SplitResult {
  const toks = tokens(q);
  if (toks.length === 0) return { text: '', place: null };
  const none: SplitResult = { text: toks.join(' '), place: null };

  // "… brooklyn ny", "… 11211 new york": absorb the city suffix, but only after a real place.
  let endsWithCitySuffix = false;
  for (const suffix of CITY_SUFFIXES) {
    if (!endsWith(toks, suffix) || toks.length === suffix.length) continue;
    endsWithCitySuffix = true;
    const rest = toks.slice(0, toks.length - suffix.length);
    const found = findZip(rest) ?? findExact(rest);
    if (!found) continue;
    const result = finish(rest, found, toks.slice(rest.length));
    return result.place ? { text: result.text, place: result.place } : none;
  }
  // No place before the suffix, but the suffix may end a place's own name ("east new york").
  if (endsWithCitySuffix) {
    const exact = findExact(toks);
    return exact ? finish(toks, exact) : none;
  }

  const zip = findZip(toks);
  if (zip === null) return none;
  if (zip) return finish(toks, zip);

  const exact = findExact(toks);
  if (exact) return finish(toks, exact);

  const prefix = findPrefix(toks);
  if (prefix) return finish(toks, prefix);
  return none;
}

/**
 * The establishments a place covers, for a filter: a borough (by name or slang, alone or in
 * an ambiguous prefix) by the record's borough, so a record without a ZIP stays in; a
 * neighborhood or ZIP by its ZIP codes. `zips` is the whole ZIP union (a borough's own ZIPs
 * included), so a record with a ZIP but another borough spelling is kept too.
 */
export function placeScope(place: PlaceMatch): { boroughs: Borough[]; zips: string[] } {
  const boroughs = place.kind === 'zip' ? [] : BOROUGHS.filter((b) => place.names.includes(b));
  return { boroughs, zips: place.zips };
}

/**
 * The place that the WHOLE text names exactly (name, alias or NYC ZIP), or null. Useful
 * for interpreting a standalone location parameter; no prefix matching.
 */
export function matchPlace(text: string): PlaceMatch | null {
  const toks = tokens(text);
  if (toks.length === 0) return null;
  const zip = findZip(toks);
  if (zip) return zip.start === 0 ? zip.place : null;
  if (zip === null) return null;
  const list = KEYS.get(toks.join(''));
  return list ? placeMatch(list, exactKind(list), toks) : null;
}
