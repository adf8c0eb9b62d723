/**
 * House numbers as the city writes them and as people type them.
 *
 * Forms: `1033`, a letter suffix `409F` / `78A`, and Queens' hyphenated numbers `34-12`
 * (cross street 34, building 12 along the block). People often type a Queens number
 * without its hyphen (`10318 110th St`); Geosupport then inserts it before the last two
 * digits ("ADDR NUMBER ALTERED: HYPHEN INSERTED": `10318` -> `103-18`).
 *
 * How the two sides meet: the canonical house number keeps what was written (lowercase,
 * spaces around the hyphen removed, a one-digit part after the hyphen padded: `34-2` ->
 * `34-02`), and `houseNumberKey` drops the hyphen (`34-12` and `3412` -> `3412`). The index
 * stores the key of the lot's number and a query is compared by its key, so the hyphen
 * never decides a match; the street does. Where a number must be compared with a range
 * (PAD's low and high house numbers), `houseNumberReadings` gives both readings of an
 * unhyphenated number (`3412` and `34-12`).
 */

export interface HouseNumber {
  /** Canonical form: `1033`, `409f`, `34-12`. */
  text: string;
  /** Before the hyphen, or the whole number. */
  main: number;
  /** After the hyphen (Queens), else null. */
  sub: number | null;
  /** Letter suffix, lowercase, or ''. */
  letter: string;
}

/** A house number at the start of a text: digits, an optional hyphen part, an optional attached letter. */
const LEADING_HOUSE_NUMBER = /^\s*(\d{1,6})(?:\s*-\s*(\d{1,3}))?([a-z])?(?=[\s,]|$)/i;
const WHOLE_HOUSE_NUMBER = /^\s*(\d{1,6})(?:\s*-\s*(\d{1,3}))?([a-z])?\s*$/i;

function houseNumberOf(match: RegExpExecArray): HouseNumber {
  const [, mainDigits, subDigits, letterText] = match;
  const letter = (letterText ?? '').toLowerCase();
  const sub = subDigits === undefined ? null : subDigits.padStart(2, '0');
  return {
    text: `${mainDigits}${sub === null ? '' : `-${sub}`}${letter}`,
    main: Number(mainDigits),
    sub: sub === null ? null : Number(sub),
    letter,
  };
}

/** A house number written alone (`34-12`, ` 409F `, PAD's `111A`), or null. */
export function parseHouseNumber(text: string | null | undefined): HouseNumber | null {
  const match = WHOLE_HOUSE_NUMBER.exec(text ?? '');
  return match ? houseNumberOf(match) : null;
}

/** The house number that starts a text and the text after it, or null when the text does not start with one. */
export function splitLeadingHouseNumber(text: string): { houseNumber: HouseNumber; rest: string } | null {
  const match = LEADING_HOUSE_NUMBER.exec(text);
  return match ? { houseNumber: houseNumberOf(match), rest: text.slice(match[0].length) } : null;
}

/** Where both sides meet: the house number without its hyphen (`34-12`, `3412` -> `3412`; `409F` -> `409f`). */
export function houseNumberKey(houseNumber: HouseNumber | string): string {
  const text = typeof houseNumber === 'string' ? (parseHouseNumber(houseNumber)?.text ?? houseNumber.trim().toLowerCase()) : houseNumber.text;
  return text.replace('-', '');
}

/**
 * The ways a house number may be meant: a hyphenated one as written; an unhyphenated one
 * of three or more digits also as a Queens number with the hyphen before its last two
 * digits, as Geosupport inserts it (`10318` -> `10318`, `103-18`).
 */
export function houseNumberReadings(houseNumber: HouseNumber): HouseNumber[] {
  if (houseNumber.sub !== null || houseNumber.main < 100) return [houseNumber];
  const digits = String(houseNumber.main);
  const queens = parseHouseNumber(`${digits.slice(0, -2)}-${digits.slice(-2)}${houseNumber.letter}`);
  return queens ? [houseNumber, queens] : [houseNumber];
}

/**
 * A number that sorts house numbers along one side of a block: main, then the part after
 * the hyphen, then the letter (`111` < `111A` < `111D` < `112`). Hyphenated and plain
 * numbers are not comparable (a street uses one form), and neither are the two sides.
 */
export function houseNumberOrder(houseNumber: HouseNumber): number {
  const letterRank = houseNumber.letter === '' ? 0 : houseNumber.letter.charCodeAt(0) - 96;
  return (houseNumber.main * 1000 + (houseNumber.sub ?? 0)) * 27 + letterRank;
}

/** Odd (1) or even (0) side of the street: the building number decides, after the hyphen in Queens. */
export function houseNumberParity(houseNumber: HouseNumber): 0 | 1 {
  return ((houseNumber.sub ?? houseNumber.main) % 2) as 0 | 1;
}

/**
 * Whether a house number lies in a PAD address range (low and high house numbers on one
 * side of one block face): same form (hyphenated or not), same side of the street, low <=
 * number <= high. An unhyphenated number is tried in its Queens reading too.
 */
export function inHouseNumberRange(houseNumber: HouseNumber, low: HouseNumber, high: HouseNumber): boolean {
  return houseNumberReadings(houseNumber).some(
    (reading) =>
      (reading.sub === null) === (low.sub === null) &&
      houseNumberParity(reading) === houseNumberParity(low) &&
      houseNumberOrder(low) <= houseNumberOrder(reading) &&
      houseNumberOrder(reading) <= houseNumberOrder(high),
  );
}
