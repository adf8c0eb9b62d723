/**
 * Latin letters folded to ASCII, case kept: accents and other marks off (CAFÉ -> CAFE,
 * Crème -> Creme), and the letters Unicode does not decompose folded as Lucene's ASCII
 * folding does (Ø -> O, æ -> ae, ß -> ss, Ł -> L). The one folding of the project: search
 * normalization (src/search/normalize.ts) and the contractor name rule
 * (src/domain/contractors/names.ts) both read text through it, so an accented spelling
 * meets its plain one everywhere.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
// NFKD turns the spacing acute accent (´) into a space and a mark: dropped before it.
const SPACING_ACUTE = /\u00b4/g;
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  æ: 'ae', ð: 'd', ø: 'o', þ: 'th', ß: 'ss', đ: 'd', ħ: 'h', ı: 'i', ĸ: 'q', ŀ: 'l', ł: 'l', ŋ: 'n', œ: 'oe', ŧ: 't',
};
const UNDECOMPOSED_LETTERS = /[æðøþßđħıĸŀłŋœŧ]/giu;

// Nothing in ASCII is folded: no mark, no spacing acute, no undecomposed letter, and NFKD
// leaves every ASCII character as it is.
const NON_ASCII = /[^\x00-\x7f]/;

export function foldLetters(input: string): string {
  // Most names are plain ASCII: answered as they are, without the four passes below.
  return NON_ASCII.test(input) ? foldEveryLetter(input) : input;
}

/** The folding itself, whatever the text (exported for the test that proves the ASCII shortcut changes nothing). */
export function foldEveryLetter(input: string): string {
  return input
    .replace(SPACING_ACUTE, '')
    .replace(UNDECOMPOSED_LETTERS, (letter) => {
      const folded = LETTER_FOLDS[letter.toLowerCase()];
      return letter === letter.toLowerCase() ? folded : folded.toUpperCase();
    })
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '');
}
