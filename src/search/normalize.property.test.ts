import fc from 'fast-check';
import { compactText, normalizeText, tokens } from './normalize';

/**
 * Properties of the folding shared by indexing and querying: what the index stores and
 * what a query looks for only meet if spelling variants (case, accents, punctuation)
 * all normalize to the same words.
 */
const RUNS = { numRuns: 300 };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
// Latin letters as restaurant names use them: ASCII, Latin-1 Supplement and Latin Extended-A.
const LATIN_LETTERS = [...range(0x41, 0x5a), ...range(0x61, 0x7a), ...range(0xc0, 0x17f)].filter((ch) => /\p{L}/u.test(ch));
const DIGITS = range(0x30, 0x39);
const WORD_CHARS = [...LATIN_LETTERS, ...DIGITS];
/** Documented to vanish inside a word (JOE'S -> joes, J.G. -> jg). */
const DROPPED = ["'", '\u2018', '\u2019', '\u02bc', '`', '\u00b4', '.'];
/** Documented to separate words (A&W -> a w, BED-STUY -> bed stuy). */
const SEPARATORS = [' ', '  ', '\t', '-', '&', ',', '/', '!', '(', ')', '+', ':', ';', '"', '\u2013', '\u00a0', ' - ', ' & '];

const word = fc.string({ unit: fc.constantFrom(...WORD_CHARS), minLength: 1, maxLength: 10 });
const words = fc.array(word, { minLength: 1, maxLength: 5 });
const anyText = fc.string({ unit: fc.oneof(fc.constantFrom(...WORD_CHARS, ...DROPPED, ...SEPARATORS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 30 });

describe('normalizeText properties', () => {
  it('yields lowercase ASCII words separated by single spaces', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(normalizeText(text)).toMatch(/^(?:[a-z0-9]+(?: [a-z0-9]+)*)?$/);
      }),
      RUNS,
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(normalizeText(normalizeText(text))).toBe(normalizeText(text));
      }),
      RUNS,
    );
  });

  it('ignores letter case', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...WORD_CHARS, ...DROPPED, ...SEPARATORS), maxLength: 30 }), (text) => {
        expect(normalizeText(text.toUpperCase())).toBe(normalizeText(text));
        expect(normalizeText(text.toLowerCase())).toBe(normalizeText(text));
      }),
      RUNS,
    );
  });

  it('folds every Latin letter into ASCII letters of the same word (accent-insensitive)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LATIN_LETTERS), word, word, (letter, before, after) => {
        const folded = normalizeText(`${before}${letter}${after}`);
        expect(folded).toMatch(/^[a-z0-9]+$/);
        expect(folded.startsWith(normalizeText(before))).toBe(true);
        expect(folded.endsWith(normalizeText(after))).toBe(true);
      }),
      RUNS,
    );
  });

  it('treats any run of separating punctuation as one space', () => {
    fc.assert(
      fc.property(words, fc.array(fc.constantFrom(...SEPARATORS), { minLength: 4, maxLength: 4 }), (list, separators) => {
        const joined = list.reduce((text, next, i) => `${text}${separators[i % separators.length]}${next}`);
        expect(normalizeText(`${separators[0]}${joined}${separators[1]}`)).toBe(list.map((w) => normalizeText(w)).join(' '));
      }),
      RUNS,
    );
  });

  it('drops apostrophes and periods wherever they are', () => {
    fc.assert(
      fc.property(anyText, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...DROPPED)), { maxLength: 4 }), (text, insertions) => {
        const codePoints = [...text];
        for (const [at, mark] of insertions) codePoints.splice(at % (codePoints.length + 1), 0, mark);
        expect(normalizeText(codePoints.join(''))).toBe(normalizeText(text));
      }),
      RUNS,
    );
  });

  it('agrees with tokens() and compactText()', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(tokens(text).join(' ')).toBe(normalizeText(text));
        expect(compactText(text)).toBe(tokens(text).join(''));
      }),
      RUNS,
    );
  });
});

describe('normalizeText: what the properties found', () => {
  it.each([
    ['Smørrebrød', 'smorrebrod'],
    ['ŁÓDŹ', 'lodz'],
    ['Straße', 'strasse'],
    ['Æble Œuvre', 'aeble oeuvre'],
    ['JOE´S PIZZA', 'joes pizza'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});
