import { deriveProfile } from './profile';
import { RISK_FACTOR_KEYS, RISK_SCORE_DESCRIPTION, riskBlock } from './risk';
import { inspectionsAsOf } from './history';
import {
  ADMINISTRATIVE, CLOSED_ACTION, CYCLE_INITIAL, CYCLE_RE, CYCLE_REOPENING, history, PRE_PERMIT_INITIAL, PRE_PERMIT_NON_OPERATIONAL_INITIAL, PRE_PERMIT_NON_OPERATIONAL_RE, RECLOSED_ACTION, REOPENED_ACTION, SMOKE_FREE, visit,
} from './testing/builders';

const asOf = new Date('2026-04-10T00:00:00Z');
const w = (days: number) => 0.5 ** (days / 365);

describe('derived profile', () => {
  it('gives a never-inspected establishment empty, zero-risk blocks', () => {
    const profile = deriveProfile(history('1', []), asOf);
    expect(profile.summary).toMatchObject({ grade: null, score: null, closed: false, riskLevel: 'LOW', riskScore: 0, lastInspectedAt: null, openViolations: 0 });
    expect(profile.gradeDate).toBeNull();
    expect(profile.risk.factors.map((factor) => factor.key)).toEqual([...RISK_FACTOR_KEYS]);
    expect(profile.risk.factors.every((factor) => factor.count === 0)).toBe(true);
    expect(profile.sanitary).toEqual({
      latestCycleScore: null, latestInitialScore: null, worstScore36mo: null, criticalFood24mo: 0, openFoodViolations: 0, closures36mo: 0,
      ownerResponseSignal: null, weighted: { criticalFood: 0, closures: 0, worstScoreWeight: 0 },
    });
    expect(profile.vermin).toEqual({ rats: 0, mice: 0, roaches: 0, flies: 0, other: 0, conducive: 0, lastSightedAt: null, weighted: { rats: 0, mice: 0, roaches: 0, flies: 0, other: 0, conducive: 0 } });
  });

  it('leaves Pre-permit (Non-operational) visits out of the score figures: they are not graded', () => {
    const profile = deriveProfile(history('3', [
      visit('2026-03-20', PRE_PERMIT_NON_OPERATIONAL_RE, { score: 40 }),
      visit('2026-03-01', PRE_PERMIT_NON_OPERATIONAL_INITIAL, { score: 35 }),
      visit('2025-09-01', CYCLE_RE, { score: 9, grade: 'A' }),
      visit('2025-08-01', PRE_PERMIT_INITIAL, { score: 20 }),
    ]), asOf);
    expect(profile.summary.score).toBe(9);
    expect(profile.sanitary.latestCycleScore).toBe(9);
    // The operational pre-permit initial visit counts; the non-operational one does not.
    expect(profile.sanitary.latestInitialScore).toBe(20);
    const only = deriveProfile(history('4', [visit('2026-03-01', PRE_PERMIT_NON_OPERATIONAL_INITIAL, { score: 35 })]), asOf);
    expect(only.summary.score).toBeNull();
    expect(only.sanitary).toMatchObject({ latestCycleScore: null, latestInitialScore: null });
  });

  it('computes every block of a worked example by hand', () => {
    const h = history('2', [
      // 2026-03-20 is 21 days before the clock; 2025-04-10 is 365; 2023-01-05 is outside 36 months.
      visit('2026-03-20', CYCLE_RE, { score: 12, grade: 'A', citations: ['10F'] }),
      visit('2026-03-20', SMOKE_FREE, { citations: ['15-27'] }),
      visit('2026-02-01', ADMINISTRATIVE, { citations: ['20-06'] }),
      visit('2025-04-10', CYCLE_INITIAL, { score: 30, citations: ['04L*', '08A', '02B*', '06D*', '10B'] }),
      visit('2023-01-05', CYCLE_INITIAL, { score: 45, grade: 'C', citations: ['04K*'] }),
    ]);
    const profile = deriveProfile(h, asOf);
    expect(profile.summary).toMatchObject({ grade: 'A', score: 12, closed: false, lastInspectedAt: '2026-03-20', openViolations: 2 });
    expect(profile.gradeDate).toBe('2026-03-20');
    // Sanitary: the smoke-free and administrative visits are excluded.
    expect(profile.sanitary).toEqual({
      latestCycleScore: 12,
      latestInitialScore: 30,
      worstScore36mo: 30,
      criticalFood24mo: 3, // 04L, 02B, 06D on 2025-04-10
      openFoodViolations: 1, // 10F; 15-27 is admin on an enforcement visit
      closures36mo: 0,
      ownerResponseSignal: null,
      weighted: { criticalFood: 1.5, closures: 0, worstScoreWeight: 0.5 },
    });
    expect(profile.vermin).toMatchObject({ mice: 1, conducive: 1, rats: 0, lastSightedAt: '2025-04-10', weighted: { mice: 0.5, conducive: 0.5, rats: 0, roaches: 0, flies: 0, other: 0 } });
    expect(profile.verminDates).toEqual(['2025-04-10', '2023-01-05']);
    // critical_food 4 x 1.5 = 6; vermin 8 x 0.5 + 3 x 0.5 = 5.5 -> 6; grade_trouble C band 10 x 0.5 = 5; closures 0.
    expect(profile.risk.factors.map((factor) => [factor.key, factor.count])).toEqual([['critical_food', 3], ['vermin', 2], ['grade_trouble', 1], ['closures', 0]]);
    expect(profile.risk.score).toBe(6 + 6 + 5);
    expect(profile.risk.level).toBe('MODERATE');
    expect(profile.risk.factors[0].detail).toMatch(/^6 of 30 points/);
    expect(profile.stats).toEqual({
      openViolations: 2, totalViolations: 9, criticalViolations: 4, inspectionCount: 5, closureCount: 0,
      oathSummonses: 0, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0,
    });
  });

  it('tracks closures, re-openings and re-closures', () => {
    const closed = [visit('2026-01-10', CYCLE_INITIAL, { score: 60, action: CLOSED_ACTION, citations: ['04M*'] })];
    expect(deriveProfile(history('3', closed), asOf).summary.closed).toBe(true);
    const reopened = [...closed, visit('2026-01-12', CYCLE_REOPENING, { score: 0, grade: 'P', action: REOPENED_ACTION })];
    const reopenedProfile = deriveProfile(history('3', reopened), asOf);
    expect(reopenedProfile.summary).toMatchObject({ closed: false, grade: 'P', openViolations: 0 });
    expect(reopenedProfile.sanitary.closures36mo).toBe(1);
    expect(reopenedProfile.stats.closureCount).toBe(1);
    const reclosed = [...reopened, visit('2026-01-20', CYCLE_REOPENING, { action: RECLOSED_ACTION })];
    expect(deriveProfile(history('3', reclosed), asOf).summary.closed).toBe(true);
    expect(deriveProfile(history('3', reclosed), asOf).stats.closureCount).toBe(2);
    // A later scored visit means the establishment was operating again.
    const laterVisit = [...closed, visit('2026-03-01', PRE_PERMIT_INITIAL, { score: 10, grade: 'A' })];
    expect(deriveProfile(history('3', laterVisit), asOf).summary.closed).toBe(false);
  });

  it('ignores records dated after the clock', () => {
    const h = history('4', [visit('2026-01-10', CYCLE_INITIAL, { score: 10, grade: 'A' }), visit('2026-06-01', CYCLE_INITIAL, { score: 50, citations: ['04K*'] })]);
    const profile = deriveProfile(h, asOf);
    expect(profile.summary).toMatchObject({ score: 10, lastInspectedAt: '2026-01-10' });
    expect(profile.vermin.rats).toBe(0);
  });

  it('sets ownerResponseSignal from remediation and leaves the score alone', () => {
    const h = history('5', [visit('2026-03-01', CYCLE_INITIAL, { score: 20, citations: ['04L*'] })]);
    const without = deriveProfile(h, asOf);
    const withDocs = deriveProfile(h, asOf, { documentedOpenViolations: 1 });
    expect(withDocs.sanitary.ownerResponseSignal).toBe('documented_fixes');
    expect(deriveProfile(h, asOf, { documentedOpenViolations: 0 }).sanitary.ownerResponseSignal).toBeNull();
    expect(withDocs.risk).toEqual(without.risk);
  });

  it('explains every point: factor points add up to the score and never exceed their caps', () => {
    const h = history('6', Array.from({ length: 12 }, (_, index) =>
      visit(`2026-0${1 + (index % 3)}-1${index % 9}`, index % 2 ? CYCLE_INITIAL : CYCLE_RE, { score: 40, action: CLOSED_ACTION, citations: ['04K*', '04L*', '02B*', '08A'] }),
    ));
    const risk = riskBlock(inspectionsAsOf(h, asOf), asOf);
    const points = risk.factors.map((factor) => Number(/^(\d+) of (\d+) points/.exec(factor.detail)![1]));
    const caps = risk.factors.map((factor) => Number(/^(\d+) of (\d+) points/.exec(factor.detail)![2]));
    expect(points.reduce((a, b) => a + b, 0)).toBe(risk.score);
    expect(caps.reduce((a, b) => a + b, 0)).toBe(100);
    expect(risk.score).toBe(100);
    expect(risk.level).toBe('SEVERE');
  });

  it('never lowers the score for more or fresher bad findings', () => {
    // A small deterministic generator: random histories, then one more bad finding or a fresher one.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const codes = ['04K*', '04L*', '04M', '08A', '02B*', '06D*', '10F', '20-06', '05D*'];
    const types = [CYCLE_INITIAL, CYCLE_RE, PRE_PERMIT_INITIAL, ADMINISTRATIVE, SMOKE_FREE];
    const day = (offset: number) => new Date(asOf.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
    for (let trial = 0; trial < 300; trial += 1) {
      const visits = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const citations = Array.from({ length: Math.floor(random() * 4) }, () => codes[Math.floor(random() * codes.length)]);
        return visit(day(Math.floor(random() * 1400)), types[Math.floor(random() * types.length)], {
          score: Math.floor(random() * 50), action: random() < 0.1 ? CLOSED_ACTION : undefined, citations: [...new Set(citations)],
        });
      });
      const before = deriveProfile(history('7', visits), asOf).risk.score;
      // More: one more citation on a random visit.
      const target = Math.floor(random() * visits.length);
      const more = visits.map((v, index) => (index === target ? visit(v.inspectedAt, v.inspectionType, { score: v.score, action: v.action, citations: [...v.citations.map((c) => c.code + (c.critical ? '*' : '')), '04K*'] }) : v));
      expect(deriveProfile(history('7', more), asOf).risk.score).toBeGreaterThanOrEqual(before);
      // Fresher: the same visit moved closer to the clock.
      const fresher = visits.map((v, index) => (index === target ? { ...v, inspectedAt: day(Math.max(0, Math.floor(ageOf(v.inspectedAt) / 2))) } : v));
      expect(deriveProfile(history('7', fresher), asOf).risk.score).toBeGreaterThanOrEqual(before);
    }
    function ageOf(date: string) {
      return (asOf.getTime() - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;
    }
  });

  it('documents the formula it implements', () => {
    for (const key of RISK_FACTOR_KEYS) expect(RISK_SCORE_DESCRIPTION).toContain(key);
    expect(RISK_SCORE_DESCRIPTION).toContain('Level: LOW 0-14, MODERATE 15-34, HIGH 35-59, SEVERE 60-100.');
    expect(w(365)).toBe(0.5);
  });
});
