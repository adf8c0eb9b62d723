/** MM/DD/YYYY, with the time of day DOB's exports append ('12:00:00 AM', '05:12:01 PM', '00:00:00'): the date is the day written. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/;

/**
 * A date from either format the city exports (portal export MM/DD/YYYY, with or without
 * the time DOB's exports add, SODA floating timestamp YYYY-MM-DDT00:00:00.000) as YYYY-MM-DD; null when blank; undefined when
 * unreadable, so a caller can tell a missing date from a bad one.
 */
export function parseCityDate(value: string | null | undefined): string | null | undefined {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const plain = plainDate(text);
  if (plain !== null) return plain;
  let year: number, month: number, day: number;
  const us = US_DATE.exec(text);
  const iso = us ? null : ISO_DATE.exec(text);
  if (us) [year, month, day] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The number the digits text[start, start + length) write; NaN when one is not a digit. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * YYYY-MM-DD or MM/DD/YYYY with nothing around it, read without a regex or a Date (an
 * ingest reads several dates a row, millions of rows): the date, undefined when no such day,
 * null when the text has another shape (parseCityDate's general path reads it).
 */
function plainDate(text: string): string | null | undefined {
  if (text.length !== 10) return null;
  let year: number, month: number, day: number;
  if (text[4] === '-' && text[7] === '-') [year, month, day] = [digitsAt(text, 0, 4), digitsAt(text, 5, 2), digitsAt(text, 8, 2)];
  else if (text[2] === '/' && text[5] === '/') [year, month, day] = [digitsAt(text, 6, 4), digitsAt(text, 0, 2), digitsAt(text, 3, 2)];
  else return null;
  if (Number.isNaN(year) || Number.isNaN(month) || Number.isNaN(day) || year < 1000) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

const DAY_MS = 86_400_000;

/** The clock's UTC calendar day as YYYY-MM-DD: the "today" every date rule compares against. */
export function isoDate(asOf: Date): string {
  return asOf.toISOString().slice(0, 10);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** A calendar date as YYYY-MM-DD (UTC); month is 1-based and overflows into later years (month 14 = February next year). */
export function calendarDate(year: number, month: number, day: number): string {
  // The deadline rules ask for thousands of dates per lot batch: a real day of a year of four
  // digits is written directly (a Date and its ISO text cost about ten times as much).
  const carried = year + Math.floor((month - 1) / 12);
  const inYear = ((((month - 1) % 12) + 12) % 12) + 1;
  if (Number.isInteger(carried) && Number.isInteger(inYear) && Number.isInteger(day) && carried >= 1000 && carried <= 9999 && day >= 1 && day <= daysInMonth(carried, inYear)) {
    return `${carried}-${inYear < 10 ? '0' : ''}${inYear}-${day < 10 ? '0' : ''}${day}`;
  }
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The YYYY-MM-DD date `days` calendar days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/**
 * A date as DOB BIS writes it (DOB and ECB violations, in both the export and the API):
 * YYYYMMDD, with `0` for "no date" (ECB served_date). Either other city format is read
 * too. YYYY-MM-DD; null when blank or 0; undefined when unreadable.
 */
export function parseBisDate(value: string | null | undefined): string | null | undefined {
  const text = (value ?? '').trim();
  if (text === '0') return null;
  const compact = COMPACT_DATE.exec(text);
  return parseCityDate(compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text);
}
