import { type EditKeyFields, oneEditClause, oneEditKeysOf, TWO_EDIT_MAX, twoEditKeysOf, twoEditsClause } from './edit-keys';

const FIELDS: EditKeyFields = { words: 'w', oneEdit: 'e1', twoEdits: 'e2' };

/** Optimal string alignment distance (Lucene's fuzzy query with transpositions). */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** What a fuzzy query of `edits` with prefix_length `keep` matches. */
const fuzzyMatches = (q: string, w: string, edits: number, keep: number) => q.slice(0, keep) === w.slice(0, keep) && osa(q.slice(keep), w.slice(keep)) <= edits;

const index = new Map<string, Record<string, Set<string>>>();

/** Whether the clause's terms meet the name word's indexed keys. */
function keysMeet(clause: object, w: string): boolean {
  const terms: Array<{ terms: Record<string, string[]> }> = 'terms' in clause ? [clause as never] : (clause as { bool: { should: never[] } }).bool.should;
  let indexed = index.get(w);
  if (!indexed) index.set(w, (indexed = { w: new Set([w]), e1: new Set(oneEditKeysOf(w)), e2: new Set(twoEditKeysOf(w)) }));
  return terms.some(({ terms: byField }) => Object.entries(byField).some(([field, values]) => values.some((value) => indexed[field].has(value))));
}

const words = (alphabet: string, length: number): string[] => (length === 0 ? [''] : words(alphabet, length - 1).flatMap((head) => [...alphabet].map((letter) => head + letter)));

test('one edit, first letter kept: exactly what fuzziness 1, prefix_length 1, transpositions match', () => {
  const all = [2, 3, 4, 5].flatMap((length) => words('abc', length));
  let met = 0;
  for (const q of all.filter((word) => word.length >= 3)) {
    const clause = oneEditClause(q, FIELDS);
    for (const w of all) {
      const expected = fuzzyMatches(q, w, 1, 1);
      expect([q, w, keysMeet(clause, w)]).toEqual([q, w, expected]);
      if (expected) met += 1;
    }
  }
  expect(met).toBeGreaterThan(1000);
});

test('two edits, first two letters kept: every pair fuzziness 2, prefix_length 2 matches, and none closer than the keys allow', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const letter = () => 'abcd'[Math.floor(random() * 4)];
  const edit = (word: string): string => {
    const at = 2 + Math.floor(random() * Math.max(1, word.length - 2));
    const kind = Math.floor(random() * 4);
    if (kind === 0) return word.slice(0, at) + letter() + word.slice(at);
    if (kind === 1 && word.length > 4) return word.slice(0, at) + word.slice(at + 1);
    if (kind === 2 && at + 1 < word.length) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    return word.slice(0, at) + letter() + word.slice(at + 1);
  };
  for (let n = 0; n < 4000; n += 1) {
    const q = Array.from({ length: 6 + Math.floor(random() * 5) }, letter).join('');
    const w = random() < 0.5 ? edit(edit(q)) : edit(q);
    if (w.length < 4) continue;
    const met = keysMeet(twoEditsClause(q, FIELDS), w);
    if (fuzzyMatches(q, w, 2, 2)) expect([q, w, met]).toEqual([q, w, true]);
    if (met) expect([q, w, q.slice(0, 2) === w.slice(0, 2) && osa(q, w) <= 4]).toEqual([q, w, true]);
  }
});

test('a word past TWO_EDIT_MAX letters has no two-edit neighbourhood and is matched within one edit', () => {
  const long = 'a'.repeat(TWO_EDIT_MAX) + 'bc';
  expect(twoEditKeysOf(long)).toEqual([]);
  expect(twoEditsClause(long, FIELDS)).toEqual(oneEditClause(long, FIELDS));
  expect(JSON.stringify(twoEditsClause('x'.repeat(120), FIELDS)).length).toBeLessThan(40_000);
});
