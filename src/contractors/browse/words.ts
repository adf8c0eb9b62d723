import { companyNameOf, LEGAL_FORM_WORDS } from '../../domain/contractors';
import { tokens } from '../../search/normalize';

/**
 * Which words of a company name say who the company is. A legal form (INC, CORP, LLC, CO,
 * LTD, LP, LLP, PC, PLLC, HDFC in any of their spellings), THE and AND (& is AND) name no
 * company: the grouping rule itself reads them so (src/domain/contractors/names.ts, rules 3-4),
 * and 'ABC CORP', 'ABC CORPORATION' and 'ABC INC' are one name to someone searching. Browse
 * and search match on the other words only, on both sides: the query's (queryWords) and the
 * index's (spellingsCore, spellingsCoreWords).
 */
export function isFillerWord(word: string): boolean {
  // companyNameOf reads a lone legal form or THE as a name with nothing left of it.
  return word === 'and' || companyNameOf(word, '') === null;
}

/** Every filler word as normalizeText writes it: each spelling of a legal form, THE and AND. */
export const FILLER_WORDS: readonly string[] = [...LEGAL_FORM_WORDS.map((word) => word.toLowerCase()), 'the', 'and'];

/** A word still being typed may become a filler word ('c', 'co', 'corpo' -> CORPORATION; 't' -> THE). */
export function mayBeFillerWord(prefix: string): boolean {
  return FILLER_WORDS.some((word) => word.startsWith(prefix));
}

/** The normalized words of a text without its filler words (legal forms, THE, AND). */
export function coreWords(text: string): string[] {
  return tokens(text).filter((word) => !isFillerWord(word));
}

/** coreWords as one normalized text ('' when only filler words, or none, are left). */
export function coreText(text: string): string {
  return coreWords(text).join(' ');
}

/**
 * The words of a typed query that must match a company's name words (never its legal form),
 * the last one as the start of a word, since it may still be being typed. Complete filler
 * words are left out. The last word is matched against name words only, so typing on only
 * narrows the list ('co', 'cor', 'corpo' never match through CORP or CORPORATION). When it
 * could still become a filler word ('co', 'corp', 'i', 't') and other words were typed, it
 * need not match: 'abc construction co' is on its way to ABC CONSTRUCTION CORP. Alone, it is
 * read as the start of a name word ('co' finds COHEN BROTHERS): a word that is a legal form
 * is also how other names begin. Empty only when the query has no words.
 */
export function queryWords(q: string): string[] {
  const words = tokens(q);
  if (words.length === 0) return [];
  const last = words[words.length - 1];
  const complete = words.slice(0, -1).filter((word) => !isFillerWord(word));
  if (complete.length === 0) return [last];
  return mayBeFillerWord(last) ? complete : [...complete, last];
}
