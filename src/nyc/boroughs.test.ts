import { BOROUGHS, boroughCode, boroughOfCode, parseBorough, parseDobBorough } from './boroughs';

describe('boroughs', () => {
  it('are in borough code order', () => {
    expect(BOROUGHS.map((borough) => [boroughCode(borough), borough])).toEqual([
      [1, 'Manhattan'],
      [2, 'Bronx'],
      [3, 'Brooklyn'],
      [4, 'Queens'],
      [5, 'Staten Island'],
    ]);
    expect(boroughOfCode(0)).toBeNull();
    expect(boroughOfCode(6)).toBeNull();
  });

  it('are read in every spelling the data sets use', () => {
    const spellings: Record<string, string[]> = {
      Manhattan: ['1', 'MN', 'MANHATTAN', 'Manhattan', 'New York'],
      Bronx: ['2', 'BX', 'BRONX', 'The Bronx'],
      Brooklyn: ['3', 'BK', 'BROOKLYN', 'brooklyn'],
      Queens: ['4', 'QN', 'QUEENS', ' Queens '],
      'Staten Island': ['5', 'SI', 'STATEN ISLAND', 'STATEN IS', 'Staten  Island'],
    };
    for (const [borough, texts] of Object.entries(spellings)) for (const text of texts) expect([text, parseBorough(text)]).toEqual([text, borough]);
    for (const text of ['0', 'NOT NYC', '', 'Q', 'Nassau', null]) expect(parseBorough(text)).toBeNull();
  });

  it("read DOB's one-letter borough codes only where a DOB column is read", () => {
    const letters: Record<string, string> = { M: 'Manhattan', X: 'Bronx', B: 'Brooklyn', Q: 'Queens', S: 'Staten Island', q: 'Queens', ' S ': 'Staten Island' };
    for (const [text, borough] of Object.entries(letters)) expect([text, parseDobBorough(text)]).toEqual([text, borough]);
    expect(parseDobBorough('4')).toBe('Queens');
    expect(parseDobBorough('Brooklyn')).toBe('Brooklyn');
    for (const text of ['K', 'QQ', '', '0', null]) expect(parseDobBorough(text)).toBeNull();
  });
});
