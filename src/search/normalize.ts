/**
 * Text normalization shared by indexing and querying. Elasticsearch's core
 * distribution has no asciifolding or word-delimiter filters, so folding happens
 * here, identically on both sides: whatever the index stores was produced by
 * these functions, and every query string goes through them too.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
// Apostrophes and periods vanish (JOE'S -> joes, J.G. -> jg); hyphens, ampersands
// and any other punctuation separate words (A&W -> a w, BED-STUY -> bed stuy).
const DROPPED = /['\u2018\u2019\u02bc`\u00b4.]/g;
const SEPARATORS = /[^a-z0-9]+/g;
// Latin letters that NFKD leaves whole (strokes, ligatures): folded as Lucene's ASCII
// folding does, so "Smørrebrød" meets "smorrebrod" and "Straße" meets "STRASSE".
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  æ: 'ae', ð: 'd', ø: 'o', þ: 'th', ß: 'ss', đ: 'd', ħ: 'h', ı: 'i', ĸ: 'q', ŀ: 'l', ł: 'l', ŋ: 'n', œ: 'oe', ŧ: 't',
};
const UNDECOMPOSED_LETTERS = /[æðøþßđħıĸŀłŋœŧ]/giu;

/** Lowercase, accent-free, punctuation-free words separated by single spaces. */
export function normalizeText(input: string | null | undefined): string {
  if (!input) return '';
  return input
    // Dropped before NFKD as well: NFKD turns the acute accent (´) into a space and a mark.
    .replace(DROPPED, '')
    .replace(UNDECOMPOSED_LETTERS, (letter) => LETTER_FOLDS[letter.toLowerCase()])
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(DROPPED, '')
    .replace(SEPARATORS, ' ')
    .trim();
}

/** The normalized text with spaces removed: `joes pizza`, `a w` and `aw` all meet here. */
export function compactText(input: string | null | undefined): string {
  return normalizeText(input).replace(/ /g, '');
}

/** The normalized words of a text. */
export function tokens(input: string | null | undefined): string[] {
  const text = normalizeText(input);
  return text ? text.split(' ') : [];
}
