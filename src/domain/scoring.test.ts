import { ageInDays, cappedFactor, dollars, duePoints, flooredRecencyWeight, plural, RISK_LEVEL_BANDS, riskLevelOf, riskOf } from './scoring';

const ASOF = new Date('2026-11-23T15:00:00Z');
const RULE = { halfLifeDays: 730, floor: 0.25 };

describe('risk scoring parts', () => {
  it('ages by the clock\'s UTC day, never below 0', () => {
    expect(ageInDays('2026-11-23', ASOF)).toBe(0);
    expect(ageInDays('2026-11-22', ASOF)).toBe(1);
    expect(ageInDays('2027-01-01', ASOF)).toBe(0);
  });

  it('weighs 1 today, halves the part above the floor each half-life, the floor when undated', () => {
    expect(flooredRecencyWeight('2026-11-23', ASOF, RULE)).toBe(1);
    expect(flooredRecencyWeight('2024-11-23', ASOF, RULE)).toBeCloseTo(0.625, 10);
    expect(flooredRecencyWeight('1900-01-01', ASOF, RULE)).toBeCloseTo(0.25, 8);
    expect(flooredRecencyWeight(null, ASOF, RULE)).toBe(0.25);
    expect(flooredRecencyWeight('2020-01-01', ASOF, { halfLifeDays: 365, floor: 0 })).toBeLessThan(flooredRecencyWeight('2020-01-01', ASOF, RULE));
  });

  it('adds perDoubling points each time the dollars due (plus $1,000) double', () => {
    expect(duePoints(0, 5)).toBe(0);
    expect(duePoints(-500, 5)).toBe(0);
    expect(duePoints(100_000, 5)).toBe(5);
    expect(duePoints(300_000, 6)).toBe(12);
  });

  it('rounds and caps a factor and says so in its detail', () => {
    expect(cappedFactor('a', 'A', 3, 12.4, 20, 'why')).toEqual({ key: 'a', label: 'A', count: 3, points: 12, detail: '12 of 20 points: why' });
    expect(cappedFactor('a', 'A', 30, 41, 20, 'why').points).toBe(20);
  });

  it.each([[0, 'LOW'], [14, 'LOW'], [15, 'MODERATE'], [34, 'MODERATE'], [35, 'HIGH'], [59, 'HIGH'], [60, 'SEVERE'], [100, 'SEVERE']])('reads a score of %i as %s', (score, level) => {
    expect(riskLevelOf(score)).toBe(level);
  });

  it('states the level bands as the families document them', () => {
    expect(RISK_LEVEL_BANDS).toBe('LOW 0-14, MODERATE 15-34, HIGH 35-59, SEVERE 60-100');
  });

  it('scores factors as the sum of their points, with its level', () => {
    const factors = [cappedFactor('a', 'A', 1, 20, 30, 'why'), cappedFactor('b', 'B', 2, 40, 25, 'why')];
    expect(riskOf(factors)).toEqual({ score: 45, level: 'HIGH', factors });
    expect(riskOf([])).toEqual({ score: 0, level: 'LOW', factors: [] });
  });

  it('writes counts and money as read', () => {
    expect(plural(1, 'ticket')).toBe('1 ticket');
    expect(plural(2, 'ticket')).toBe('2 tickets');
    expect(plural(0, 'summons', 'summonses')).toBe('0 summonses');
    expect(plural(1, 'summons', 'summonses')).toBe('1 summons');
    expect(dollars(123_450)).toBe('$1,234.50');
  });
});
