import fc from 'fast-check';
import { expectWellFormedRisk } from '../testing/risk';
import { findingWeight, PROPERTY_RISK_DESCRIPTION, propertyRisk, type RiskFinding, sumFindings } from './risk';

const ASOF = new Date('2026-11-23T15:00:00Z');
const finding = (over: Partial<RiskFinding> = {}): RiskFinding => ({ issuedAt: null, isOpen: false, defaulted: false, defaultedAt: null, hasBalanceDue: false, count: 1, ...over });
const points = (risk: ReturnType<typeof propertyRisk>) => Object.fromEntries(risk.factors.map((f) => [f.key, f.points]));

describe('property risk', () => {
  it('weighs a finding by age: 1 today, 0.625 two years ago, the floor when undated or very old, today when after the clock', () => {
    expect(findingWeight('2026-11-23', ASOF)).toBe(1);
    expect(findingWeight('2024-11-23', ASOF)).toBeCloseTo(0.625, 10);
    expect(findingWeight(null, ASOF)).toBe(0.25);
    expect(findingWeight('1950-01-01', ASOF)).toBeCloseTo(0.25, 8);
    expect(findingWeight('2027-03-01', ASOF)).toBe(1);
  });

  it('scores a clean lot 0, LOW, with the four factors at 0', () => {
    const risk = propertyRisk({ findings: [], finesDueCents: 0 }, ASOF);
    expect(risk).toMatchObject({ score: 0, level: 'LOW' });
    expect(risk.factors.map((f) => [f.key, f.count, f.points])).toEqual([
      ['open_violations', 0, 0], ['fines_due', 0, 0], ['defaulted_hearings', 0, 0], ['recent_violations', 0, 0],
    ]);
  });

  it('computes each factor as documented (by hand)', () => {
    const risk = propertyRisk(
      {
        findings: [
          // open, issued today: open 4 x 1, recent 1.5 x 1
          finding({ issuedAt: '2026-11-23', isOpen: true }),
          // three open from two years ago: open 4 x 3 x 0.625 = 7.5; recent 1.5 x 3 x 0.625 = 2.8125
          finding({ issuedAt: '2024-11-23', isOpen: true, count: 3 }),
          // closed, defaulted at a hearing today, issued 2010, a balance due: default 6 x 1
          finding({ issuedAt: '2010-01-01', defaulted: true, defaultedAt: '2026-11-23', hasBalanceDue: true }),
        ],
        finesDueCents: 300_000,
      },
      ASOF,
    );
    // open 4 + 7.5 = 11.5 -> 12; fines 5 x log2(4) = 10; default 6; recent 1.5 + 2.8125 = 4.3125 -> 4
    expect(points(risk)).toEqual({ open_violations: 12, fines_due: 10, defaulted_hearings: 6, recent_violations: 4 });
    expect(risk.score).toBe(32);
    expect(risk.level).toBe('MODERATE');
    expect(risk.factors.find((f) => f.key === 'fines_due')!.detail).toBe('10 of 25 points: $3,000.00 due on 1 violation; 5 x log2(1 + dollars due / 1,000)');
    expect(risk.factors.map((f) => f.count)).toEqual([4, 1, 1, 4]);
  });

  it('caps every factor, and the caps add up to 100', () => {
    const risk = propertyRisk({ findings: [finding({ issuedAt: '2026-11-01', isOpen: true, defaulted: true, defaultedAt: '2026-11-01', count: 500 })], finesDueCents: 10 ** 12 }, ASOF);
    expect(points(risk)).toEqual({ open_violations: 40, fines_due: 25, defaulted_hearings: 20, recent_violations: 15 });
    expect(risk).toMatchObject({ score: 100, level: 'SEVERE' });
  });

  it('counts a violation in recent_violations only when under 1095 days old (1094 counts, 1095 does not)', () => {
    expect(propertyRisk({ findings: [finding({ issuedAt: '2023-11-25', count: 10 })], finesDueCents: 0 }, ASOF).factors[3].count).toBe(10);
    expect(propertyRisk({ findings: [finding({ issuedAt: '2023-11-24', count: 10 })], finesDueCents: 0 }, ASOF).factors[3].count).toBe(0);
  });

  it('states the level bands in the served description', () => {
    expect(PROPERTY_RISK_DESCRIPTION).toContain('Level: LOW 0-14, MODERATE 15-34, HIGH 35-59, SEVERE 60-100.');
  });
});

describe('property risk properties', () => {
  const RUNS = { numRuns: 400 };
  const day = fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const anyFinding = fc.record({
    issuedAt: fc.option(day, { nil: null }),
    isOpen: fc.boolean(),
    defaulted: fc.boolean(),
    defaultedAt: fc.option(day, { nil: null }),
    hasBalanceDue: fc.boolean(),
    count: fc.integer({ min: 1, max: 5 }),
  });
  const input = fc.record({ findings: fc.array(anyFinding, { maxLength: 30 }), finesDueCents: fc.integer({ min: 0, max: 10_000_000 }) });
  const clock = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true });

  it('is an integer in 0..100 whose points are exactly the factors, with the documented level', () => {
    fc.assert(
      fc.property(input, clock, (lot, asOf) => expectWellFormedRisk(propertyRisk(lot, asOf))),
      RUNS,
    );
  });

  it('more bad findings (another finding, more of one, more money due) never lower the score or any factor', () => {
    fc.assert(
      fc.property(input, anyFinding, fc.integer({ min: 0, max: 5_000_000 }), clock, (lot, extra, moreDue, asOf) => {
        const before = propertyRisk(lot, asOf);
        const after = propertyRisk({ findings: [...lot.findings, extra], finesDueCents: lot.finesDueCents + moreDue }, asOf);
        expect(after.score).toBeGreaterThanOrEqual(before.score);
        after.factors.forEach((f, i) => expect(f.points).toBeGreaterThanOrEqual(before.factors[i].points));
      }),
      RUNS,
    );
  });

  it('findings summed ahead (a store past its listing bound) count and weigh as if listed: same factors, same score', () => {
    fc.assert(
      fc.property(input, fc.nat(), clock, (lot, cut, asOf) => {
        const listed = lot.findings.slice(0, cut % (lot.findings.length + 1));
        const summed = sumFindings(lot.findings.slice(listed.length), asOf);
        const split = propertyRisk({ ...lot, findings: listed, summed }, asOf);
        const whole = propertyRisk(lot, asOf);
        expect(split.score).toBe(whole.score);
        split.factors.forEach((f, i) => expect([f.key, f.count, f.points]).toEqual([whole.factors[i].key, whole.factors[i].count, whole.factors[i].points]));
      }),
      RUNS,
    );
  });

  it('a fresher finding (later issue or hearing date, a date where there was none, open instead of closed) never lowers the score', () => {
    fc.assert(
      fc.property(input, anyFinding, fc.integer({ min: 0, max: 5000 }), clock, (lot, old, days, asOf) => {
        const later = (date: string | null) => (date === null ? isoShift('1980-01-01', days) : isoShift(date, days));
        const fresher: RiskFinding = { ...old, issuedAt: later(old.issuedAt), defaultedAt: later(old.defaultedAt ?? old.issuedAt), isOpen: true };
        const before = propertyRisk({ ...lot, findings: [...lot.findings, old] }, asOf);
        const after = propertyRisk({ ...lot, findings: [...lot.findings, fresher] }, asOf);
        expect(after.score).toBeGreaterThanOrEqual(before.score);
      }),
      RUNS,
    );
  });
});

function isoShift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
