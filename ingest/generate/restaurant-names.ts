import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Borough } from '../../src/nyc';
import { NYC_DATA_DIR } from '../../src/nyc/testing/shared-data';
import { BOROUGH_PLACES } from './places';
import { countsOf, Random, WeightedTable } from './random';
import { SHIPPED_WORDS } from './restaurant-words';

/**
 * What generated restaurant names, cuisines and addresses are drawn from: word tables with
 * the shape of real names (how many words, which words open and close a name, which word
 * follows which), the names the city has several establishments under (chain seeds),
 * cuisines and the streets and building numbers of each borough.
 *
 * Learned at generation time from the city's rows in ../shared/data/nyc/restaurants when
 * they are there (never copied into the project); otherwise built from the project's own
 * invented word list (restaurant-words.ts), which has the same kinds of words and
 * punctuation but no real establishment's name.
 */
export interface RestaurantVocabulary {
  source: string;
  /** Words per name. */
  lengths: WeightedTable<number>;
  /** Names of one word. */
  alone: WeightedTable<string>;
  first: WeightedTable<string>;
  middle: WeightedTable<string>;
  last: WeightedTable<string>;
  /** Words seen after a word inside a name (not at its end), and as its last word. */
  nextInside: Map<string, WeightedTable<string>>;
  nextLast: Map<string, WeightedTable<string>>;
  /** Share of names written in mixed case (most are upper case). */
  mixedCase: number;
  /** Names the city has several establishments under, most frequent first, with their usual cuisine. */
  chainSeeds: Array<{ name: string; cuisine: string }>;
  cuisines: WeightedTable<string>;
  /** Cuisines of the names a word appears in, for words that say something about the food. */
  cuisineByWord: Map<string, WeightedTable<string>>;
  streets: Map<Borough, WeightedTable<string>>;
  buildings: Map<Borough, WeightedTable<string>>;
}

/** One establishment as the source describes it. */
export interface NameSample {
  name: string;
  cuisine: string;
  borough: string;
  street: string;
  building: string;
}

const BOROUGHS: Borough[] = ['Manhattan', 'Brooklyn', 'Queens', 'Bronx', 'Staten Island'];
/** A word says something about the cuisine when it appears in this many names, at least half of one cuisine. */
const CUISINE_WORD_MIN_NAMES = 3;

const wordsOf = (name: string) => name.toUpperCase().split(/\s+/).filter(Boolean);

function tablesByKey<K, T>(pairs: Iterable<readonly [K, T]>): Map<K, WeightedTable<T>> {
  return new Map([...groupValues(pairs)].map(([key, values]) => [key, new WeightedTable(countsOf(values))]));
}

/** The vocabulary of a list of establishments (one sample per establishment). */
export function learnVocabulary(samples: NameSample[], source: string): RestaurantVocabulary {
  const named = samples.filter((sample) => wordsOf(sample.name).length > 0);
  const names = named.map((sample) => wordsOf(sample.name));
  const bigrams = names.flatMap((words) => words.slice(1).map((word, k) => ({ before: words[k], word, isLast: k + 2 === words.length })));

  const nameCounts = countsOf(named.map((sample) => sample.name));
  const cuisinesOfName = groupValues(named.filter((s) => s.cuisine).map((s) => [s.name, s.cuisine] as const));
  const usualCuisine = (name: string) => {
    const cuisines = cuisinesOfName.get(name);
    return cuisines ? mostCommon(cuisines) : '';
  };
  const chainSeeds = [...nameCounts]
    .filter(([, count]) => count >= 2)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1))
    .map(([name]) => ({ name, cuisine: usualCuisine(name) }))
    .filter((seed) => seed.cuisine);

  const wordCuisines = named.filter((s) => s.cuisine).flatMap((s) => [...new Set(wordsOf(s.name))].map((word) => [word, s.cuisine] as const));
  const cuisineByWord = new Map<string, WeightedTable<string>>();
  for (const [word, cuisines] of groupValues(wordCuisines)) {
    const top = mostCommon(cuisines);
    if (cuisines.length >= CUISINE_WORD_MIN_NAMES && cuisines.filter((c) => c === top).length * 2 >= cuisines.length) cuisineByWord.set(word, new WeightedTable(countsOf(cuisines)));
  }

  const placed = samples.filter((s) => (BOROUGHS as string[]).includes(s.borough));
  return {
    source,
    lengths: new WeightedTable(countsOf(names.map((words) => words.length))),
    alone: new WeightedTable(countsOf(names.filter((words) => words.length === 1).map((words) => words[0]))),
    first: new WeightedTable(countsOf(names.filter((words) => words.length > 1).map((words) => words[0]))),
    middle: new WeightedTable(countsOf(names.flatMap((words) => words.slice(1, -1)))),
    last: new WeightedTable(countsOf(names.filter((words) => words.length > 1).map((words) => words[words.length - 1]))),
    nextInside: tablesByKey(bigrams.filter((b) => !b.isLast).map((b) => [b.before, b.word] as const)),
    nextLast: tablesByKey(bigrams.filter((b) => b.isLast).map((b) => [b.before, b.word] as const)),
    mixedCase: named.filter((s) => s.name !== s.name.toUpperCase()).length / Math.max(1, named.length),
    chainSeeds,
    cuisines: new WeightedTable(countsOf(samples.map((s) => s.cuisine).filter(Boolean))),
    cuisineByWord,
    streets: tablesByKey(placed.filter((s) => s.street.trim()).map((s) => [s.borough as Borough, s.street] as const)),
    buildings: tablesByKey(placed.filter((s) => /^\d/.test(s.building)).map((s) => [s.borough as Borough, s.building] as const)),
  };
}

function groupValues<K, V>(pairs: Iterable<readonly [K, V]>): Map<K, V[]> {
  const grouped = new Map<K, V[]>();
  for (const [key, value] of pairs) {
    const values = grouped.get(key);
    if (values) values.push(value);
    else grouped.set(key, [value]);
  }
  return grouped;
}

/** The most frequent value, the first seen among equals. */
function mostCommon<T>(values: T[]): T {
  let best = values[0];
  let bestCount = 0;
  for (const [value, count] of countsOf(values)) if (count > bestCount) [best, bestCount] = [value, count];
  return best;
}

/** The city's restaurant exports in the shared data folder, if present. */
const CITY_FILES = ['restaurants/dohmh_inspections_api_dev_20260410.csv', 'restaurants/dohmh_inspections_export_561_20241009.csv'];

/** One sample per establishment (CAMIS) of the city's files, or none when they are absent. */
export function citySamples(dir = NYC_DATA_DIR): NameSample[] {
  const byCamis = new Map<string, NameSample>();
  for (const file of CITY_FILES) {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) continue;
    const rows: Array<Record<string, string>> = parse(fs.readFileSync(full, 'utf8'), { columns: (header: string[]) => header.map((h) => h.toLowerCase().replace(/ /g, '_')), bom: true, relax_column_count: true });
    for (const row of rows) {
      if (!row.camis || byCamis.has(row.camis)) continue;
      byCamis.set(row.camis, { name: row.dba ?? '', cuisine: row.cuisine_description ?? '', borough: row.boro ?? '', street: row.street ?? '', building: row.building ?? '' });
    }
  }
  return [...byCamis.values()];
}

let defaultVocabulary: RestaurantVocabulary | undefined;

/** Learned from the city's files when present, else the shipped word list. Built once per process. */
export function restaurantVocabulary(): RestaurantVocabulary {
  if (!defaultVocabulary) {
    const samples = citySamples();
    defaultVocabulary = samples.length >= 500 ? learnVocabulary(samples, `learned from ${samples.length} establishments of the city's files`) : shippedVocabulary();
  }
  return defaultVocabulary;
}

/** The project's own invented word list, in the same shape (no bigrams: words combine freely). */
export function shippedVocabulary(): RestaurantVocabulary {
  const words = SHIPPED_WORDS;
  const table = (entries: ReadonlyArray<readonly [string, number]>) => new WeightedTable(entries);
  return {
    source: 'the shipped word list (ingest/generate/restaurant-words.ts)',
    lengths: new WeightedTable(words.lengths),
    alone: table(words.alone),
    first: table(words.first),
    middle: table(words.middle),
    last: table(words.last),
    nextInside: new Map(),
    nextLast: new Map(),
    mixedCase: 0.02,
    chainSeeds: words.chains.map(([name, cuisine]) => ({ name, cuisine })),
    cuisines: table(words.cuisines),
    cuisineByWord: new Map(Object.entries(words.cuisineWords).map(([word, cuisine]) => [word, new WeightedTable([[cuisine, 1]])])),
    streets: new Map(BOROUGH_PLACES.map((place) => [place.borough, new WeightedTable(place.streets.map((street) => [street, 1] as const))])),
    buildings: new Map(),
  };
}

/** Probability of following the word before (a real pair) rather than drawing from the position's table. */
const FOLLOW = 0.5;

const titleCase = (words: string[]) => words.map((word) => word.charAt(0) + word.slice(1).toLowerCase());

/** A name with the vocabulary's shape: its length, first and last words, real word pairs half of the time. */
export function makeName(vocabulary: RestaurantVocabulary, random: Random): string {
  const length = vocabulary.lengths.draw(random);
  let words: string[];
  if (length <= 1) words = [random.chance(0.5) ? vocabulary.alone.draw(random) : vocabulary.first.draw(random)];
  else {
    words = [vocabulary.first.draw(random)];
    for (let k = 1; k < length; k += 1) {
      const isLast = k === length - 1;
      const follow = (isLast ? vocabulary.nextLast : vocabulary.nextInside).get(words[k - 1]);
      words.push(follow && random.chance(FOLLOW) ? follow.draw(random) : (isLast ? vocabulary.last : vocabulary.middle).draw(random));
    }
  }
  return (random.chance(vocabulary.mixedCase) ? titleCase(words) : words).join(' ');
}

/** The cuisine a name suggests (a word like PIZZA or TAQUERIA), or any cuisine. */
export function cuisineFor(vocabulary: RestaurantVocabulary, name: string, random: Random): string {
  const hints = wordsOf(name).map((word) => vocabulary.cuisineByWord.get(word)).filter((table) => table !== undefined);
  return hints.length && random.chance(0.8) ? random.pick(hints).draw(random) : vocabulary.cuisines.draw(random);
}

/** Share of establishments that belong to a chain, and establishments per chain name. */
const CHAIN_SHARE = 0.12;
const ESTABLISHMENTS_PER_CHAIN = 50;

/**
 * Names and cuisines for a whole set: one establishment in CHAIN_SHARE belongs to one of
 * N / ESTABLISHMENTS_PER_CHAIN chains with Zipf weights (1/rank: the largest has about 1.6%
 * of the set, some hundreds at the city's scale; the smallest one or two establishments), the
 * city's own repeated names first; every other one gets a name not given before (redrawn up
 * to a few times, as real one-offs are almost always distinct). About nine distinct names in
 * ten establishments, as in the city's data.
 */
export class RestaurantNamer {
  private readonly chains: Array<{ name: string; cuisine: string }> = [];
  private readonly chainTable: WeightedTable<number>;
  private readonly used = new Set<string>();

  constructor(
    private readonly vocabulary: RestaurantVocabulary,
    private readonly random: Random,
    establishments: number,
  ) {
    const chainCount = Math.max(10, Math.round(establishments / ESTABLISHMENTS_PER_CHAIN));
    for (const seed of vocabulary.chainSeeds.slice(0, chainCount)) this.addChain(seed.name, seed.cuisine);
    while (this.chains.length < chainCount) {
      const name = this.freshName();
      this.addChain(name, cuisineFor(vocabulary, name, random));
    }
    this.chainTable = new WeightedTable(this.chains.map((_, rank) => [rank, 1 / (rank + 1)] as const));
  }

  private addChain(name: string, cuisine: string): void {
    this.used.add(name);
    this.chains.push({ name, cuisine });
  }

  private freshName(): string {
    let name = makeName(this.vocabulary, this.random);
    for (let attempt = 0; attempt < 8 && this.used.has(name); attempt += 1) name = makeName(this.vocabulary, this.random);
    this.used.add(name);
    return name;
  }

  next(): { name: string; cuisine: string } {
    if (this.random.chance(CHAIN_SHARE)) return this.chains[this.chainTable.draw(this.random)];
    const name = this.freshName();
    return { name, cuisine: cuisineFor(this.vocabulary, name, this.random) };
  }
}
