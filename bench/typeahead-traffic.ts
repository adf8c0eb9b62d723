import { Random, WeightedTable } from '../ingest/generate/random';
import { neighborhoodsForZip, places } from '../src/search/places';

/**
 * What a restaurant search box receives: people typing names, one keystroke per request.
 *
 * - Which name: drawn with a Zipf-like skew (weight 1 / (rank + 10)) over the set's distinct
 *   names ranked by how many establishments carry them (chains first, one-offs in a seeded
 *   order), so popular names come back often and most names seldom, as in real traffic.
 * - What is typed: the name as people write it (lower case, apostrophes and periods often left
 *   out, corporate suffixes and store numbers never typed), sometimes with a typo (a letter
 *   swapped with its neighbour, left out, doubled or replaced by the key beside it, anywhere
 *   in the name including its first letter), and sometimes followed by a place (the borough
 *   or its slang, a neighborhood around its ZIP from the API's own place list, or the ZIP).
 * - How: letter by letter from the second character, every prefix a request, until the person
 *   stops (a third type the whole thing; the others stop somewhere after three characters).
 * - Who at once: TYPISTS people type at the same time (interleaved), each search's keystrokes in
 *   order, a new person starting whenever one stops. Back to back (typists 1), the person
 *   typing would type at the whole offered rate (200 keystrokes a second at 200 req/s) and a
 *   long name's costly keystrokes would arrive as one burst; 30 people at 200 req/s type about
 *   a letter every 150 ms each, as fast typists do.
 */

export interface NamedPlace {
  name: string;
  /** Establishments under this name: the skew's rank. */
  establishments: number;
  borough: string | null;
  zip: string | null;
}

export interface TrafficOptions {
  /** Requests (keystrokes) wanted. */
  count: number;
  seed: number;
  /** People typing at once (default TYPISTS; 1 = one search after another). */
  typists?: number;
}

/** People typing at once (BENCH_TYPISTS overrides it; 1 sends each search's keystrokes back to back). */
export const TYPISTS = Number(process.env.BENCH_TYPISTS ?? 30);

const TYPO_SHARE = 0.15;
const PLACE_SHARE = 0.2;
const WHOLE_NAME_SHARE = 0.35;
const ZIPF_OFFSET = 10;

/** Words people never type: corporate forms and store numbers. */
const UNTYPED = /^(llc|inc|corp|corporation|co|ltd|#\d+|\d{3,}#?)$/;

/** Keys next to each letter on a QWERTY keyboard. */
const NEIGHBOURS: Record<string, string> = {
  q: 'wa', w: 'qes', e: 'wrd', r: 'etf', t: 'ryg', y: 'tuh', u: 'yij', i: 'uok', o: 'ipl', p: 'ol', a: 'qsz', s: 'adw', d: 'sfe',
  f: 'dgr', g: 'fht', h: 'gjy', j: 'hku', k: 'jli', l: 'ko', z: 'xa', x: 'zcs', c: 'xvd', v: 'cbf', b: 'vng', n: 'bmh', m: 'nj',
};

/** The name as a person would type it. */
export function asTyped(name: string, random: Random): string {
  let text = name.toLowerCase();
  if (random.chance(0.6)) text = text.replace(/['’.]/g, '');
  const words = text.split(/\s+/).filter(Boolean);
  while (words.length > 1 && UNTYPED.test(words[words.length - 1].replace(/[.,]/g, ''))) words.pop();
  return words.join(' ');
}

/** One slip of the finger at a letter of the text (positions of letters only). */
export function withTypo(text: string, random: Random): string {
  const letters = [...text].flatMap((char, index) => (/[a-z]/.test(char) ? [index] : []));
  if (letters.length < 3) return text;
  const at = random.pick(letters);
  const kind = random.int(0, 3);
  if (kind === 0 && at + 1 < text.length) return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2); // swapped
  if (kind === 1) return text.slice(0, at) + text.slice(at + 1); // left out
  if (kind === 2) return text.slice(0, at) + text[at] + text.slice(at); // doubled
  return text.slice(0, at) + random.pick([...(NEIGHBOURS[text[at]] ?? text[at])]) + text.slice(at + 1); // key beside
}

/** A place typed after the name: the borough (or its slang), a neighborhood around the ZIP, or the ZIP. */
export function placeFor(entry: NamedPlace, random: Random): string | undefined {
  const options: string[] = [];
  const borough = places.find((place) => place.kind === 'borough' && place.borough === entry.borough);
  if (borough) options.push(borough.name.toLowerCase(), ...borough.aliases);
  if (entry.zip) {
    for (const neighborhood of neighborhoodsForZip(entry.zip)) options.push(neighborhood.name.toLowerCase(), ...neighborhood.aliases);
    options.push(entry.zip);
  }
  return options.length ? random.pick(options) : undefined;
}

/** The keystrokes of one search: prefixes from the second character to where the person stops. */
export function keystrokes(text: string, random: Random): string[] {
  const end = text.length <= 3 || random.chance(WHOLE_NAME_SHARE) ? text.length : random.int(3, text.length);
  return typedInFull(text.slice(0, end));
}

const typedInFull = (text: string) => Array.from({ length: Math.max(0, text.length - 1) }, (_, k) => text.slice(0, k + 2));

/**
 * Up to `count` keystrokes of `typists` people typing at once: each request is the next
 * keystroke of one of them, drawn at random; a person who finished is replaced by the next
 * search (`searches` gives undefined when there are no more).
 */
export function interleaved(searches: () => string[] | undefined, typists: number, count: number, random: Random): string[] {
  const typing: Array<{ keys: string[]; next: number }> = [];
  const out: string[] = [];
  let more = true;
  while (out.length < count) {
    while (more && typing.length < typists) {
      const keys = searches();
      if (keys === undefined) more = false;
      else if (keys.length) typing.push({ keys, next: 0 });
    }
    if (typing.length === 0) break;
    const at = random.int(0, typing.length - 1);
    const person = typing[at];
    out.push(person.keys[person.next++]);
    if (person.next === person.keys.length) typing.splice(at, 1);
  }
  return out;
}

/** The requests' q values, in arrival order: `count` keystrokes of people typing names at once. */
export function typeaheadTraffic(names: NamedPlace[], options: TrafficOptions): string[] {
  const random = new Random(options.seed);
  // A seeded order among equals, then the most common names first.
  const ranked = names
    .map((entry) => ({ entry, tiebreak: random.next() }))
    .sort((a, b) => b.entry.establishments - a.entry.establishments || a.tiebreak - b.tiebreak)
    .map(({ entry }) => entry);
  const table = new WeightedTable(ranked.map((entry, rank) => [entry, 1 / (rank + ZIPF_OFFSET)] as const));
  const search = () => {
    const entry = table.draw(random);
    let text = asTyped(entry.name, random);
    if (random.chance(TYPO_SHARE)) text = withTypo(text, random);
    const place = random.chance(PLACE_SHARE) ? placeFor(entry, random) : undefined;
    // With a place, the person types the whole name, a space, then the place letter by letter.
    const typed = place ? typedInFull(`${text} ${place}`) : keystrokes(text, random);
    return typed.filter((q) => q.trim().length >= 2);
  };
  return interleaved(search, options.typists ?? TYPISTS, options.count, random);
}
