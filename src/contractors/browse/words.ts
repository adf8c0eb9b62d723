import { companyNameOf } from '../../domain/contractors';
import { tokens } from '../../search/normalize';

/**
 * Which words of a company name say who the company is. A legal form (INC, CORP, LLC, CO,
 * LTD, LP, LLP, PC, PLLC, HDFC in any of their spellings), THE and AND (& is AND) name no
 * company: the grouping rule itself reads them so (src/domain/contractors/names.ts, rules 3-4),
 * and 'ABC CORP', 'ABC CORPORATION' and 'ABC INC' are one name to someone searching. Browse
 * and search match on the other words only, on both sides: the query's and the index's
 * (nameCore, spellingsCore).
 */
export function isFillerWord(word: string): boolean {
  // companyNameOf reads a lone legal form or THE as a name with nothing left of it.
  return word === 'and' || companyNameOf(word, '') === null;
}

/** The normalized words of a text without its filler words (legal forms, THE, AND). */
export function coreWords(text: string): string[] {
  return tokens(text).filter((word) => !isFillerWord(word));
}

/** coreWords as one normalized text ('' when only filler words, or none, are left). */
export function coreText(text: string): string {
  return coreWords(text).join(' ');
}
