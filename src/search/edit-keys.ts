/**
 * Typo tolerance as indexed keys, the SymSpell way: what a typo tier matches is decided by
 * term lookups over keys made in TypeScript at index time (this Elasticsearch has no n-gram
 * filter), never by a fuzzy query, whose automaton is intersected with the term dictionary on
 * every request. Index and query build their keys with these functions.
 *
 * One edit, the first letter kept (as a fuzzy query with fuzziness 1, prefix_length 1 and
 * transpositions): exactly the words within one wrong, missing, extra letter or two adjacent
 * letters swapped, past the first letter. The index keeps, for each name word and each
 * position j >= 1: the word without letter j (`-` + it), the same with its position
 * (`j:` + it), and the word with letters j and j + 1 swapped (`~` + it). A query word q then
 * meets a name word w within one edit by a handful of terms:
 * - q is w less a letter: `-q`;
 * - q is w with one letter more: q less letter i is w itself (a term of the words field);
 * - q is w with letter i replaced: `i:` + q less letter i;
 * - q is w with two letters swapped: `~q`.
 *
 * Two edits, the first two letters kept (fuzziness 2, prefix_length 2): the words whose
 * deletion neighbourhoods meet, the word and its one- and two-letter deletions past the second
 * letter, on both sides. Every pair within two edits meets so; a few pairs three or four
 * edits apart (a letter moved twice) meet too, which can only add a match at the bottom of
 * the ranking, never lose one.
 */

const unique = (keys: string[]) => [...new Set(keys)];
const without = (word: string, i: number) => word.slice(0, i) + word.slice(i + 1);

/** A word's one-edit keys (first letter kept). */
function oneEditKeysOfWord(word: string): string[] {
  const keys: string[] = [];
  for (let j = 1; j < word.length; j += 1) {
    const shorter = without(word, j);
    keys.push(`-${shorter}`, `${j}:${shorter}`);
    if (j + 1 < word.length && word[j] !== word[j + 1]) keys.push(`~${word.slice(0, j)}${word[j + 1]}${word[j]}${word.slice(j + 2)}`);
  }
  return keys;
}

/** Shortest name word with two-edit keys: a query word of six letters, less two. */
const TWO_EDIT_MIN = 4;
/**
 * Longest word with a two-edit neighbourhood (its size grows with the square of the length:
 * 253 keys at this length, 6,900 for a 120-letter q): a longer word is matched within one edit.
 * No word of a name in the city's files comes near it.
 */
export const TWO_EDIT_MAX = 24;
/** Letters a two-edit match keeps as typed. */
const TWO_EDIT_KEEP = 2;

/** A word and its deletions of one and two letters past the first two. */
function twoEditNeighbourhood(word: string): string[] {
  const keys = [word];
  for (let j = TWO_EDIT_KEEP; j < word.length; j += 1) {
    const once = without(word, j);
    keys.push(once);
    for (let k = j; k < once.length; k += 1) keys.push(without(once, k));
  }
  return keys;
}

/** Index side: the one-edit keys of a text's words (space-separated words in; keyword values out). */
export function oneEditKeysOf(words: string): string[] {
  return unique(words.split(' ').filter((word) => word.length >= 2).flatMap(oneEditKeysOfWord));
}

/** Index side: the two-edit keys of a text's words (keyword values). */
export function twoEditKeysOf(words: string): string[] {
  return unique(words.split(' ').filter((word) => word.length >= TWO_EDIT_MIN && word.length <= TWO_EDIT_MAX).flatMap(twoEditNeighbourhood));
}

/** The fields a typo clause reads: the name's words, and their one- and two-edit keys. */
export interface EditKeyFields {
  words: string;
  oneEdit: string;
  /** Absent where no tier matches two edits. */
  twoEdits?: string;
}

/** The word within one edit (first letter kept) of a name word, as term lookups. */
export function oneEditClause(word: string, fields: EditKeyFields): object {
  const keys = [`-${word}`, `~${word}`];
  const words = [word];
  for (let i = 1; i < word.length; i += 1) {
    const shorter = without(word, i);
    keys.push(`${i}:${shorter}`);
    words.push(shorter);
  }
  return { bool: { should: [{ terms: { [fields.oneEdit]: unique(keys) } }, { terms: { [fields.words]: unique(words) } }], minimum_should_match: 1 } };
}

/** The word within two edits (first two letters kept) of a name word, as term lookups (within one past TWO_EDIT_MAX letters). */
export function twoEditsClause(word: string, fields: EditKeyFields): object {
  if (!fields.twoEdits) throw new Error(`no two-edit keys beside ${fields.words}`);
  if (word.length > TWO_EDIT_MAX) return oneEditClause(word, fields);
  return { terms: { [fields.twoEdits]: unique(twoEditNeighbourhood(word)) } };
}
