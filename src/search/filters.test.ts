import { rangeFilter, termsFilter } from './filters';

describe('filter clauses', () => {
  it('terms: one clause for given values, none for absent or empty ones', () => {
    expect(termsFilter('borough', ['Bronx', 'Queens'])).toEqual([{ terms: { borough: ['Bronx', 'Queens'] } }]);
    expect(termsFilter('borough', [])).toEqual([]);
    expect(termsFilter('borough', undefined)).toEqual([]);
  });

  it('range: the bounds given, none when both are open', () => {
    expect(rangeFilter('score', 0, 13)).toEqual([{ range: { score: { gte: 0, lte: 13 } } }]);
    expect(rangeFilter('lastInspectedAt', '2024-01-01', undefined)).toEqual([{ range: { lastInspectedAt: { gte: '2024-01-01' } } }]);
    expect(rangeFilter('score', undefined, undefined)).toEqual([]);
  });
});
