import { BOROUGHS, boroughForZip, boroughZips, isNycZip, nycZips } from '../../nyc';
import { compactText } from '../normalize';
import { matchPlace, neighborhoodsForZip, places, placeScope, splitPlace } from './index';

function split(q: string) {
  const { text, place } = splitPlace(q);
  return { text, names: place?.names ?? null, kind: place?.kind ?? null, zips: place?.zips ?? null };
}

describe('place data', () => {
  it('has about 180 places: five boroughs and the neighborhoods', () => {
    expect(places.filter((p) => p.kind === 'borough').map((p) => p.name)).toEqual([...BOROUGHS]);
    expect(places.length).toBeGreaterThanOrEqual(170);
    expect(places.length).toBeLessThanOrEqual(190);
  });

  it('uses 5-digit ZIPs that each belong to exactly one borough', () => {
    const seen = new Set<string>();
    for (const b of BOROUGHS) {
      for (const zip of boroughZips[b]) {
        expect(zip).toMatch(/^\d{5}$/);
        expect(seen.has(zip)).toBe(false);
        seen.add(zip);
      }
    }
    expect(nycZips.length).toBe(seen.size);
    expect(boroughForZip('11211')).toBe('Brooklyn');
    expect(boroughForZip('10001')).toBe('Manhattan');
    expect(boroughForZip('10301')).toBe('Staten Island');
    expect(boroughForZip('90210')).toBeNull();
  });

  it('keeps every neighborhood ZIP inside its borough (Marble Hill is the one documented exception)', () => {
    for (const p of places) {
      expect(p.zips.length).toBeGreaterThan(0);
      const outside = p.zips.filter((z) => boroughForZip(z) !== p.borough);
      if (p.name === 'Marble Hill') expect(outside).toEqual(['10463']);
      else expect({ place: p.name, outside }).toEqual({ place: p.name, outside: [] });
    }
  });

  it('never gives two places the same name or alias', () => {
    const owner = new Map<string, string>();
    for (const p of places) {
      for (const label of new Set([p.name, ...p.aliases].map(compactText))) {
        expect({ label, owner: owner.get(label) ?? p.name }).toEqual({ label, owner: p.name });
        owner.set(label, p.name);
      }
    }
  });

  it('recognizes NYC ZIPs and nothing else', () => {
    expect(isNycZip('11211')).toBe(true);
    expect(isNycZip('10463')).toBe(true);
    expect(isNycZip('11430')).toBe(true); // JFK
    expect(isNycZip('07030')).toBe(false); // Hoboken
    expect(isNycZip('1121')).toBe(false);
    expect(neighborhoodsForZip('11211').map((p) => p.name)).toEqual(
      expect.arrayContaining(['Williamsburg', 'East Williamsburg']),
    );
  });
});

describe('splitPlace', () => {
  it('splits an exact neighborhood at the end', () => {
    expect(split('joes pizza williamsburg')).toEqual({
      text: 'joes pizza',
      names: ['Williamsburg'],
      kind: 'neighborhood',
      zips: ['11206', '11211', '11249'],
    });
    expect(split('Joe’s Pizza, Astoria').text).toBe('joes pizza');
    expect(split('pizza park slope').names).toEqual(['Park Slope']);
    expect(split('pizza long island city').names).toEqual(['Long Island City']);
  });

  it.each([
    ['pizza uws', 'Upper West Side'],
    ['pizza UES', 'Upper East Side'],
    ['pizza LES', 'Lower East Side'],
    ['pizza FiDi', 'Financial District'],
    ['pizza Bed-Stuy', 'Bedford-Stuyvesant'],
    ['pizza bed stuy', 'Bedford-Stuyvesant'],
    ['pizza bedstuy', 'Bedford-Stuyvesant'],
    ['pizza DUMBO', 'DUMBO'],
    ['pizza lic', 'Long Island City'],
    ['pizza spanish harlem', 'East Harlem'],
    ['pizza st. george', 'St. George'],
    ['pizza co-op city', 'Co-op City'],
  ])('understands the abbreviation or variant in %j', (q, name) => {
    expect(split(q)).toMatchObject({ text: 'pizza', names: [name], kind: 'neighborhood' });
  });

  it.each([
    ['pizza bk', 'Brooklyn'],
    ['pizza bklyn', 'Brooklyn'],
    ['pizza Brooklyn', 'Brooklyn'],
    ['pizza the bronx', 'Bronx'],
    ['pizza bronx', 'Bronx'],
    ['pizza bx', 'Bronx'],
    ['pizza SI', 'Staten Island'],
    ['pizza staten island', 'Staten Island'],
    ['pizza queens', 'Queens'],
    ['pizza qns', 'Queens'],
    ['pizza manhattan', 'Manhattan'],
  ])('understands the borough in %j with its full ZIP set', (q, borough) => {
    const { text, place } = splitPlace(q);
    expect(text).toBe('pizza');
    expect(place).toMatchObject({ names: [borough], kind: 'borough', boroughs: [borough] });
    expect(place?.zips).toEqual([...boroughZips[borough as keyof typeof boroughZips]].sort());
  });

  it('recognizes a bare NYC ZIP, also as ZIP+4, but not a non-NYC one', () => {
    expect(splitPlace('pizza 11211')).toEqual({
      text: 'pizza',
      place: { names: ['11211'], zips: ['11211'], kind: 'zip', boroughs: ['Brooklyn'], matched: '11211' },
    });
    expect(split('pizza 11211-1234')).toMatchObject({ text: 'pizza', zips: ['11211'], kind: 'zip' });
    expect(split('pizza 90210')).toEqual({ text: 'pizza 90210', names: null, kind: null, zips: null });
    expect(split('10001')).toMatchObject({ text: '', kind: 'zip', zips: ['10001'] });
  });

  it('prefix-matches a partial place name of 3 or more characters', () => {
    expect(split('pizza williams')).toMatchObject({ text: 'pizza', kind: 'prefix', names: ['Williamsburg', 'Williamsbridge'] });
    expect(split('pizza willi').names).toEqual(expect.arrayContaining(['Williamsburg']));
    expect(split('pizza ast')).toMatchObject({ text: 'pizza', kind: 'prefix', names: ['Astoria'] });
    expect(split('pizza long isl')).toMatchObject({ text: 'pizza', kind: 'prefix', names: ['Long Island City'] });
    expect(split('pizza east wil')).toMatchObject({ text: 'pizza', kind: 'prefix', names: ['East Williamsburg'] });
    expect(split('pizza bkl')).toMatchObject({ text: 'pizza', kind: 'prefix', names: ['Brooklyn'] });
  });

  it('unions the ZIP sets of an ambiguous prefix', () => {
    const { text, place } = splitPlace('pizza green');
    expect(text).toBe('pizza');
    expect(place?.kind).toBe('prefix');
    expect(place?.names).toEqual(expect.arrayContaining(['Greenpoint', 'Greenwich Village']));
    expect(place?.zips).toEqual(expect.arrayContaining(['11222', '10012', '10014']));
    expect(place?.boroughs).toEqual(['Manhattan', 'Brooklyn']);
    expect(new Set(place?.zips).size).toBe(place?.zips.length);
  });

  it('never treats fewer than 3 characters as a prefix', () => {
    expect(split('pizza as').names).toBeNull();
    expect(split('pizza wi').names).toBeNull();
  });

  it('prefers the longest exact place over shorter places and prefixes', () => {
    expect(split('pizza east village')).toMatchObject({ text: 'pizza', names: ['East Village'], kind: 'neighborhood' });
    expect(split('pizza village')).toMatchObject({ text: 'pizza', names: ['Greenwich Village'] });
    expect(split('pizza west village').names).toEqual(['West Village']);
    expect(split('pizza south bronx').names).toEqual(['South Bronx']);
    expect(split('pizza manhattan beach').names).toEqual(['Manhattan Beach']);
    expect(split('pizza queens village').names).toEqual(['Queens Village']);
    // An exact name beats a prefix match on the same words.
    expect(split('pizza williamsburg').kind).toBe('neighborhood');
  });

  it('leaves non-places alone', () => {
    for (const q of ['joes pizza', 'shake shack', 'halal guys', 'wo hop', "katz's delicatessen", 'pizza new york']) {
      expect(split(q)).toMatchObject({ names: null });
    }
    expect(split('joes pizza').text).toBe('joes pizza');
  });

  it('does not read common name endings as place prefixes', () => {
    for (const q of ['burger king', 'taco bell', 'white castle', 'dairy queen', 'cafe china', 'golden crown', 'pizza city', 'pizza villa']) {
      expect(split(q)).toMatchObject({ names: null });
    }
    // ...but they still start a longer prefix.
    expect(split('pizza castle h').names).toEqual(['Castle Hill']);
  });

  // Decision: a query that is ONLY a partial place is not split. It is as likely to be the
  // start of a restaurant name ("ast" -> "Astor Room"), and the caller still searches it as text.
  it('does not split a query that is only a place prefix', () => {
    expect(split('ast')).toEqual({ text: 'ast', names: null, kind: null, zips: null });
    expect(split('williams')).toMatchObject({ text: 'williams', names: null });
    expect(split('east wil')).toMatchObject({ text: 'east wil', names: null });
  });

  it('returns empty text when the query is only an exact place; the caller decides', () => {
    expect(split('Williamsburg')).toMatchObject({ text: '', names: ['Williamsburg'] });
    expect(split('the bronx')).toMatchObject({ text: '', names: ['Bronx'], kind: 'borough' });
    expect(split('bk')).toMatchObject({ text: '', names: ['Brooklyn'] });
  });

  it('ignores case, accents and punctuation', () => {
    for (const q of ['pizza hells kitchen', "pizza Hell's Kitchen", 'pizza Hell’s Kitchen', 'PIZZA HELLS-KITCHEN', 'pizza hellskitchen']) {
      expect(split(q)).toMatchObject({ text: 'pizza', names: ["Hell's Kitchen"] });
    }
    expect(split('Café Boulud  ·  Upper East Side').text).toBe('cafe boulud');
    expect(split('pizza Prince’s Bay').names).toEqual(["Prince's Bay"]);
  });

  it('keeps a place that is part of a name after a linking word', () => {
    expect(split('taste of jamaica')).toEqual({ text: 'taste of jamaica', names: null, kind: null, zips: null });
    expect(split('pollo de corona').names).toBeNull();
  });

  it('drops "in"/"near" before a place and absorbs a trailing city suffix', () => {
    expect(splitPlace('pizza in astoria')).toMatchObject({ text: 'pizza', place: { names: ['Astoria'], matched: 'in astoria' } });
    expect(split('pizza near the bronx')).toMatchObject({ text: 'pizza', names: ['Bronx'] });
    expect(splitPlace('pizza, Brooklyn, NY')).toMatchObject({ text: 'pizza', place: { names: ['Brooklyn'], matched: 'brooklyn ny' } });
    expect(split('pizza 11211 new york')).toMatchObject({ text: 'pizza', zips: ['11211'] });
    expect(split('pizza ny')).toMatchObject({ text: 'pizza ny', names: null });
  });

  it('handles empty input', () => {
    expect(splitPlace('')).toEqual({ text: '', place: null });
    expect(splitPlace(' .. ')).toEqual({ text: '', place: null });
  });
});

describe('matchPlace', () => {
  it('matches only a whole exact place or ZIP', () => {
    expect(matchPlace('Bed-Stuy')?.names).toEqual(['Bedford-Stuyvesant']);
    expect(matchPlace('11211')?.kind).toBe('zip');
    expect(matchPlace('pizza williamsburg')).toBeNull();
    expect(matchPlace('willi')).toBeNull();
    expect(matchPlace('90210')).toBeNull();
  });
});

describe('places people type', () => {
  it.each([
    ['pizza hk', "Hell's Kitchen"],
    ['pizza stuy town', 'Stuyvesant Town'],
    ['pizza crown hts', 'Crown Heights'],
    ['pizza jax hts', 'Jackson Heights'],
    ['pizza turtle bay', 'Turtle Bay'],
  ])('%s -> %s', (q, name) => {
    expect(split(q)).toMatchObject({ text: 'pizza', names: [name] });
  });
});

describe('placeScope', () => {
  it('a borough, by name or slang, scopes by borough and its ZIPs; a neighborhood or ZIP by ZIP only', () => {
    const bx = splitPlace('pizza bx').place!;
    expect(placeScope(bx)).toEqual({ boroughs: ['Bronx'], zips: bx.zips });
    expect(placeScope(splitPlace('pizza williamsburg').place!).boroughs).toEqual([]);
    expect(placeScope(splitPlace('pizza 10451').place!)).toEqual({ boroughs: [], zips: ['10451'] });
    // An ambiguous prefix that names a borough among neighborhoods keeps the borough whole.
    const bro = splitPlace('pizza bro').place!;
    expect(placeScope(bro).boroughs).toEqual(expect.arrayContaining(['Bronx', 'Brooklyn']));
  });
});
