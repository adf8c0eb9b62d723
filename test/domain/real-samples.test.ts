import type { EstablishmentHistory } from '../../src/domain/restaurants/types';
import { groupRows, NumberedRow } from '../../src/domain/restaurants/grouping';
import { deriveProfile } from '../../src/domain/restaurants/profile';
import { describeWithSamples, SAMPLES } from '../../src/domain/restaurants/testing/samples';
import { isMappedCode } from '../../src/domain/restaurants/violation-codes';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource, withoutRecord } from '../../ingest/sources/source';

/**
 * Derived values of real establishments, checked against numbers worked out by hand from
 * their rows (quoted in each test). Clocks are each sample's extract date.
 */
async function load(file: string) {
  const rows: NumberedRow[] = [];
  const rejected: Array<{ line: number; reason: string }> = [];
  for await (const item of fileSource(RESTAURANT_INSPECTIONS, file).items) ('row' in item ? rows.push(item) : rejected.push(withoutRecord(item)));
  return { rows, rejected, grouped: groupRows(rows) };
}

/** 0.5^(days/365) with the day count counted by hand below. */
const w = (days: number) => 0.5 ** (days / 365);
const r4 = (value: number) => Math.round(value * 10_000) / 10_000;

describeWithSamples('real samples: derived values worked by hand', () => {
  let api: Awaited<ReturnType<typeof load>>;
  let portal: Awaited<ReturnType<typeof load>>;
  const apiAsOf = new Date('2026-04-10T00:00:00Z');
  const portalAsOf = new Date('2024-10-09T00:00:00Z');
  const apiHistory = (camis: string): EstablishmentHistory => api.grouped.histories.get(camis)!;
  const portalHistory = (camis: string): EstablishmentHistory => portal.grouped.histories.get(camis)!;

  beforeAll(async () => {
    [api, portal] = await Promise.all([load(SAMPLES.api), load(SAMPLES.export)]);
  });

  it('accounts for every row of both samples', () => {
    expect(api.rows.length + api.rejected.length).toBe(3667);
    expect(api.grouped.loaded + api.grouped.duplicates.length).toBe(api.rows.length);
    expect(portal.rows.length + portal.rejected.length).toBe(561);
    // Two never-inspected placeholders without a name.
    expect(portal.rejected).toEqual([
      { line: 103, reason: 'missing DBA (establishment name)' },
      { line: 503, reason: 'missing DBA (establishment name)' },
    ]);
  });

  it('maps every violation code found in the real data explicitly', () => {
    const codes = new Set([...api.rows, ...portal.rows].map(({ row }) => row.violationCode).filter((code): code is string => code !== null));
    expect(codes.size).toBeGreaterThan(80);
    expect([...codes].filter((code) => !isMappedCode(code))).toEqual([]);
  });

  it('OSU-R.E GRILL (50147456): a pre-permit closure, then a C re-inspection', () => {
    // Rows: 2025-02-20 Pre-permit (Operational) / Initial, score 131, Establishment Closed, 04L* and 05D*;
    //       2025-09-11 Cycle Inspection / Re-inspection, score 49, grade C, 02B* and 04M*.
    // Ages at 2026-04-10: 2025-02-20 -> 414 days; 2025-09-11 -> 211 days.
    const [old, recent] = [w(414), w(211)];
    const profile = deriveProfile(apiHistory('50147456'), apiAsOf);
    expect(profile.summary).toMatchObject({
      name: 'OSU-R.E GRILL', grade: 'C', score: 49, lastInspectedAt: '2025-09-11', openViolations: 2,
      closed: false, // scored again after the closure: operating
    });
    expect(profile.gradeDate).toBe('2025-09-11');
    // critical_food: four critical food citations in 24 months -> 4 x (2 old + 2 recent) = 9.00 -> 9
    // vermin: 04L mouse (old) and 04M roaches (recent), sightings at 8 -> 8 x (old + recent) = 9.00 -> 9
    // grade_trouble: 131 and 49 are both C band -> 10 x (old + recent) = 11.25 -> 11
    // closures: one, 15 x old = 6.83 -> 7
    const points = [Math.round(4 * (2 * old + 2 * recent)), Math.round(8 * (old + recent)), Math.round(10 * (old + recent)), Math.round(15 * old)];
    expect(points).toEqual([9, 9, 11, 7]);
    expect(profile.risk.score).toBe(36);
    expect(profile.risk.level).toBe('HIGH');
    expect(profile.risk.factors.map((factor) => factor.count)).toEqual([4, 2, 2, 1]);
    expect(profile.vermin).toEqual({
      rats: 0, mice: 1, roaches: 1, flies: 0, other: 0, conducive: 0, lastSightedAt: '2025-09-11',
      weighted: { rats: 0, mice: r4(old), roaches: r4(recent), flies: 0, other: 0, conducive: 0 },
    });
    expect(profile.sanitary).toEqual({
      latestCycleScore: 49, latestInitialScore: 131, worstScore36mo: 131, criticalFood24mo: 4,
      openFoodViolations: 2, closures36mo: 1, ownerResponseSignal: null,
      weighted: { criticalFood: r4(2 * old + 2 * recent), closures: r4(old), worstScoreWeight: r4(old) },
    });
    expect(profile.stats).toMatchObject({ openViolations: 2, totalViolations: 4, criticalViolations: 4, inspectionCount: 2, closureCount: 1 });
  });

  it('C. BURGER (50130904): closed on a re-inspection, re-opened two days later with a C', () => {
    // Rows: 2025-09-03 Cycle Inspection / Re-inspection, score 76, Establishment Closed, 02B*;
    //       2025-09-05 Cycle Inspection / Reopening Inspection, score 0, grade C, re-opened, no citation.
    // Age of 2025-09-03 at 2026-04-10: 219 days.
    const closure = w(219);
    const profile = deriveProfile(apiHistory('50130904'), apiAsOf);
    expect(profile.summary).toMatchObject({ grade: 'C', score: 0, closed: false, lastInspectedAt: '2025-09-05', openViolations: 0 });
    expect(profile.gradeDate).toBe('2025-09-05');
    // critical_food 4 x 0.66 = 2.64 -> 3; grade_trouble 76 is C band: 10 x 0.66 = 6.60 -> 7; closures 15 x 0.66 = 9.90 -> 10.
    expect([Math.round(4 * closure), Math.round(10 * closure), Math.round(15 * closure)]).toEqual([3, 7, 10]);
    expect(profile.risk).toMatchObject({ score: 20, level: 'MODERATE' });
    expect(profile.sanitary).toEqual({
      latestCycleScore: 0, latestInitialScore: null, worstScore36mo: 76, criticalFood24mo: 1, openFoodViolations: 0,
      closures36mo: 1, ownerResponseSignal: null, weighted: { criticalFood: r4(closure), closures: r4(closure), worstScoreWeight: r4(closure) },
    });
    expect(profile.stats).toMatchObject({ openViolations: 0, totalViolations: 1, criticalViolations: 1, inspectionCount: 2, closureCount: 1 });
  });

  it('LUCKY GARDEN (41585425): an administrative visit between two cycle inspections', () => {
    // Rows: 2024-04-03 Cycle / Initial, score 31, 04L* and 08A; 2025-03-26 Administrative Miscellaneous, no score;
    //       2025-12-16 Cycle / Initial, score 27, 02B*. Ages: 737, 381 and 115 days.
    const profile = deriveProfile(apiHistory('41585425'), apiAsOf);
    expect(profile.summary).toMatchObject({ grade: null, score: 27, closed: false, lastInspectedAt: '2025-12-16', openViolations: 1, borough: 'Bronx' });
    // 2024-04-03 is before the 24-month window start (2024-04-10): only 02B counts as critical food.
    expect(profile.sanitary).toMatchObject({ latestCycleScore: 27, latestInitialScore: 27, worstScore36mo: 31, criticalFood24mo: 1, openFoodViolations: 1 });
    expect(profile.sanitary.weighted).toEqual({ criticalFood: r4(w(115)), closures: 0, worstScoreWeight: r4(w(737)) });
    // critical_food 4 x w(115) = 3.22 -> 3; vermin 8 x w(737) + 3 x w(737) = 2.71 -> 3;
    // grade_trouble: 31 is C band, 27 B band: 10 x w(737) + 5 x w(115) = 6.49 -> 6.
    expect(profile.risk.score).toBe(Math.round(4 * w(115)) + Math.round(11 * w(737)) + Math.round(10 * w(737) + 5 * w(115)));
    expect(profile.risk.score).toBe(12);
    expect(profile.vermin).toMatchObject({ mice: 1, conducive: 1, lastSightedAt: '2024-04-03' });
    expect(profile.stats).toMatchObject({ totalViolations: 3, criticalViolations: 2, inspectionCount: 3 });
  });

  it("BIG JOHN'S PIZZA & RESTAURANT (50150097, portal export): closed a month before the extract", () => {
    // Row: 09/09/2024 Pre-permit (Operational) / Compliance Inspection, score 108, Establishment Closed, 06F*.
    // Age at 2024-10-09: 30 days.
    const profile = deriveProfile(portalHistory('50150097'), portalAsOf);
    expect(profile.summary).toMatchObject({ name: "BIG JOHN'S PIZZA & RESTAURANT", closed: true, score: 108, grade: null, openViolations: 1 });
    // critical_food 4 x w(30) = 3.81 -> 4; grade_trouble 10 x w(30) = 9.45 -> 9; closures 15 x w(30) = 14.2 -> 14.
    expect(profile.risk.score).toBe(4 + 9 + 14);
    expect(profile.sanitary).toMatchObject({ latestCycleScore: 108, latestInitialScore: null, closures36mo: 1, openFoodViolations: 1 });
  });

  it('JADE BAKERY (50124769): B then A, then closed on a cycle inspection and not seen since', () => {
    // Rows: 2023-07-18 Pre-permit (Operational) / Initial, score 53, 04H*;
    //       2023-08-09 Pre-permit (Operational) / Re-inspection, score 17, grade B, 06C*;
    //       2024-02-21 Cycle / Initial, score 8, grade A, 06D*;
    //       2025-06-23 Cycle / Initial, score 55, no grade, Establishment Closed, 06D*.
    // Ages at 2026-04-10: 997, 975, 779 and 291 days. Windows start 2024-04-10 (24 mo) and 2023-04-10 (36 mo).
    const profile = deriveProfile(apiHistory('50124769'), apiAsOf);
    // The posted grade is the last one issued (A); the score is the closing inspection's.
    expect(profile.summary).toMatchObject({ grade: 'A', score: 55, closed: true, lastInspectedAt: '2025-06-23', openViolations: 1, borough: 'Brooklyn', zip: '11220' });
    expect(profile.gradeDate).toBe('2024-02-21');
    // critical_food: only 2025-06-23 06D is inside 24 months: 4 x w(291) = 2.30 -> 2
    // grade_trouble: 55 and 53 C band, 17 B band, 8 A band: 10 x w(291) + 5 x w(975) + 10 x w(997) = 8.05 -> 8
    // closures: 15 x w(291) = 8.63 -> 9
    expect([Math.round(4 * w(291)), Math.round(10 * w(291) + 5 * w(975) + 10 * w(997)), Math.round(15 * w(291))]).toEqual([2, 8, 9]);
    expect(profile.risk).toMatchObject({ score: 19, level: 'MODERATE' });
    expect(profile.risk.factors.map((factor) => [factor.key, factor.count])).toEqual([['critical_food', 1], ['vermin', 0], ['grade_trouble', 3], ['closures', 1]]);
    expect(profile.vermin).toEqual({ rats: 0, mice: 0, roaches: 0, flies: 0, other: 0, conducive: 0, lastSightedAt: null, weighted: { rats: 0, mice: 0, roaches: 0, flies: 0, other: 0, conducive: 0 } });
    expect(profile.sanitary).toEqual({
      latestCycleScore: 55, latestInitialScore: 55, worstScore36mo: 55, criticalFood24mo: 1, openFoodViolations: 1, closures36mo: 1,
      ownerResponseSignal: null, weighted: { criticalFood: r4(w(291)), closures: r4(w(291)), worstScoreWeight: r4(w(291)) },
    });
    expect(profile.stats).toEqual({
      openViolations: 1, totalViolations: 4, criticalViolations: 4, inspectionCount: 4, closureCount: 1,
      oathSummonses: 0, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0,
    });
  });

  it('SUBWAY (41627341): a mouse three years back, grade Z on the latest re-inspection', () => {
    // Rows: 2023-04-27 Cycle / Initial, score 27, 04L*; 2025-06-25 Cycle / Initial, score 34, 08C (not critical);
    //       2026-02-20 Cycle / Initial, score 20, 06D*; 2026-03-23 Cycle / Re-inspection, score 30, grade Z, 06D*.
    // Ages at 2026-04-10: 1079, 289, 49 and 18 days; 2023-04-27 is inside the 36-month window (from 2023-04-10).
    const profile = deriveProfile(apiHistory('41627341'), apiAsOf);
    expect(profile.summary).toMatchObject({ grade: 'Z', score: 30, closed: false, lastInspectedAt: '2026-03-23', openViolations: 1, borough: 'Bronx' });
    expect(profile.gradeDate).toBe('2026-03-23');
    // critical_food: the two 06D: 4 x (w(49) + w(18)) = 7.51 -> 8
    // vermin: 04L mouse, 8 x w(1079) = 1.03 -> 1 (08C is pesticide misuse, not a conducive condition)
    // grade_trouble: 30 and 34 C band, 20 and 27 B band: 10 x (w(18) + w(289)) + 5 x (w(49) + w(1079)) = 20.64 -> 21
    expect([Math.round(4 * (w(49) + w(18))), Math.round(8 * w(1079)), Math.round(10 * (w(18) + w(289)) + 5 * (w(49) + w(1079)))]).toEqual([8, 1, 21]);
    expect(profile.risk).toMatchObject({ score: 30, level: 'MODERATE' });
    expect(profile.risk.factors.map((factor) => [factor.key, factor.count])).toEqual([['critical_food', 2], ['vermin', 1], ['grade_trouble', 4], ['closures', 0]]);
    expect(profile.vermin).toEqual({
      rats: 0, mice: 1, roaches: 0, flies: 0, other: 0, conducive: 0, lastSightedAt: '2023-04-27',
      weighted: { rats: 0, mice: r4(w(1079)), roaches: 0, flies: 0, other: 0, conducive: 0 },
    });
    expect(profile.sanitary).toEqual({
      latestCycleScore: 30, latestInitialScore: 20, worstScore36mo: 34, criticalFood24mo: 2, openFoodViolations: 1, closures36mo: 0,
      ownerResponseSignal: null, weighted: { criticalFood: r4(w(49) + w(18)), closures: 0, worstScoreWeight: r4(w(289)) },
    });
    expect(profile.stats).toMatchObject({ openViolations: 1, totalViolations: 4, criticalViolations: 3, inspectionCount: 4, closureCount: 0 });
    expect(profile.verminDates).toEqual(['2023-04-27']);
  });

  it('LAN LARB CHIANG MAI 2ND AVE (50120337): roaches twice, graded B', () => {
    // Rows: 2022-06-02 Pre-permit (Operational) / Re-inspection, score 20, grade B, 04M*;
    //       2023-06-06 Cycle / Initial, score 25, 10B (not critical); 2024-03-18 Cycle / Re-inspection, score 21, grade B, 04M*.
    // Ages at 2026-04-10: 1408, 1039 and 753 days. 2022-06-02 is outside 36 months; 2024-03-18 outside 24 months.
    const profile = deriveProfile(apiHistory('50120337'), apiAsOf);
    expect(profile.summary).toMatchObject({ grade: 'B', score: 21, closed: false, lastInspectedAt: '2024-03-18', openViolations: 1, borough: 'Manhattan' });
    expect(profile.gradeDate).toBe('2024-03-18');
    // critical_food 0; vermin 8 x w(753) = 1.91 -> 2; grade_trouble 5 x (w(753) + w(1039)) = 1.89 -> 2.
    expect(profile.risk).toMatchObject({ score: 4, level: 'LOW' });
    expect(profile.risk.factors.map((factor) => [factor.key, factor.count])).toEqual([['critical_food', 0], ['vermin', 1], ['grade_trouble', 2], ['closures', 0]]);
    expect(profile.vermin).toEqual({
      rats: 0, mice: 0, roaches: 1, flies: 0, other: 0, conducive: 0, lastSightedAt: '2024-03-18',
      weighted: { rats: 0, mice: 0, roaches: r4(w(753)), flies: 0, other: 0, conducive: 0 },
    });
    expect(profile.sanitary).toEqual({
      latestCycleScore: 21, latestInitialScore: 25, worstScore36mo: 25, criticalFood24mo: 0, openFoodViolations: 1, closures36mo: 0,
      ownerResponseSignal: null, weighted: { criticalFood: 0, closures: 0, worstScoreWeight: r4(w(1039)) },
    });
    expect(profile.stats).toMatchObject({ openViolations: 1, totalViolations: 3, criticalViolations: 2, inspectionCount: 3, closureCount: 0 });
    // verminSince reaches back beyond the 3-year report window.
    expect(profile.verminDates).toEqual(['2024-03-18', '2022-06-02']);
  });

  it('THE MIGRANT KITCHEN (50134842): never inspected, zero coordinates', () => {
    // Row: inspection_date 1900-01-01, latitude "0", longitude "0", no ZIP, boro Manhattan.
    const profile = deriveProfile(apiHistory('50134842'), apiAsOf);
    expect(profile.summary).toMatchObject({ latitude: null, longitude: null, zip: null, borough: 'Manhattan', grade: null, score: null, lastInspectedAt: null, riskScore: 0, riskLevel: 'LOW' });
    expect(apiHistory('50134842').inspections).toEqual([]);
  });
});
