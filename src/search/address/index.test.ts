import { addressKey, canonicalStreet, indexedAddress, parseAddressQuery, phrasePrefixes } from './index';

function parsed(text: string) {
  const query = parseAddressQuery(text);
  return { bbl: query.bbl, houseNumber: query.houseNumber?.text ?? null, street: query.street, places: query.places.map((place) => place.names.join('+')), remainder: query.remainder };
}

describe('canonicalStreet', () => {
  it('folds case, accents and punctuation before the street rules', () => {
    expect(canonicalStreet('E. 101st St.')).toBe('east 101 street');
    expect(canonicalStreet('EAST  101 STREET')).toBe('east 101 street');
    expect(canonicalStreet('Sixty-Fifth Street')).toBe('65 street');
    expect(canonicalStreet("St. Mark's Pl")).toBe('saint marks place');
    expect(canonicalStreet('ST MARKS PLACE')).toBe('saint marks place');
    expect(canonicalStreet('Avenue of the Américas')).toBe('avenue of the americas');
    expect(canonicalStreet(null)).toBe('');
  });
});

describe('parseAddressQuery', () => {
  it('reads a whole-query BBL in any form, and nothing else', () => {
    for (const typed of ['1-00835-0041', '1008350041', ' 1 835 41 ', 'MN 835 41']) {
      expect([typed, parsed(typed)]).toEqual([typed, { bbl: '1008350041', houseNumber: null, street: '', places: [], remainder: '' }]);
    }
  });

  it('splits house number and canonical street', () => {
    expect(parsed('1033 E 101st St')).toEqual({ bbl: null, houseNumber: '1033', street: 'east 101 street', places: [], remainder: '' });
    expect(parsed('409F E 137th St')).toMatchObject({ houseNumber: '409f', street: 'east 137 street' });
    expect(parsed('350 Fifth Avenue')).toMatchObject({ houseNumber: '350', street: '5 avenue' });
    expect(parsed('350 5 av')).toMatchObject({ houseNumber: '350', street: '5 avenue' });
    expect(parsed('3618 Avenue I')).toMatchObject({ houseNumber: '3618', street: 'avenue i' });
  });

  it('keeps Queens numbers as typed; both spellings meet at the key', () => {
    expect(parsed('34-12 31 Ave')).toMatchObject({ houseNumber: '34-12', street: '31 avenue' });
    expect(parsed('3412 31 Ave')).toMatchObject({ houseNumber: '3412', street: '31 avenue' });
    const hyphenated = parseAddressQuery('34-12 31 Ave');
    const plain = parseAddressQuery('3412 31st Avenue');
    expect(addressKey(hyphenated.houseNumber, hyphenated.street)).toBe('3412 31 avenue');
    expect(addressKey(plain.houseNumber, plain.street)).toBe('3412 31 avenue');
  });

  it('reads a number before a bare street type as the street', () => {
    expect(parsed('5 Ave')).toMatchObject({ houseNumber: null, street: '5 avenue' });
    expect(parsed('1 st ave')).toMatchObject({ houseNumber: null, street: '1 avenue' });
    expect(parsed('65th St')).toMatchObject({ houseNumber: null, street: '65 street' });
  });

  it('splits borough, neighborhood and ZIP suffixes with the place parser', () => {
    expect(parsed('34-12 31 Ave Astoria 11102')).toMatchObject({ street: '31 avenue', places: ['Astoria', '11102'] });
    expect(parsed('1360 Ocean Pkwy Brooklyn')).toMatchObject({ street: 'ocean parkway', places: ['Brooklyn'] });
    expect(parsed('104 E 35th St, New York, NY 10016')).toMatchObject({ street: 'east 35 street', places: ['10016'] });
    expect(parsed('104 E 35th St New York 10016')).toMatchObject({ street: 'east 35 street', places: ['10016'], remainder: 'new york' });
    expect(parsed('350 5th av manh')).toMatchObject({ street: '5 avenue', places: ['Manhattan+Manhattan Beach+Manhattan Valley'] });
  });

  it('keeps the borough typed before a ZIP no borough delivers, which goes to the remainder', () => {
    expect(parsed('123 Victory Blvd Staten Island 10399')).toMatchObject({ street: 'victory boulevard', places: ['Staten Island'], remainder: '10399' });
    expect(parsed('123 Victory Blvd, Staten Island, NY 10399')).toMatchObject({ street: 'victory boulevard', places: ['Staten Island'], remainder: '10399' });
    expect(parsed('123 Victory Blvd, Staten Island 10311')).toMatchObject({ street: 'victory boulevard', places: ['Staten Island', '10311'] });
  });

  it('never lets a place take the street', () => {
    expect(parsed('123 Jamaica')).toMatchObject({ street: 'jamaica', places: [] });
    expect(parsed('100 E Tremont')).toMatchObject({ street: 'east tremont', places: [] });
    expect(parsed('100 E Tremont Ave Tremont')).toMatchObject({ street: 'east tremont avenue', places: ['Tremont'] });
    expect(parsed('216 Greenway S')).toMatchObject({ street: 'greenway south', places: [] });
    expect(parsed('234 Dover Green')).toMatchObject({ street: 'dover green', places: [] });
  });

  it('moves units and unknown words after a comma to the remainder', () => {
    expect(parsed('104 E 35th St Apt 3A')).toMatchObject({ street: 'east 35 street', remainder: 'apt 3a' });
    expect(parsed('104 E 35th St #3A')).toMatchObject({ street: 'east 35 street', remainder: 'apt 3a' });
    expect(parsed('1177 Avenue of the Americas Fl 47')).toMatchObject({ street: 'avenue of the americas', remainder: 'fl 47' });
    expect(parsed('10318 110th St, South Richmond Hill NY 11419')).toMatchObject({ street: '110 street', places: ['Richmond Hill', '11419'], remainder: 'south' });
  });

  it('gives empty parts for empty input', () => {
    expect(parsed('')).toEqual({ bbl: null, houseNumber: null, street: '', places: [], remainder: '' });
    expect(parsed(null as unknown as string)).toEqual({ bbl: null, houseNumber: null, street: '', places: [], remainder: '' });
  });
});

describe('indexedAddress', () => {
  it("stores a PLUTO address under its canonical street and the street's other names in its borough", () => {
    expect(indexedAddress('453 AVENUE OF THE AMER', 'Manhattan')).toEqual({
      houseNumber: { text: '453', main: 453, sub: null, letter: '' },
      street: 'avenue of the americas',
      streets: ['avenue of the americas', '6 avenue'],
      keys: ['453 avenue of the americas', '453 6 avenue'],
    });
    expect(indexedAddress('148-07 BOOTH MEMORIAL AVE', 'Queens')?.keys).toEqual(['14807 booth memorial avenue']);
    expect(indexedAddress('        RIVERDALE AVENUE', 'Brooklyn')?.keys).toEqual(['riverdale avenue']);
    expect(indexedAddress('', 'Bronx')).toBeNull();
  });

  it('meets the query for the same address, however it is typed', () => {
    const [key] = indexedAddress('3411 FT INDEPENDENCE ST', 'Bronx')!.keys;
    for (const typed of ['3411 Fort Independence Street', '3411 ft independence st bronx', '3411 Ft. Independence St., Bronx, NY 10463']) {
      const query = parseAddressQuery(typed);
      expect([typed, addressKey(query.houseNumber, query.street)]).toEqual([typed, key]);
    }
    const sixth = parseAddressQuery('453 6th Ave');
    expect(indexedAddress('453 AVENUE OF THE AMER', 'Manhattan')!.keys).toContain(addressKey(sixth.houseNumber, sixth.street));
  });
});

describe('phrasePrefixes', () => {
  /** What a phrase-prefix query of `typed` meets in a key: its words in a row, the last one's start. */
  const phraseMeets = (typed: string, key: string) => {
    const [words, want] = [key.split(' '), typed.split(' ')];
    return words.some((_, start) => want.every((word, i) => (i === want.length - 1 ? words[start + i]?.startsWith(word) : words[start + i] === word)));
  };
  test('a key holds the street typed exactly when a phrase-prefix query of it meets the key', () => {
    const keys = ['3412 31 avenue', '453 avenue of the americas', '453 6 avenue', '12 west 56 street'];
    const typed = ['31 avenue', '31 ave', '31 a', '31', 'avenue', 'avenue of the a', 'of the', '6 av', 'west 5', 'west 56 street', '56 street w', 'east 5', 'st', 'americas', 'avenue 6'];
    for (const key of keys) {
      const held = new Set(phrasePrefixes([key]));
      for (const street of typed) expect([key, street, held.has(street)]).toEqual([key, street, phraseMeets(street, key)]);
    }
    expect(phrasePrefixes(['1 a b'])).toEqual(expect.arrayContaining(['1', '1 a', '1 a b', 'a', 'a b', 'b']));
  });
});
