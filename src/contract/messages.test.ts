import { describeParameter } from './messages';

describe('describeParameter', () => {
  it.each([
    ['limit', { type: 'integer', minimum: 1, maximum: 100 }, 'limit must be an integer from 1 to 100'],
    ['minScore', { type: 'integer', minimum: 0 }, 'minScore must be an integer of at least 0'],
    ['lat', { type: 'number', minimum: 40.49, maximum: 40.92 }, 'lat must be a number from 40.49 to 40.92'],
    ['closed', { type: 'boolean' }, 'closed must be true or false'],
    ['since', { type: 'string', format: 'date' }, 'since must be a real date written YYYY-MM-DD'],
    ['q', { type: 'string', minLength: 2, maxLength: 120 }, 'q must be 2 to 120 characters'],
    ['sort', { type: 'string', enum: ['name', '-name'] }, 'sort must be one of name, -name'],
    ['grade', { type: 'array', items: { enum: ['A', 'B'] }, maxItems: 50 }, 'grade must be a comma-separated list of A, B (at most 50 values)'],
    ['zip', { type: 'array', items: { type: 'string', minLength: 5, maxLength: 5 } }, 'zip must be a comma-separated list of values that are each exactly 5 characters'],
    ['zip', { type: 'array', items: { type: 'string', pattern: '^[0-9]{5}$', 'x-value': 'a five-digit ZIP code' } }, 'zip must be a comma-separated list of values that are each a five-digit ZIP code'],
  ])('%s', (name, schema, expected) => {
    expect(describeParameter(name, schema)).toBe(expected);
  });
});
