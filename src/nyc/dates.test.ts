import { addDays, calendarDate, daysBetween, isoDate, parseBisDate, parseCityDate } from './dates';

describe('city dates', () => {
  it('reads both date formats and rejects impossible dates', () => {
    expect(parseCityDate('04/02/2024')).toBe('2024-04-02');
    expect(parseCityDate('2025-11-18T00:00:00.000')).toBe('2025-11-18');
    expect(parseCityDate('01/01/1900')).toBe('1900-01-01');
    // DOB permit and DOB NOW exports append the time of day.
    expect(parseCityDate('01/10/2019 12:00:00 AM')).toBe('2019-01-10');
    expect(parseCityDate('12/21/2022 05:12:01 PM')).toBe('2022-12-21');
    expect(parseCityDate('05/11/2022 00:00:00')).toBe('2022-05-11');
    expect(parseCityDate('05/11/2022 25')).toBeUndefined();
    expect(parseCityDate('')).toBeNull();
    expect(parseCityDate('02/30/2024')).toBeUndefined();
    expect(parseCityDate('yesterday')).toBeUndefined();
  });

  it('counts calendar days in UTC across month, year and leap-day edges', () => {
    expect(calendarDate(2025, 2, 21)).toBe('2025-02-21');
    expect(calendarDate(2025, 14, 21)).toBe('2026-02-21');
    expect(calendarDate(2024, 2, 30)).toBe('2024-03-01');
    // Every day the rules can ask for, overflowing months and days included, as Date writes it.
    const differing: string[] = [];
    for (let year = 1899; year <= 2101; year += 1) {
      for (let month = -13; month <= 26; month += 1) {
        for (let day = -1; day <= 32; day += 1) {
          const expected = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
          if (calendarDate(year, month, day) !== expected) differing.push(`${year}/${month}/${day}`);
        }
      }
    }
    expect(differing).toEqual([]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(daysBetween('2024-12-31', '2025-03-31')).toBe(90);
    expect(daysBetween('2025-03-31', '2024-12-31')).toBe(-90);
    // A DST change in New York does not matter: the arithmetic is UTC.
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
  });

  it('reads the clock\'s UTC day', () => {
    expect(isoDate(new Date('2025-09-01T23:59:59Z'))).toBe('2025-09-01');
    expect(isoDate(new Date('2025-09-01T21:00:00-04:00'))).toBe('2025-09-02');
  });

  it('reads DOB BIS dates: YYYYMMDD, 0 as no date, the other city formats too', () => {
    expect(parseBisDate('19980504')).toBe('1998-05-04');
    expect(parseBisDate('0')).toBeNull();
    expect(parseBisDate(' ')).toBeNull();
    expect(parseBisDate('01/06/2006')).toBe('2006-01-06');
    expect(parseBisDate('20240230')).toBeUndefined();
    expect(parseBisDate('2024053')).toBeUndefined();
  });
});
