import { foldLetters } from '../nyc/letters';

/**
 * Text normalization shared by indexing and querying. Elasticsearch's core
 * distribution has no asciifolding or word-delimiter filters, so folding happens
 * here, identically on both sides: whatever the index stores was produced by
 * these functions, and every query string goes through them too.
 */

// Apostrophes and periods vanish (JOE'S -> joes, J.G. -> jg); hyphens, ampersands
// and any other punctuation separate words (A&W -> a w, BED-STUY -> bed stuy).
const DROPPED = /['\u2018\u2019\u02bc`\u00b4.]/g;
const SEPARATORS = /[^a-z0-9]+/g;

/** Lowercase, accent-free, punctuation-free words separated by single spaces. */
export function normalizeText(input: string | null | undefined): string {
  if (!input) return '';
  // Accents off and the letters NFKD leaves whole (ø, ß, æ...) folded as Lucene's ASCII
  // folding does (src/nyc/letters.ts, the one folding the contractor names use too), so
  // "Smørrebrød" meets "smorrebrod" and "Straße" meets "STRASSE".
  return foldLetters(input.replace(DROPPED, ''))
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

/**
 * The words a text writes joined by hyphens or ampersands, joined up: "HAND-PULLED" gives
 * handpulled, "H&H" hh, "AL-YEMEN" alyemen. normalizeText separates them ("hand pulled"),
 * so a name is indexed with both (searchableWords) and a query typed either way matches:
 * the spec's names ignore hyphens and ampersands on both sides.
 */
export function joinedWords(input: string | null | undefined): string[] {
  if (!input) return [];
  const text = foldLetters(input.replace(DROPPED, '')).toLowerCase().replace(DROPPED, '');
  const joined: string[] = [];
  for (const chunk of text.split(/[^a-z0-9&-]+/)) {
    const parts = chunk.split(/[&-]+/).filter(Boolean);
    if (parts.length > 1) joined.push(parts.join(''));
  }
  return joined;
}

/** A name's normalized words, then its hyphen- and ampersand-joined words: what its word fields index. */
export function searchableWords(input: string | null | undefined): string {
  return [normalizeText(input), ...joinedWords(input)].filter(Boolean).join(' ');
}
