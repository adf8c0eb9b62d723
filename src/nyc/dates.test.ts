import { parseCityDate } from './dates';

describe('city dates', () => {
  it('reads both date formats and rejects impossible dates', () => {
    expect(parseCityDate('04/02/2024')).toBe('2024-04-02');
    expect(parseCityDate('2025-11-18T00:00:00.000')).toBe('2025-11-18');
    expect(parseCityDate('01/01/1900')).toBe('1900-01-01');
    expect(parseCityDate('')).toBeNull();
    expect(parseCityDate('02/30/2024')).toBeUndefined();
    expect(parseCityDate('yesterday')).toBeUndefined();
  });

});
