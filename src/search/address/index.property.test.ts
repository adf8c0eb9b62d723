import fc from 'fast-check';
import { canonicalStreet, parseAddressQuery } from './index';

/**
 * The index and the query meet only if canonical spelling is a fixed point and blind to
 * how a name is written. Words are drawn from the street vocabulary, so the rules fire.
 */
const RUNS = { numRuns: 500 };
const STREET_WORDS = [
  'e', 'w', 'n', 's', 'east', 'west', 'st', 'street', 'str', 'ave', 'av', 'avenue', 'blvd', 'pl', 'rd', 'pkwy', 'dr', 'ln', 'ter', 'ct',
  'hwy', 'expwy', 'bch', 'mt', 'ft', 'saint', 'mount', '1', '5', '65', '65th', '1st', '2nd', '3rd', '11th', 'th', 'nd', 'fifth', 'sixty',
  'first', 'one', 'hundred', 'hundredth', 'twenty', 'of', 'the', 'amer', 'americas', 'marks', 'johns', 'ocean', 'green', 'grn', 'x',
];
const streetName = fc.array(fc.constantFrom(...STREET_WORDS), { minLength: 0, maxLength: 6 }).map((words) => words.join(' '));
/** Between words: spaces, a period after a word, hyphens. (A comma is not one: it ends the street.) */
const SEPARATORS = [' ', '  ', '. ', '-', ' - ', '\t'];

describe('canonicalStreet properties', () => {
  it('is idempotent', () => {
    fc.assert(fc.property(streetName, (name) => expect(canonicalStreet(canonicalStreet(name))).toBe(canonicalStreet(name))), RUNS);
  });

  it('is idempotent on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (name) => expect(canonicalStreet(canonicalStreet(name))).toBe(canonicalStreet(name))), RUNS);
  });

  it('ignores case', () => {
    fc.assert(
      fc.property(streetName, fc.array(fc.boolean(), { maxLength: 40 }), (name, upper) => {
        const mixed = [...name].map((ch, i) => (upper[i % Math.max(upper.length, 1)] ? ch.toUpperCase() : ch)).join('');
        expect(canonicalStreet(mixed)).toBe(canonicalStreet(name));
      }),
      RUNS,
    );
  });

  it('ignores periods after words and the separators between them', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STREET_WORDS), { minLength: 1, maxLength: 6 }), fc.constantFrom(' . ', '. ', ', ', ' - ', '  '), (words, separator) => {
        expect(canonicalStreet(words.map((word) => `${word}.`).join(separator))).toBe(canonicalStreet(words.join(' ')));
      }),
      RUNS,
    );
  });
});

describe('parseAddressQuery properties', () => {
  it('gives the same parts whatever the case and punctuation of the street', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), streetName, fc.constantFrom(...SEPARATORS), (number, name, separator) => {
        const plain = parseAddressQuery(`${number} ${name}`);
        const styled = parseAddressQuery(`${number} ${name.toUpperCase().split(' ').join(separator)}`);
        expect({ house: styled.houseNumber?.text, street: styled.street }).toEqual({ house: plain.houseNumber?.text, street: plain.street });
      }),
      RUNS,
    );
  });

  it('never throws, and a street is always canonical', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const query = parseAddressQuery(text);
        expect(canonicalStreet(query.street)).toBe(query.street);
      }),
      RUNS,
    );
  });
});
