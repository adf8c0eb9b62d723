import { foldLetters } from '../../nyc/letters';
/**
 * A company's public id (docs/decisions.md, Contractors): the lowercase kebab of its
 * primary spelling, with a numeric suffix when that slug was already issued. Slugs are never
 * reused and never changed once issued: the caller passes every slug ever issued (retired
 * ones included), and a company keeps the slug it was given even when a later ingest changes
 * its primary spelling (which company a slug answers for after a regrouping: slug-ledger.ts). A slug is never one of the words of the family's own paths ('search',
 * 'batch'): the route would answer instead of the company. SLUG_DESCRIPTION is served in the OpenAPI document.
 */

export const SLUG_MAX_LENGTH = 80;

export const SLUG_DESCRIPTION = `slug: the company's stable id, issued once: the lowercase kebab of its primary spelling when first seen (letters and digits; accents and other marks folded as the name rule folds them (É = e, Ø = o, ß = ss); apostrophes dropped; & and + written "and"; dotted initials joined, U.S. = us, L.L.C. = llc; every other run of characters one hyphen; at most ${SLUG_MAX_LENGTH} characters, cut at a hyphen), with -2, -3, ... appended when that slug was already issued to another company or is a word of the contractor paths (batch, search: the route would answer instead of the company). A slug never changes and is never reused, and it stays with the company holding the spelling it was made from: when a later ingest changes the primary spelling it keeps answering; when a company absorbs another (their spellings grouped), the absorbed slug answers for the surviving company, the earliest issued; when a company splits, its slug stays with the part holding its spelling and the other part gets a new slug. The primary spelling (name) is the docket spelling on the most tickets; on a tie, the longer one (a spelling cut at the field width loses to the whole name), then the first in code-point order.`;

/** One docket spelling of a company and how many of its tickets carry it. */
export interface SpellingCount {
  spelling: string;
  tickets: number;
}

/** The spelling on the most tickets; ties: the longer, then the first in code-point order. */
export function primarySpelling(spellings: Iterable<SpellingCount>): string | null {
  let best: SpellingCount | null = null;
  for (const candidate of spellings) {
    if (
      best === null ||
      candidate.tickets > best.tickets ||
      (candidate.tickets === best.tickets &&
        (candidate.spelling.length > best.spelling.length || (candidate.spelling.length === best.spelling.length && candidate.spelling < best.spelling)))
    ) {
      best = candidate;
    }
  }
  return best?.spelling ?? null;
}

/** The lowercase kebab of a spelling ('A.S.A.R. INTERNATIONAL CO' -> 'asar-international-co'); 'company' when nothing is left. */
export function slugBase(spelling: string): string {
  let text = foldLetters(spelling)
    .toLowerCase()
    .replace(/['\u2018\u2019`]/g, '')
    .replace(/[&+]/g, ' and ');
  // Dotted initials: 'u.s.' -> 'us', 'l.l.c.' -> 'llc'.
  text = text.replace(/\b(?:[a-z]\.){2,}/g, (initials) => initials.replace(/\./g, ''));
  text = text.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (text.length > SLUG_MAX_LENGTH) {
    const cut = text.slice(0, SLUG_MAX_LENGTH + 1);
    const lastHyphen = cut.lastIndexOf('-');
    text = (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
  }
  return text === '' ? 'company' : text;
}

/**
 * The literal words of these paths below `prefix` ('/api/v1/contractors/search' -> 'search';
 * '{slug}' is a parameter, not a word). A slug equal to one would never be reached: the
 * literal route is matched before the template (GET /contractors/search, not the company
 * whose slug is 'search'), so these are never issued.
 */
export function pathWords(paths: Iterable<string>, prefix: string): Set<string> {
  const words = new Set<string>();
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    for (const segment of path.slice(prefix.length).split('/')) {
      if (segment !== '' && !segment.startsWith('{')) words.add(segment);
    }
  }
  return words;
}

/**
 * A new slug for the spelling: its base, or base-2, base-3, ... the first not already issued
 * and not reserved (a word of the family's own paths, which would shadow it: pathWords).
 */
export function issueSlug(spelling: string, issued: { has(slug: string): boolean }, reserved: ReadonlySet<string>): string {
  const base = slugBase(spelling);
  if (!issued.has(base) && !reserved.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!issued.has(candidate)) return candidate;
  }
}
