import { type EditKeyFields, oneEditClause, twoEditsClause } from './edit-keys';

/**
 * Typo-tolerant word matching for the typeaheads: every query word within a few edits of a
 * word of a field (first letter exact for one edit, first two for two), the last word also as
 * a prefix (still being typed), by term lookups on the keys edit-keys.ts indexes.
 */

/** AUTO fuzziness capped at `max`: 1-2 letters exact (a two-letter word may still miss a letter, typoWordClauses), 3-5 one edit, 6+ two edits. */
export function editsFor(token: string, max: number): number {
  const auto = token.length <= 2 ? 0 : token.length <= 5 ? 1 : 2;
  return Math.min(auto, max);
}

/**
 * Every word within `maxEdits` of a name word, by the indexed edit keys (edit-keys.ts: term
 * lookups, no fuzzy expansion): the same words as fuzzyWordsTier (a few more four edits apart
 * at two edits); null when no word is long enough for `maxEdits`.
 */
export function typoWordsTier(words: string[], maxEdits: number, fields: EditKeyFields): object | null {
  const clauses = typoWordClauses(words, words.map((word) => editsFor(word, maxEdits)), maxEdits, fields, true);
  return clauses && { bool: { filter: clauses } };
}

/**
 * One clause a word, each within its `edits[i]` of a name word by the indexed edit keys
 * (0 = the word exact), the last word also as a prefix; null when no word reaches `maxEdits`.
 * For a caller that decides per word (e.g. numbers exact) and puts the clauses in its own filter.
 * `missingLetter`: a two-letter word also matches a three-letter name word it lacks a letter of.
 */
export function typoWordClauses(words: string[], edits: number[], maxEdits: number, fields: EditKeyFields, missingLetter = false): object[] | null {
  if (!edits.some((e) => e === maxEdits)) return null;
  return words.map((word, i) => {
    const last = i === words.length - 1;
    const exact = last ? { prefix: { [fields.words]: word } } : { term: { [fields.words]: word } };
    // With `missingLetter`, a word of two letters may be one of three with a letter left out
    // ('dz' for DUZ): one key lookup. Never a letter changed: two letters with one wrong
    // match too much. Not for digits (a house number is exact).
    if (missingLetter && edits[i] === 0 && /^[a-z]{2}$/.test(word)) return { bool: { should: [exact, { term: { [fields.oneEdit]: `-${word}` } }], minimum_should_match: 1 } };
    if (edits[i] === 0) return exact;
    const typo = edits[i] === 1 ? oneEditClause(word, fields) : twoEditsClause(word, fields);
    return last ? { bool: { should: [typo, exact], minimum_should_match: 1 } } : typo;
  });
}

/**
 * Inside a typo tier, closer spellings first: up to `span` (less than the gap to the tier
 * below) shared among the query words a name has spelled exactly (the last word, still being
 * typed, half as a prefix). "piza hut" finds PIZZA HUT (one word exact) before HUTCH & PITA CO
 * (a prefix) and BAYA HOT NICE PIZZA (none), where a flat tier sorted them by name alone.
 * The scored clauses a tier adds inside itself (src/search/typeahead.ts `inside`).
 */
export function closerSpellings(span: number, words: string[], field: string): object[] {
  const share = span / words.length;
  const asTyped: object[] = words.slice(0, -1).map((word) => ({ constant_score: { filter: { term: { [field]: word } }, boost: share } }));
  // The last word whole gains its full share, as a prefix of a longer word half of it.
  const last = words[words.length - 1];
  asTyped.push({ constant_score: { filter: { term: { [field]: last } }, boost: share / 2 } }, { constant_score: { filter: { prefix: { [field]: last } }, boost: share / 2 } });
  return asTyped;
}
