import { ageDays, inWindow, recencyWeight, windowStart } from './recency';

const asOf = new Date('2026-04-10T00:00:00Z');

describe('recency rule', () => {
  it('halves a finding every 365 days', () => {
    expect(recencyWeight('2026-04-10', asOf)).toBe(1);
    expect(recencyWeight('2026-03-20', asOf)).toBeCloseTo(0.5 ** (21 / 365), 12); // three weeks ~ 0.96
    expect(recencyWeight('2026-03-20', asOf)).toBeGreaterThan(0.95);
    expect(recencyWeight('2025-04-10', asOf)).toBeCloseTo(0.5, 12);
    expect(recencyWeight('2023-04-11', asOf)).toBeCloseTo(0.125, 12); // 1095 days
  });

  it('never weighs a finding above 1, even one dated after the clock', () => {
    expect(ageDays('2026-05-01', asOf)).toBe(0);
    expect(recencyWeight('2026-05-01', asOf)).toBe(1);
  });

  it('measures windows in calendar months', () => {
    expect(windowStart(asOf, 24)).toBe('2024-04-10');
    expect(windowStart(asOf, 36)).toBe('2023-04-10');
    expect(windowStart(new Date('2026-03-31T00:00:00Z'), 1)).toBe('2026-02-28');
    expect(inWindow('2024-04-10', asOf, 24)).toBe(true);
    expect(inWindow('2024-04-09', asOf, 24)).toBe(false);
    expect(inWindow('2026-04-11', asOf, 24)).toBe(false);
  });
});
