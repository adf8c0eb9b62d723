import { describeWithNycData, readNycCsv } from '../testing/shared-data';
import { HouseNumber, houseNumberKey, houseNumberOrder, houseNumberReadings, inHouseNumberRange, parseHouseNumber, splitLeadingHouseNumber } from './house-numbers';

const hn = (text: string): HouseNumber => {
  const parsed = parseHouseNumber(text);
  if (!parsed) throw new Error(`not a house number: ${text}`);
  return parsed;
};

describe('house numbers', () => {
  it('reads plain, lettered and Queens hyphenated numbers', () => {
    expect(parseHouseNumber('1033')).toEqual({ text: '1033', main: 1033, sub: null, letter: '' });
    expect(parseHouseNumber(' 409F ')).toEqual({ text: '409f', main: 409, sub: null, letter: 'f' });
    expect(parseHouseNumber('34-12')).toEqual({ text: '34-12', main: 34, sub: 12, letter: '' });
    expect(parseHouseNumber('34 - 12')?.text).toBe('34-12');
    expect(parseHouseNumber('34-2')?.text).toBe('34-02');
    expect(parseHouseNumber('103-18A')?.text).toBe('103-18a');
    expect(parseHouseNumber('65th')).toBeNull();
    expect(parseHouseNumber('')).toBeNull();
    expect(parseHouseNumber(null)).toBeNull();
  });

  it('splits the number that starts an address, never a letter apart from it', () => {
    expect(splitLeadingHouseNumber('1 E 10 St')).toEqual({ houseNumber: hn('1'), rest: ' E 10 St' });
    expect(splitLeadingHouseNumber('78A Selvin Loop')?.houseNumber.text).toBe('78a');
    expect(splitLeadingHouseNumber('34-12 31 Ave')?.rest).toBe(' 31 Ave');
    expect(splitLeadingHouseNumber('65th St')).toBeNull();
    expect(splitLeadingHouseNumber('Avenue S')).toBeNull();
  });

  it('meets a hyphenated number and the same number typed without its hyphen at one key', () => {
    expect(houseNumberKey(hn('34-12'))).toBe('3412');
    expect(houseNumberKey(hn('3412'))).toBe('3412');
    expect(houseNumberKey('103-18')).toBe('10318');
    expect(houseNumberKey('409F')).toBe('409f');
  });

  it('reads an unhyphenated number of three or more digits in Queens fashion too', () => {
    expect(houseNumberReadings(hn('10318')).map((r) => r.text)).toEqual(['10318', '103-18']);
    expect(houseNumberReadings(hn('6912B')).map((r) => r.text)).toEqual(['6912b', '69-12b']);
    expect(houseNumberReadings(hn('99')).map((r) => r.text)).toEqual(['99']);
    expect(houseNumberReadings(hn('34-12')).map((r) => r.text)).toEqual(['34-12']);
  });

  it('orders numbers along a block face: number, hyphen part, letter', () => {
    const sorted = ['112', '111D', '111', '111A'].map(hn).sort((a, b) => houseNumberOrder(a) - houseNumberOrder(b));
    expect(sorted.map((n) => n.text)).toEqual(['111', '111a', '111d', '112']);
    expect(houseNumberOrder(hn('34-12'))).toBeLessThan(houseNumberOrder(hn('34-14')));
  });

  it('finds a number inside a range on its side of the street', () => {
    expect(inHouseNumberRange(hn('111B'), hn('111A'), hn('111D'))).toBe(true);
    expect(inHouseNumberRange(hn('111'), hn('111A'), hn('111D'))).toBe(false);
    expect(inHouseNumberRange(hn('12D'), hn('12C'), hn('12R'))).toBe(true);
    expect(inHouseNumberRange(hn('34-12'), hn('34-02'), hn('34-20'))).toBe(true);
    expect(inHouseNumberRange(hn('3412'), hn('34-02'), hn('34-20'))).toBe(true);
    expect(inHouseNumberRange(hn('34-13'), hn('34-02'), hn('34-20'))).toBe(false);
    expect(inHouseNumberRange(hn('34-22'), hn('34-02'), hn('34-20'))).toBe(false);
    expect(inHouseNumberRange(hn('13'), hn('11'), hn('21'))).toBe(true);
    expect(inHouseNumberRange(hn('14'), hn('11'), hn('21'))).toBe(false);
  });
});

const PAD = 'addresses/pad_bobaadr_sample.txt';

describeWithNycData(PAD)('house numbers of the PAD sample', () => {
  const ranges = readNycCsv(PAD)
    .filter((row) => row.lhnd.trim() !== '')
    .map((row) => ({ low: hn(row.lhnd), high: hn(row.hhnd), parity: Number(row.parity) }));

  it('reads every low and high house number, and each range holds its own ends on its parity side', () => {
    expect(ranges.length).toBeGreaterThan(50);
    for (const { low, high, parity } of ranges) {
      expect([low.text, high.text, inHouseNumberRange(low, low, high), inHouseNumberRange(high, low, high)]).toEqual([low.text, high.text, true, true]);
      // PAD's parity column: 1 odd, 2 even.
      expect(low.main % 2).toBe(parity === 1 ? 1 : 0);
    }
  });

  it('finds a lettered number inside a PAD range (ANDES ROAD 111A-111D)', () => {
    const andes = ranges.find(({ low, high }) => low.text === '111a' && high.text === '111d');
    expect(andes).toBeDefined();
    expect(inHouseNumberRange(hn('111C'), andes!.low, andes!.high)).toBe(true);
    expect(inHouseNumberRange(hn('113'), andes!.low, andes!.high)).toBe(false);
  });
});
