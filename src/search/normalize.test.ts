import { compactText, joinedWords, normalizeText, searchableWords, tokens } from './normalize';

describe('normalizeText', () => {
  it.each([
    ["JOE'S PIZZA", 'joes pizza'],
    ['Joe\u2019s Pizza', 'joes pizza'],
    ['A & W', 'a w'],
    ['a&w', 'a w'],
    ['ST. MARKS', 'st marks'],
    ['st marks', 'st marks'],
    ['BED-STUY', 'bed stuy'],
    ['Café  Habana', 'cafe habana'],
    ['J.G. MELON', 'jg melon'],
    ['  ', ''],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it('treats null and undefined as empty', () => {
    expect(normalizeText(null)).toBe('');
    expect(normalizeText(undefined)).toBe('');
  });
});

describe('compactText', () => {
  it('meets spaced and unspaced spellings', () => {
    expect(compactText('A & W')).toBe(compactText('a&w'));
    expect(compactText("JOE'S PIZZA")).toBe(compactText('joes pizza'));
  });
});

describe('tokens', () => {
  it('splits normalized words', () => {
    expect(tokens("Joe's  Pizza & Pasta")).toEqual(['joes', 'pizza', 'pasta']);
    expect(tokens('')).toEqual([]);
  });
});

describe('joinedWords and searchableWords', () => {
  test('words joined by hyphens or ampersands, joined up; nothing for a name without them', () => {
    expect(joinedWords("TASTY HAND-PULLED NOODLES")).toEqual(['handpulled']);
    expect(joinedWords('H&H BAGELS / EIGHTY-SEVEN RAMEN')).toEqual(['hh', 'eightyseven']);
    expect(joinedWords("JOE'S CAFÉ-BAR")).toEqual(['cafebar']);
    expect(joinedWords('BARNES & ROASTERS - 2')).toEqual([]);
    expect(joinedWords(null)).toEqual([]);
  });
  test('searchable words: the normalized words, then the joined ones', () => {
    expect(searchableWords('TASTY HAND-PULLED NOODLES')).toBe('tasty hand pulled noodles handpulled');
    expect(searchableWords('PIZZA HUT')).toBe('pizza hut');
  });
});
