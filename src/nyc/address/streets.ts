/**
 * One canonical spelling of a street name, for the names the city's data sets write
 * (PLUTO `1011 EAST 172 STREET`, Geosupport `EAST  101 STREET`, PAD `ANDES ROAD`) and the
 * names people type (`E 101st St`, `Sixty-Fifth St`, `St Marks Pl`). Canonical words are
 * the full words Geosupport uses, numbers without ordinal suffixes: `east 101 street`,
 * `65 street`, `saint marks place`.
 *
 * Input is the street's folded words (search/normalize's `tokens()`: lowercase ASCII,
 * punctuation gone), so the city module needs no text folding of its own; the search
 * layer's `canonicalStreet(name)` folds and calls this.
 *
 * Rules, in order (the spelling tables are data, in street-words.json):
 * 1. Ordinal number words become digits: `fifth` -> 5, `sixty fifth` -> 65,
 *    `one hundred tenth` -> 110. A run of number words counts only when it ends in an
 *    ordinal word, so cardinal names (`Two Bridges`) stay words.
 * 2. Ordinal suffixes go: `65th`, `1st`, `2nd`, `3rd`, `11th` -> the digits; a suffix typed
 *    apart (`65 th`) goes too. `st` and `rd` apart from a number are also street types
 *    (`E 65 St`, `31 Rd`): they are a suffix only when another street type follows
 *    (`1 st ave`).
 * 3. `st` is saint before a name (`St Marks Pl`, `ST JOHNS PLACE`) and street anywhere else
 *    (last, before a street type, a directional or a number).
 * 4. A single-letter directional is expanded at the start of a name of several words
 *    (`E 101 St`, `N Henry St`) and at its end (`Greenway S`, `Park Ave S`), except the
 *    letter of Brooklyn's and Manhattan's lettered avenues (`Avenue S`, `Avenue N`, `Ave D`),
 *    where it follows an `avenue` that starts the name.
 * 5. Street types and the other abbreviations become full words (`AVE`/`AV` -> avenue,
 *    `MT` -> mount, `FT` -> fort, `BCH` -> beach).
 * 6. A few phrases the data cut short or write differently are completed
 *    (`AVENUE OF THE AMER` -> avenue of the americas).
 *
 * Every output word maps to itself, so canonicalStreetWords is idempotent.
 */
import type { Borough } from '../boroughs';
import words from './street-words.json';

const STREET_TYPES: Readonly<Record<string, string>> = words.streetTypes;
const DIRECTIONALS: Readonly<Record<string, string>> = words.directionals;
const NAME_ABBREVIATIONS: Readonly<Record<string, string>> = words.nameAbbreviations;
const ORDINAL_SUFFIXES = new Set(words.ordinalSuffixes);
const UNITS: Readonly<Record<string, number>> = words.numberWords.units;
const TENS: Readonly<Record<string, number>> = words.numberWords.tens;
const UNIT_ORDINALS: Readonly<Record<string, number>> = words.numberWords.unitOrdinals;
const ORDINALS: Readonly<Record<string, number>> = words.numberWords.ordinals;
const PHRASES = words.phrases.map(({ from, to }) => ({ from: from.split(' '), to: to.split(' ') }));

const UNIT_WORDS = new Set(words.unitWords);

/** Whether a folded word starts an apartment, suite or floor (`apt`, `ste`, `fl`): not part of a street. */
export function isUnitWord(word: string): boolean {
  return UNIT_WORDS.has(word);
}

const NUMBER = /^\d+$/;
const NUMBER_WITH_SUFFIX = /^(\d+)(?:st|nd|rd|th)$/;

/** Whether a folded word is a street type in any spelling (`st`, `ave`, `avenue`). */
export function isStreetType(word: string | undefined): boolean {
  return word !== undefined && Object.hasOwn(STREET_TYPES, word);
}

/** Whether a folded word is a directional, abbreviated or not (`e`, `east`). */
export function isDirectional(word: string | undefined): boolean {
  return word !== undefined && (Object.hasOwn(DIRECTIONALS, word) || Object.values(DIRECTIONALS).includes(word));
}

/** An ordinal written in words at words[start], as its value and how many words it took. */
function ordinalPhrase(list: readonly string[], start: number): { value: number; length: number } | null {
  let value = 0;
  let at = start;
  if (Object.hasOwn(UNITS, list[at]) && list[at + 1] === words.numberWords.hundredth) return { value: UNITS[list[at]] * 100, length: 2 };
  if (Object.hasOwn(UNITS, list[at]) && list[at + 1] === words.numberWords.hundred) {
    value = UNITS[list[at]] * 100;
    at += 2;
  }
  if (Object.hasOwn(TENS, list[at]) && Object.hasOwn(UNIT_ORDINALS, list[at + 1])) {
    return { value: value + TENS[list[at]] + UNIT_ORDINALS[list[at + 1]], length: at + 2 - start };
  }
  if (Object.hasOwn(ORDINALS, list[at])) return { value: value + ORDINALS[list[at]], length: at + 1 - start };
  return null;
}

function ordinalWordsToDigits(list: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; ) {
    const ordinal = ordinalPhrase(list, i);
    if (ordinal) {
      out.push(String(ordinal.value));
      i += ordinal.length;
    } else {
      out.push(list[i]);
      i += 1;
    }
  }
  return out;
}

function dropOrdinalSuffixes(list: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const word = list[i];
    const attached = NUMBER_WITH_SUFFIX.exec(word);
    if (attached) {
      out.push(attached[1]);
      continue;
    }
    const previous = out[out.length - 1];
    if (previous !== undefined && NUMBER.test(previous) && ORDINAL_SUFFIXES.has(word)) {
      // `65 th`, `2 nd` are suffixes; `65 st`, `31 rd` are street types unless a type follows.
      const alsoStreetType = isStreetType(word);
      if (!alsoStreetType || isStreetType(list[i + 1])) continue;
    }
    out.push(word);
  }
  return out;
}

/** `st` before a name is saint; everywhere else it is street. */
function isSaint(list: readonly string[], at: number): boolean {
  const next = list[at + 1];
  return next !== undefined && !isStreetType(next) && !isDirectional(next) && !NUMBER.test(next);
}

/** The letter of a lettered avenue (`Avenue S`) rather than a directional. */
function isAvenueLetter(list: readonly string[], at: number): boolean {
  return at === 1 && STREET_TYPES[list[0]] === 'avenue';
}

function expandWord(list: readonly string[], at: number): string {
  const word = list[at];
  if (word === 'st' && isSaint(list, at)) return 'saint';
  if (Object.hasOwn(DIRECTIONALS, word) && list.length > 1) {
    const atEdge = at === 0 || at === list.length - 1;
    if (atEdge && !isAvenueLetter(list, at)) return DIRECTIONALS[word];
    return word;
  }
  if (Object.hasOwn(STREET_TYPES, word)) return STREET_TYPES[word];
  if (Object.hasOwn(NAME_ABBREVIATIONS, word)) return NAME_ABBREVIATIONS[word];
  return word;
}

function completePhrases(list: readonly string[]): string[] {
  for (const { from, to } of PHRASES) {
    const at = list.findIndex((_, i) => from.every((word, k) => list[i + k] === word));
    // Only a whole-word match at the end: `avenue of the amer` is PLUTO's cut, not a prefix of a longer name.
    if (at >= 0 && at + from.length === list.length) return [...list.slice(0, at), ...to];
  }
  return [...list];
}

/** The canonical words of a street name given as folded words. */
export function canonicalStreetWords(folded: readonly string[]): string[] {
  const numbered = dropOrdinalSuffixes(ordinalWordsToDigits(folded.filter((word) => word !== '')));
  return completePhrases(numbered.map((_, at) => expandWord(numbered, at)));
}

const BOROUGH_ALIASES = words.boroughAliases;

/**
 * Other names the city gives the same street in one borough (canonical words joined by
 * spaces): `avenue of the americas` in Manhattan is also `6 avenue`. For the index, so a
 * lot is found by either name; never applied to a query, where the borough may be unknown.
 */
export function streetAliases(canonicalStreet: string, borough: Borough | null | undefined): string[] {
  return BOROUGH_ALIASES.filter((entry) => entry.borough === borough && entry.street === canonicalStreet).flatMap((entry) => entry.aliases);
}
