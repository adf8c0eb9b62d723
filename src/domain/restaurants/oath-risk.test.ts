import fc from 'fast-check';
import { OATH_RISK_FACTOR_KEY, oathRiskFactor, withOathFactor, type OathFinding } from './oath-risk';
import type { RiskBlock } from './types';

const AS_OF = new Date('2026-11-23T12:00:00Z');
const INSPECTIONS_ONLY: RiskBlock = { score: 30, level: 'MODERATE', factors: [{ key: 'vermin', label: 'Vermin', count: 2, detail: '...' }] };

describe('oathRiskFactor', () => {
  test('by hand: 2 x w per summons, 6 x w per unpaid default, 36-month window, cap 10', () => {
    // Today: w = 1; a year ago (365 days): w = 0.5; 37 months ago: outside; undated: outside.
    const findings: OathFinding[] = [
      { violationDate: '2026-11-23', unpaidDefault: false }, // 2
      { violationDate: '2025-11-23', unpaidDefault: true }, // 6 x 0.5 = 3
      { violationDate: '2023-10-01', unpaidDefault: true }, // outside
      { violationDate: null, unpaidDefault: false }, // outside
    ];
    const { factor, points } = oathRiskFactor(findings, AS_OF);
    expect(points).toBe(5);
    expect(factor).toEqual({
      key: OATH_RISK_FACTOR_KEY,
      label: 'Health Department summonses at OATH',
      count: 2,
      detail: '5 of 10 points: 2 summonses in the last 36 months (1 unpaid default judgment); 2 points per recency-weighted summons, 6 per unpaid default (weighted 5.00)',
    });
    expect(oathRiskFactor([], AS_OF)).toMatchObject({ points: 0, factor: { count: 0, detail: expect.stringContaining('0 summonses') } });
    expect(oathRiskFactor(Array(4).fill({ violationDate: '2026-11-01', unpaidDefault: true }), AS_OF).points).toBe(10);
  });

  test('withOathFactor adds the points to the score, re-levels, lists the factor once and caps at 100', () => {
    const fresh: OathFinding[] = [{ violationDate: '2026-11-20', unpaidDefault: true }];
    const risk = withOathFactor(INSPECTIONS_ONLY, fresh, AS_OF);
    expect(risk.score).toBe(36);
    expect(risk.level).toBe('HIGH');
    expect(risk.factors.map((f) => f.key)).toEqual(['vermin', OATH_RISK_FACTOR_KEY]);
    expect(withOathFactor(risk, [], AS_OF).factors.map((f) => f.key)).toEqual(['vermin', OATH_RISK_FACTOR_KEY]);
    expect(withOathFactor({ ...INSPECTIONS_ONLY, score: 97 }, fresh, AS_OF)).toMatchObject({ score: 100, level: 'SEVERE' });
    expect(withOathFactor(INSPECTIONS_ONLY, [], AS_OF)).toMatchObject({ score: 30, level: 'MODERATE' });
  });

  const finding = fc.record({
    violationDate: fc.option(fc.integer({ min: 0, max: 4000 }).map((days) => new Date(AS_OF.getTime() - days * 86_400_000).toISOString().slice(0, 10)), { nil: null }),
    unpaidDefault: fc.boolean(),
  });

  test('more findings, a fresher one or an unpaid default never lower the factor or the score', () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 12 }), finding, fc.integer({ min: 0, max: 100 }), (findings, extra, base) => {
        const block: RiskBlock = { score: base, level: 'LOW', factors: [] };
        const before = withOathFactor(block, findings, AS_OF).score;
        expect(withOathFactor(block, [...findings, extra], AS_OF).score).toBeGreaterThanOrEqual(before);
        expect(oathRiskFactor([...findings, extra], AS_OF).points).toBeGreaterThanOrEqual(oathRiskFactor(findings, AS_OF).points);
        if (findings.length > 0) {
          const [first, ...rest] = findings;
          expect(oathRiskFactor([{ ...first, unpaidDefault: true }, ...rest], AS_OF).points).toBeGreaterThanOrEqual(oathRiskFactor(findings, AS_OF).points);
          if (first.violationDate !== null) {
            const fresher = { ...first, violationDate: new Date(Date.parse(first.violationDate) + 30 * 86_400_000).toISOString().slice(0, 10) };
            if (fresher.violationDate <= '2026-11-23') {
              expect(oathRiskFactor([fresher, ...rest], AS_OF).points).toBeGreaterThanOrEqual(oathRiskFactor(findings, AS_OF).points);
            }
          }
        }
        expect(withOathFactor(block, findings, AS_OF).score).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });
});
