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

  it('reads every date as the regexes and the Date round trip it replaced did', () => {
    // The reading of 2026-11-23: the formats' regexes and a Date round trip.
    const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/i;
    const isoDate = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/;
    const reference = (value: string) => {
      const text = value.trim();
      if (text === '') return null;
      const us = usDate.exec(text);
      const iso = us ? null : isoDate.exec(text);
      const parts = us ? [Number(us[3]), Number(us[1]), Number(us[2])] : iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : null;
      if (parts === null) return undefined;
      const [year, month, day] = parts;
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day ? undefined : date.toISOString().slice(0, 10);
    };
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    const samples: string[] = ['0000-01-01', '0999-12-31', '1000-01-01', '9999-12-31', ' 2024-02-29 ', '2024-2-29', '2024/02/29', '02-29-2024', '00/10/2020', '10/00/2020', '1a/10/2020', '2024-02-2x', '+024-02-20', '2024-02-29T00:00:00.000'];
    for (let year = 1896; year <= 2104; year += 1) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          samples.push(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`, `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`);
        }
      }
    }
    let seed = 7;
    const characters = '0123456789//--  :TAPM.';
    for (let index = 0; index < 20_000; index += 1) {
      let text = '';
      for (let length = 8 + (index % 5); text.length < length; ) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        text += characters[seed % characters.length];
      }
      samples.push(text);
    }
    const differing = samples.filter((text) => parseCityDate(text) !== reference(text));
    expect(differing).toEqual([]);
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
