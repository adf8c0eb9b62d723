import { canonicalStreetWords, isDirectional, isStreetType, isUnitWord, streetAliases } from './streets';

/** Test input as folded words, the way search/normalize's tokens() hands them over. */
const canonical = (folded: string) => canonicalStreetWords(folded.split(' ')).join(' ');

describe('canonicalStreetWords', () => {
  it('expands the directionals people abbreviate, before and after the name', () => {
    expect(canonical('e 101st st')).toBe('east 101 street');
    expect(canonical('w 110th st')).toBe('west 110 street');
    expect(canonical('n henry st')).toBe('north henry street');
    expect(canonical('s railroad ave')).toBe('south railroad avenue');
    expect(canonical('greenway s')).toBe('greenway south');
    expect(canonical('park ave s')).toBe('park avenue south');
    // Full words are already canonical: PLUTO's WEST TERRACE and NORTH STREET are names.
    expect(canonical('west terrace')).toBe('west terrace');
    expect(canonical('north street')).toBe('north street');
  });

  it('keeps the letter of a lettered avenue', () => {
    expect(canonical('avenue s')).toBe('avenue s');
    expect(canonical('ave n')).toBe('avenue n');
    expect(canonical('av e')).toBe('avenue e');
    expect(canonical('avenue w')).toBe('avenue w');
  });

  it('writes street types in full, from the spellings in the data', () => {
    const cases: Array<[string, string]> = [
      ['kane st', 'kane street'], ['kane str', 'kane street'], ['jerome ave', 'jerome avenue'], ['jerome av', 'jerome avenue'],
      ['southern blvd', 'southern boulevard'], ['clifton pl', 'clifton place'], ['clove rd', 'clove road'],
      ['ocean pkwy', 'ocean parkway'], ['riverside dr', 'riverside drive'], ['callahan ln', 'callahan lane'],
      ['hilldale ct', 'hilldale court'], ['throgs neck expwy', 'throgs neck expressway'], ['clearview expy', 'clearview expressway'],
      ['union tpke', 'union turnpike'], ['newkirk plz', 'newkirk plaza'], ['yacht club cv', 'yacht club cove'],
      ['dover grn', 'dover green'], ['marine ter', 'marine terrace'], ['bruckner hwy', 'bruckner highway'],
    ];
    for (const [typed, expected] of cases) expect([typed, canonical(typed)]).toEqual([typed, expected]);
  });

  it('writes ordinals as digits, however they are typed', () => {
    for (const typed of ['65 st', '65th st', '65 th st', 'sixty fifth st', 'sixty fifth street']) expect([typed, canonical(typed)]).toEqual([typed, '65 street']);
    expect(canonical('fifth avenue')).toBe('5 avenue');
    expect(canonical('5th ave')).toBe('5 avenue');
    expect(canonical('1st ave')).toBe('1 avenue');
    expect(canonical('1 st ave')).toBe('1 avenue');
    expect(canonical('2nd ave')).toBe('2 avenue');
    expect(canonical('3 rd ave')).toBe('3 avenue');
    expect(canonical('4th ave')).toBe('4 avenue');
    expect(canonical('w 11th st')).toBe('west 11 street');
    expect(canonical('e 12th st')).toBe('east 12 street');
    expect(canonical('e 13th st')).toBe('east 13 street');
    expect(canonical('one hundred tenth st')).toBe('110 street');
    expect(canonical('one hundred twenty fifth street')).toBe('125 street');
    expect(canonical('beach 20th st')).toBe('beach 20 street');
    expect(canonical('bch 20 st')).toBe('beach 20 street');
  });

  it('keeps cardinal number words and reads st and rd after a number as types', () => {
    expect(canonical('two bridges')).toBe('two bridges');
    expect(canonical('31 rd')).toBe('31 road');
    expect(canonical('e 65 st')).toBe('east 65 street');
  });

  it('reads st as saint before a name and as street elsewhere', () => {
    expect(canonical('st marks pl')).toBe('saint marks place');
    expect(canonical('st johns place')).toBe('saint johns place');
    expect(canonical('st nicholas avenue')).toBe('saint nicholas avenue');
    expect(canonical('e st')).toBe('east street');
    expect(canonical('attorney st')).toBe('attorney street');
    expect(canonical('main st e')).toBe('main street east');
    expect(canonical('saint marks place')).toBe('saint marks place');
  });

  it('expands mount and fort', () => {
    expect(canonical('mt eden ave')).toBe('mount eden avenue');
    expect(canonical('ft independence st')).toBe('fort independence street');
    expect(canonical('fort independence street')).toBe('fort independence street');
  });

  it("completes PLUTO's cut of Avenue of the Americas, and nothing else named after it", () => {
    expect(canonical('avenue of the amer')).toBe('avenue of the americas');
    expect(canonical('ave of americas')).toBe('avenue of the americas');
    expect(canonical('avenue of the americas')).toBe('avenue of the americas');
    // A bare 6 Avenue stays 6 Avenue: the other name is only Manhattan's (streetAliases).
    expect(canonical('6th ave')).toBe('6 avenue');
  });

  it('drops empty words', () => {
    expect(canonicalStreetWords(['', 'e', '', '10', 'st'])).toEqual(['east', '10', 'street']);
    expect(canonicalStreetWords([])).toEqual([]);
  });
});

describe('street vocabulary', () => {
  it('knows types, directionals and unit words in every spelling', () => {
    expect(['st', 'street', 'ave', 'avenue', 'pkwy'].every(isStreetType)).toBe(true);
    expect(isStreetType('marks')).toBe(false);
    expect(['e', 'east', 's', 'south'].every((word) => isDirectional(word))).toBe(true);
    expect(isDirectional('x')).toBe(false);
    expect(['apt', 'ste', 'fl'].every(isUnitWord)).toBe(true);
    expect(isUnitWord('street')).toBe(false);
  });
});

describe('streetAliases', () => {
  it('gives Avenue of the Americas its other name in Manhattan only', () => {
    expect(streetAliases('avenue of the americas', 'Manhattan')).toEqual(['6 avenue']);
    expect(streetAliases('avenue of the americas', 'Brooklyn')).toEqual([]);
    expect(streetAliases('7 avenue', 'Manhattan')).toEqual([]);
    expect(streetAliases('adam clayton powell jr boulevard', 'Manhattan')).toEqual([]);
  });
});
