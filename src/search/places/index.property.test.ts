import fc from 'fast-check';
import { normalizeText, tokens } from '../normalize';
import { boroughForZip, isNycZip, nycZips } from '../../nyc';
import { matchPlace, places, splitPlace } from './index';

/**
 * Properties of place recognition (the rules in the header of ./index.ts): a place at the
 * end of a query is recognized however it is spelled (case, punctuation, spacing), the
 * split never loses or invents words, and text without a place comes back whole.
 */
const RUNS = { numRuns: 200 };

/** Restaurant-name words that are no place, no place prefix and no linking word. */
const NAME_WORDS = ['pizza', 'sushi', 'taco', 'burger', 'noodle', 'dumpling', 'joes', 'golden', 'lucky', 'express', '2', '99'];
const nameText = fc.array(fc.constantFrom(...NAME_WORDS), { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));

const labels = places.flatMap((place) => [place.name, ...place.aliases].map((label) => ({ place, label })));

/** The same label as a user might type it: any letter case, and spaces as hyphens, dots or nothing. */
function respelled(label: string): fc.Arbitrary<string> {
  const words = tokens(label);
  return fc
    .tuple(
      fc.array(fc.boolean(), { minLength: label.length, maxLength: label.length }),
      fc.array(fc.constantFrom(' ', '  ', '-', '. ', '', "'"), { minLength: words.length, maxLength: words.length }),
    )
    .map(([upper, joins]) => {
      const spaced = words.reduce((text, next, i) => `${text}${joins[i]}${next}`);
      return [...spaced].map((ch, i) => (upper[i % upper.length] ? ch.toUpperCase() : ch)).join('');
    });
}

const placeQuery = fc.constantFrom(...labels).chain(({ place, label }) =>
  fc.record({
    place: fc.constant(place),
    text: nameText,
    spelled: respelled(label),
    before: fc.constantFrom(' ', ', ', ' in ', ' near ', ' - '),
    after: fc.constantFrom('', ' ', ' NY', ', New York', ' nyc'),
  }),
);

describe('splitPlace properties', () => {
  it('recognizes a known place at the end of a query however it is spelled', () => {
    fc.assert(
      fc.property(placeQuery, ({ place, text, spelled, before, after }) => {
        const result = splitPlace(`${text}${before}${spelled}${after}`);
        expect({ q: `${text}${before}${spelled}${after}`, names: result.place?.names }).toEqual({ q: expect.any(String), names: expect.arrayContaining([place.name]) });
        expect(result.text).toBe(normalizeText(text));
      }),
      RUNS,
    );
  });

  it('recognizes a whole query that names a place exactly, and matchPlace agrees', () => {
    fc.assert(
      fc.property(fc.constantFrom(...labels).chain(({ place, label }) => fc.tuple(fc.constant(place), respelled(label))), ([place, spelled]) => {
        expect(splitPlace(spelled).place?.names).toEqual(expect.arrayContaining([place.name]));
        expect(splitPlace(spelled).text).toBe('');
        expect(matchPlace(spelled)?.names).toEqual(expect.arrayContaining([place.name]));
      }),
      RUNS,
    );
  });

  it('recognizes a trailing NYC ZIP (and ZIP+4) as that ZIP in its borough', () => {
    fc.assert(
      fc.property(nameText, fc.constantFrom(...nycZips), fc.option(fc.integer({ min: 0, max: 9999 }), { nil: undefined }), (text, zip, plus4) => {
        const q = plus4 === undefined ? `${text} ${zip}` : `${text} ${zip}-${String(plus4).padStart(4, '0')}`;
        expect(splitPlace(q)).toEqual({ text: normalizeText(text), place: expect.objectContaining({ kind: 'zip', zips: [zip], boroughs: [boroughForZip(zip)] }) });
      }),
      RUNS,
    );
  });

  it('returns a name without place text whole, and keeps a 5-digit number that is not an NYC ZIP', () => {
    const notNycZip = fc.integer({ min: 0, max: 99999 }).map((n) => String(n).padStart(5, '0')).filter((zip) => !isNycZip(zip));
    fc.assert(
      fc.property(nameText, fc.option(notNycZip, { nil: undefined }), (text, number) => {
        const q = number === undefined ? text : `${text} ${number}`;
        expect(splitPlace(q)).toEqual({ text: normalizeText(q), place: null });
      }),
      RUNS,
    );
  });

  it('never loses or invents words: text and the matched tail make up the normalized query', () => {
    const anyQuery = fc.oneof(
      placeQuery.map(({ text, before, spelled, after }) => `${text}${before}${spelled}${after}`),
      fc.string({ maxLength: 40 }),
      fc.array(fc.constantFrom(...NAME_WORDS, ...labels.map(({ label }) => label), 'of', 'in', 'ny', 'new york', 'east'), { maxLength: 5 }).map((list) => list.join(' ')),
    );
    fc.assert(
      fc.property(anyQuery, (q) => {
        const { text, place } = splitPlace(q);
        expect([text, place?.matched ?? ''].filter(Boolean).join(' ')).toBe(normalizeText(q));
      }),
      RUNS,
    );
  });
});

describe('splitPlace: what the properties found', () => {
  it.each(['east new york', 'pizza East New York', 'pizza in east new york NY'])('finds East New York, whose name ends in a city suffix, in %j', (q) => {
    expect(splitPlace(q)).toMatchObject({ text: q.startsWith('pizza') ? 'pizza' : '', place: { names: ['East New York'] } });
  });
});
