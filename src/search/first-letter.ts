import { tokens } from './normalize';

/**
 * First-letter typos for every typeahead that folds names with normalize.ts: the edit-distance
 * tiers keep the first letter exact (which keeps them affordable), so a word typed with its
 * FIRST letter wrong needs its own lookups. The index stores every name word without its first
 * letter (`nameTailsOf`, computed in TypeScript at index time: this Elasticsearch has no n-gram
 * filter), and each case is then one term lookup (a prefix for the word still being typed,
 * through index_prefixes): a substituted first letter (xizza: tail izza = tail of pizza), a
 * missing one (izza = tail of pizza), an extra one (ppizza without its first letter is pizza)
 * and the first two letters swapped (ipzza -> pizza).
 */

/** Shortest query word read with a first-letter typo (its other letters then say enough). */
export const FIRST_LETTER_MIN = 4;

/** Index side: every word of the normalized name without its first letter (two letters or more left). */
export function nameTailsOf(nameNorm: string): string {
  return [...new Set(tokens(nameNorm).filter((word) => word.length >= 3).map((word) => word.slice(1)))].join(' ');
}

/** The word fields of a first-letter tier: the name's words and their tails (nameTailsOf). */
export interface FirstLetterFields {
  words: string;
  tails: string;
}

function variants(word: string, last: boolean, fields: FirstLetterFields): object[] {
  const lookup = (field: string, value: string) => (last ? { prefix: { [field]: value } } : { term: { [field]: value } });
  const found = [lookup(fields.tails, word.slice(1)), lookup(fields.tails, word), lookup(fields.words, word.slice(1))];
  if (word[0] !== word[1]) found.push(lookup(fields.words, word[1] + word[0] + word.slice(2)));
  return found;
}

/**
 * Every query word a name word, exactly (the last as a prefix) or with its first letter mistyped
 * (words of FIRST_LETTER_MIN letters or more); null when no word is long enough.
 */
export function firstLetterTier(words: string[], fields: FirstLetterFields): object | null {
  if (!words.some((word) => word.length >= FIRST_LETTER_MIN)) return null;
  const clauses = words.map((word, i) => {
    const last = i === words.length - 1;
    const exact = last ? { prefix: { [fields.words]: word } } : { term: { [fields.words]: word } };
    if (word.length < FIRST_LETTER_MIN) return exact;
    return { bool: { should: [exact, ...variants(word, last, fields)], minimum_should_match: 1 } };
  });
  return { bool: { filter: clauses } };
}
