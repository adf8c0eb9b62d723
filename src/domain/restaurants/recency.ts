/**
 * The recency rule and the date windows every derived value uses. Dates are
 * 'YYYY-MM-DD' strings read as UTC midnight; the clock (`asOf`) is always a parameter.
 */
import { isoDate } from '../../nyc/dates';

// isoDate is a city-wide date helper (src/nyc); re-exported so restaurant code keeps importing it from here.
export { isoDate };

const DAY_MS = 86_400_000;
/** A finding loses half its weight every 365 days (spec: 12-month half-life). */
export const HALF_LIFE_DAYS = 365;

function dateMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** Whole and fractional days from the finding to the clock; never negative. */
export function ageDays(date: string, asOf: Date): number {
  return Math.max(0, (asOf.getTime() - dateMs(date)) / DAY_MS);
}

/** weight = 0.5 ^ (ageDays / 365): three weeks ~ 0.96, one year 0.5, three years 0.125. */
export function recencyWeight(date: string, asOf: Date): number {
  return 0.5 ** (ageDays(date, asOf) / HALF_LIFE_DAYS);
}

/** The first day inside a window of `months` calendar months ending at the clock. */
export function windowStart(asOf: Date, months: number): string {
  const start = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - months, asOf.getUTCDate()));
  // 31 March minus one month must not roll into March again.
  if (start.getUTCDate() !== asOf.getUTCDate()) start.setUTCDate(0);
  return isoDate(start);
}

/** The last clock's window bounds by months: a derivation asks for them per citation, and building dates was a fifth of its cost. */
let boundsClock = Number.NaN;
let boundsByMonths = new Map<number, { start: string; end: string }>();

/** On or after the window start and not after the clock. */
export function inWindow(date: string, asOf: Date, months: number): boolean {
  if (asOf.getTime() !== boundsClock) {
    boundsClock = asOf.getTime();
    boundsByMonths = new Map();
  }
  let bounds = boundsByMonths.get(months);
  if (bounds === undefined) {
    bounds = { start: windowStart(asOf, months), end: isoDate(asOf) };
    boundsByMonths.set(months, bounds);
  }
  return date >= bounds.start && date <= bounds.end;
}

/** Weighted values are stored and served with four decimals so equal inputs give equal bytes. */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
