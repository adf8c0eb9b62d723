import fc from 'fast-check';
import { inHouseNumberRange, parseHouseNumber } from './house-numbers';
import { houseNumberPoints, houseNumberSpan, spanHolds } from './ranges';

const house = (text: string) => parseHouseNumber(text)!;
const holds = (number: string, low: string, high: string) => houseNumberPoints(house(number)).some((point) => spanHolds(houseNumberSpan(house(low), house(high)), point));

describe('house-number spans (what the address index compares)', () => {
  it('holds a number inside the range on the same side, not outside nor across the street', () => {
    expect(holds('352', '350', '360')).toBe(true);
    expect(holds('350', '350', '360')).toBe(true);
    expect(holds('360', '350', '360')).toBe(true);
    expect(holds('362', '350', '360')).toBe(false);
    expect(holds('348', '350', '360')).toBe(false);
    expect(holds('353', '350', '360')).toBe(false);
  });

  it('orders letters after their number (111 < 111A < 111D < 112)', () => {
    expect(holds('111b', '111a', '111d')).toBe(true);
    expect(holds('111', '111a', '111d')).toBe(false);
    expect(holds('111e', '111a', '111d')).toBe(false);
  });

  it('compares Queens numbers as (before the hyphen, after it), an unhyphenated number in its Queens reading too', () => {
    expect(holds('34-16', '34-02', '34-20')).toBe(true);
    expect(holds('3416', '34-02', '34-20')).toBe(true);
    expect(holds('34-22', '34-02', '34-20')).toBe(false);
    expect(holds('35-04', '34-02', '34-20')).toBe(false);
    expect(holds('34-15', '34-01', '34-21')).toBe(true);
    expect(holds('34-16', '34-01', '34-21')).toBe(false);
    // A plain number never falls in a hyphenated range by its own order, nor the reverse.
    expect(holds('34', '34-02', '34-20')).toBe(false);
    expect(holds('34-12', '3400', '3420')).toBe(false);
  });

  it('agrees with inHouseNumberRange on any numbers', () => {
    const number = fc.tuple(fc.integer({ min: 1, max: 300 }), fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }), fc.constantFrom('', 'a', 'c'));
    const text = ([main, sub, letter]: [number, number | null, string]) => `${main}${sub === null ? '' : `-${sub}`}${letter}`;
    fc.assert(
      fc.property(number, number, number, (n, a, b) => {
        const [low, high] = [house(text(a)), house(text(b))];
        if ((low.sub === null) !== (high.sub === null)) return;
        const expected = inHouseNumberRange(house(text(n)), low, high);
        expect(houseNumberPoints(house(text(n))).some((point) => spanHolds(houseNumberSpan(low, high), point))).toBe(expected);
      }),
    );
  });
});
