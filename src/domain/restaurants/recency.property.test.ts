import fc from 'fast-check';
import { ageDays, HALF_LIFE_DAYS, inWindow, isoDate, recencyWeight, windowStart } from './recency';

/**
 * Properties of the recency rule (weight halves every 365 days, never above 1) and of the
 * calendar-month windows, checked against plain day and month arithmetic.
 */
const RUNS = { numRuns: 300 };
const DAY_MS = 86_400_000;

/** A clock anywhere in 1990-2060, at any time of day. */
const clock = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-12-31T23:59:59Z'), noInvalidDate: true });
/** A day as the records write it. */
const day = clock.map(isoDate);
const addDays = (date: string, days: number) => isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));

function relativeDifference(a: number, b: number): number {
  return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
}

describe('recency weight properties', () => {
  it('is in (0, 1]', () => {
    fc.assert(
      fc.property(day, clock, (date, asOf) => {
        const weight = recencyWeight(date, asOf);
        expect(weight).toBeGreaterThan(0);
        expect(weight).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('never increases with age', () => {
    fc.assert(
      fc.property(day, day, clock, (a, b, asOf) => {
        const [older, newer] = a <= b ? [a, b] : [b, a];
        expect(recencyWeight(older, asOf)).toBeLessThanOrEqual(recencyWeight(newer, asOf));
      }),
      RUNS,
    );
  });

  it('halves every 365 days', () => {
    fc.assert(
      fc.property(clock, fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 5 }), (asOf, ageInDays, halvings) => {
        const date = addDays(isoDate(asOf), -ageInDays);
        const earlier = addDays(date, -halvings * HALF_LIFE_DAYS);
        expect(relativeDifference(recencyWeight(earlier, asOf), recencyWeight(date, asOf) / 2 ** halvings)).toBeLessThan(1e-12);
      }),
      RUNS,
    );
  });

  it('is 1 for a finding dated on or after the clock day, and counts whole days from a midnight clock', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 20_000 }), (today, ahead) => {
        const midnight = new Date(`${today}T00:00:00Z`);
        expect(recencyWeight(addDays(today, ahead), midnight)).toBe(1);
        expect(ageDays(addDays(today, -ahead), midnight)).toBe(ahead);
      }),
      RUNS,
    );
  });
});

/** The window start by month arithmetic: the same day `months` earlier, or that month's last day. */
function expectedWindowStart(asOf: Date, months: number): string {
  const monthIndex = asOf.getUTCFullYear() * 12 + asOf.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const dayOfMonth = Math.min(asOf.getUTCDate(), daysInMonth);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

describe('date window properties', () => {
  const months = fc.integer({ min: 1, max: 60 });

  it('starts on the same day of the month `months` earlier, or on that month\'s last day', () => {
    fc.assert(
      fc.property(clock, months, (asOf, m) => {
        expect(windowStart(asOf, m)).toBe(expectedWindowStart(asOf, m));
      }),
      RUNS,
    );
  });

  it('holds every day from its start to the clock day, and not the day before or after', () => {
    fc.assert(
      fc.property(clock, months, fc.nat(), (asOf, m, pick) => {
        const start = windowStart(asOf, m);
        const today = isoDate(asOf);
        const length = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
        expect(length).toBeGreaterThanOrEqual(28 * m - 3);
        expect(length).toBeLessThanOrEqual(31 * m);
        expect(inWindow(addDays(start, pick % (length + 1)), asOf, m)).toBe(true);
        expect(inWindow(start, asOf, m)).toBe(true);
        expect(inWindow(today, asOf, m)).toBe(true);
        expect(inWindow(addDays(start, -1), asOf, m)).toBe(false);
        expect(inWindow(addDays(today, 1), asOf, m)).toBe(false);
      }),
      RUNS,
    );
  });

  it('nests: a day in a window is in every longer window', () => {
    fc.assert(
      fc.property(clock, months, months, day, (asOf, a, b, date) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        if (inWindow(date, asOf, shorter)) expect(inWindow(date, asOf, longer)).toBe(true);
        expect(windowStart(asOf, longer) <= windowStart(asOf, shorter)).toBe(true);
      }),
      RUNS,
    );
  });
});
