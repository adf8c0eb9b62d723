import type { AppDeps } from '../deps';
import { issueSlug, pathWords } from '../domain/contractors';
import { CONTRACTOR_PATH_WORDS, SLUG_PATTERN } from './types';
import { contractorRoutes } from './routes';

describe('slugs the routes would shadow', () => {
  // Handlers read deps only when called (the typeahead's answer cache is made when mounted): mounting is enough to read their paths.
  const deps = { config: { typeaheadCache: { enabled: false, maxBytes: 0, checkMs: 1000 } } } as unknown as AppDeps;
  const paths = contractorRoutes(deps).map((route) => route.path);

  it('every literal word of a mounted contractor path is reserved (search and batch among them)', () => {
    // A word no slug can be (tickets.csv: a slug has no dot) shadows none.
    const words = [...pathWords(paths, '/api/v1/contractors/')].filter((word) => SLUG_PATTERN.test(word));
    expect(words).toEqual(expect.arrayContaining(['search', 'batch', 'tickets']));
    for (const word of words) expect([word, CONTRACTOR_PATH_WORDS.has(word)]).toEqual([word, true]);
  });

  it('a company whose spelling kebabs to one of them is issued the next suffix instead', () => {
    for (const word of CONTRACTOR_PATH_WORDS) expect(issueSlug(word.toUpperCase(), new Set<string>(), CONTRACTOR_PATH_WORDS)).toBe(`${word}-2`);
  });
});
