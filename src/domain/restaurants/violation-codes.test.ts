import { categoryOf, isMappedCode, verminKindOf } from './violation-codes';

describe('violation code categories', () => {
  it('maps the vermin codes, including conducive conditions', () => {
    expect(['04K', '04L', '04M', '04N', '04O', '08A', '08B'].map(categoryOf)).toEqual(Array(7).fill('vermin'));
    expect(['04K', '04L', '04M', '04N', '04O', '08A'].map(verminKindOf)).toEqual(['rats', 'mice', 'roaches', 'flies', 'other', 'conducive']);
    expect(verminKindOf('02B')).toBeNull();
  });

  it('maps food temperature, hygiene, facility and admin codes', () => {
    expect(categoryOf('02B')).toBe('food_temp');
    expect(categoryOf('06D')).toBe('hygiene');
    expect(categoryOf('10B')).toBe('facility');
    expect(categoryOf('20-06')).toBe('admin');
    expect(categoryOf(' 04l ')).toBe('vermin');
  });

  it('falls back to the code family for unlisted codes, and to other for the unknown', () => {
    expect(isMappedCode('02Z')).toBe(false);
    expect(categoryOf('02Z')).toBe('food_temp');
    expect(categoryOf('99X')).toBe('other');
    expect(categoryOf(null)).toBe('other');
  });
});
