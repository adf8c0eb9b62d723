import { parseMoneyCents } from './money';

describe('city money', () => {
  it('reads every way the exports write dollars, to whole cents', () => {
    expect(parseMoneyCents('4000.00')).toBe(400_000);
    expect(parseMoneyCents('.00')).toBe(0);
    expect(parseMoneyCents('937.89')).toBe(93_789);
    expect(parseMoneyCents('-2500.00')).toBe(-250_000);
    expect(parseMoneyCents('$37300.00')).toBe(3_730_000);
    expect(parseMoneyCents('1,500')).toBe(150_000);
    expect(parseMoneyCents('12.5')).toBe(1_250);
    expect(parseMoneyCents('')).toBeNull();
    expect(parseMoneyCents('N/A')).toBeUndefined();
    expect(parseMoneyCents('.')).toBeUndefined();
  });
});
