import { parseBblPrefix } from './bbl-prefix';

describe('parseBblPrefix (a BBL being typed)', () => {
  it('reads 6-9 digits starting with a borough code as they are', () => {
    expect(parseBblPrefix('100835')).toBe('100835');
    expect(parseBblPrefix('10083500')).toBe('10083500');
    expect(parseBblPrefix(' 100835004 ')).toBe('100835004');
  });

  it('reads borough and block with separators, the block padded', () => {
    expect(parseBblPrefix('1-00835')).toBe('100835');
    expect(parseBblPrefix('1-835')).toBe('100835');
    expect(parseBblPrefix('1 835-')).toBe('100835');
    expect(parseBblPrefix('4/600')).toBe('400600');
  });

  it('is null for house numbers, whole BBLs, other boroughs and block 0', () => {
    for (const text of ['350', '34-12 31 ave', '10318', '1008350041', '6008350', '0-00835', '1-00000', '1-008350', 'abc', '', null]) expect([text, parseBblPrefix(text)]).toEqual([text, null]);
  });
});
