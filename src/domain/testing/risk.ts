import { type Risk, riskLevelOf } from '../scoring';

/** What a family's risk score is whatever its findings: an integer in 0..100, its factors' points summed, at the shared level bands. */
export function expectWellFormedRisk(risk: Risk<{ points: number }>): void {
  expect(Number.isInteger(risk.score)).toBe(true);
  expect(risk.score).toBeGreaterThanOrEqual(0);
  expect(risk.score).toBeLessThanOrEqual(100);
  expect(risk.factors.reduce((sum, f) => sum + f.points, 0)).toBe(risk.score);
  expect(risk.level).toBe(riskLevelOf(risk.score));
}
