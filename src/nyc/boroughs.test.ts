import { BOROUGHS, boroughCode, boroughOfCode, parseBorough } from './boroughs';

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
});
