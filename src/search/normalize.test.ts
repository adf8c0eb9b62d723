import { compactText, normalizeText, tokens } from './normalize';

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
