import {
  REPORTS_PER_DEVICE_PER_DAY,
  REPORTS_PER_ESTABLISHMENT_PER_DAY,
  type ReportKind,
  type ReportStatus,
  type ScoredReport,
  communityBlock,
  dockWeight,
  nextUtcDayStart,
  reportCapHit,
  scoreAdjustment,
  secondsUntilNextUtcDay,
  utcDayStart,
} from './score';

const AS_OF = new Date('2025-06-30T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function report(kind: ReportKind, daysAgo = 0, status: ReportStatus = 'active'): ScoredReport {
  return { kind, status, createdAt: new Date(AS_OF.getTime() - daysAgo * DAY) };
}

describe('communityBlock', () => {
  it('is empty and zero for no reports', () => {
    const block = communityBlock([], AS_OF);
    expect(block).toEqual({
      counts: { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 },
      lastReportAt: null,
      scoreAdjustment: 0,
    });
    expect(Object.is(block.scoreAdjustment, 0)).toBe(true);
  });

  it('counts every non-hidden report by kind, whatever its age', () => {
    const block = communityBlock(
      [
        report('pest', 1), report('pest', 400, 'upheld'), report('pest', 2, 'hidden'),
        report('food_poisoning', 3, 'disputed'), report('sanitation_other', 5),
        report('praise_taste', 0), report('praise_clean', 10), report('praise_clean', 11, 'hidden'),
      ],
      AS_OF,
    );
    expect(block.counts).toEqual({ pest: 2, food_poisoning: 1, sanitation_other: 1, praise_taste: 1, praise_clean: 1 });
  });

  it('dates lastReportAt by the newest non-hidden report, in UTC', () => {
    const reports = [report('praise_taste', 3), { kind: 'pest' as const, status: 'hidden' as const, createdAt: new Date('2025-06-30T01:00:00Z') }];
    expect(communityBlock(reports, AS_OF).lastReportAt).toBe('2025-06-27');
    expect(communityBlock([{ kind: 'pest', status: 'active', createdAt: new Date('2025-06-29T23:30:00-04:00') }], AS_OF).lastReportAt).toBe('2025-06-30');
    expect(communityBlock([report('pest', 1, 'hidden')], AS_OF).lastReportAt).toBeNull();
  });
});

describe('scoreAdjustment', () => {
  it('docks a fresh negative report in full: pest 1, food poisoning 1, other sanitation 0.5', () => {
    expect(scoreAdjustment([report('pest')], AS_OF)).toBe(-1);
    expect(scoreAdjustment([report('food_poisoning')], AS_OF)).toBe(-1);
    expect(scoreAdjustment([report('sanitation_other')], AS_OF)).toBe(-0.5);
  });

  it('fades linearly to nothing at 90 days', () => {
    expect(scoreAdjustment([report('pest', 45)], AS_OF)).toBe(-0.5);
    expect(scoreAdjustment([report('pest', 30)], AS_OF)).toBe(-0.67);
    expect(scoreAdjustment([report('pest', 89.99)], AS_OF)).toBe(0);
    expect(scoreAdjustment([report('pest', 90)], AS_OF)).toBe(0);
    expect(scoreAdjustment([report('pest', 365)], AS_OF)).toBe(0);
    expect(dockWeight(new Date(AS_OF.getTime() - 9 * DAY), AS_OF)).toBeCloseTo(0.9);
  });

  it('counts a report dated after asOf at full weight', () => {
    expect(scoreAdjustment([report('pest', -3)], AS_OF)).toBe(-1);
  });

  it('docks active, disputed and upheld alike; hidden not at all', () => {
    expect(scoreAdjustment([report('pest', 0, 'active')], AS_OF)).toBe(-1);
    expect(scoreAdjustment([report('pest', 0, 'disputed')], AS_OF)).toBe(-1);
    expect(scoreAdjustment([report('pest', 0, 'upheld')], AS_OF)).toBe(-1);
    expect(scoreAdjustment([report('pest', 0, 'hidden')], AS_OF)).toBe(0);
  });

  it('never adds for praise, and praise never offsets a dock', () => {
    const praise = Array.from({ length: 50 }, () => report('praise_taste'));
    expect(Object.is(scoreAdjustment(praise, AS_OF), 0)).toBe(true);
    expect(scoreAdjustment([...praise, report('pest')], AS_OF)).toBe(-1);
  });

  it('is capped at -8', () => {
    const many = Array.from({ length: 30 }, () => report('food_poisoning', 1));
    expect(scoreAdjustment(many, AS_OF)).toBe(-8);
  });

  it('stays within [-8, 0], rounded to 2 decimals and never -0, for any mix', () => {
    const kinds: ReportKind[] = ['pest', 'food_poisoning', 'sanitation_other', 'praise_taste', 'praise_clean'];
    const statuses: ReportStatus[] = ['active', 'disputed', 'hidden', 'upheld'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 200; trial += 1) {
      const reports = Array.from({ length: Math.floor(next() * 20) }, () =>
        report(kinds[Math.floor(next() * kinds.length)], next() * 120 - 5, statuses[Math.floor(next() * statuses.length)]));
      const value = scoreAdjustment(reports, AS_OF);
      expect(value).toBeGreaterThanOrEqual(-8);
      expect(value).toBeLessThanOrEqual(0);
      expect(Object.is(value, -0)).toBe(false);
      expect(Math.round(value * 100) / 100).toBe(value);
    }
  });

  it('a tiny remaining dock rounds to 0, not -0', () => {
    const value = scoreAdjustment([report('pest', 89.999)], AS_OF);
    expect(Object.is(value, 0)).toBe(true);
  });

  it('more or fresher negative reports never make it less negative', () => {
    const base = [report('pest', 40), report('sanitation_other', 10)];
    expect(scoreAdjustment([...base, report('pest', 80)], AS_OF)).toBeLessThanOrEqual(scoreAdjustment(base, AS_OF));
    expect(scoreAdjustment([report('pest', 5)], AS_OF)).toBeLessThan(scoreAdjustment([report('pest', 50)], AS_OF));
  });
});

describe('scoreAdjustment per client address', () => {
  const from = (clientKey: string | null, kind: ReportKind, at: string, status: ReportStatus = 'active'): ScoredReport => ({ kind, status, createdAt: new Date(at), clientKey });

  it('counts the one report of a client key and UTC day that docks most', () => {
    const rotating = Array.from({ length: 12 }, (_, minute) => from('address-a', 'pest', `2025-06-30T10:${String(minute).padStart(2, '0')}:00Z`));
    expect(scoreAdjustment(rotating, AS_OF)).toBe(scoreAdjustment([rotating[0]], AS_OF));
    expect(scoreAdjustment([from('address-a', 'sanitation_other', '2025-06-30T09:00:00Z'), from('address-a', 'pest', '2025-06-30T10:00:00Z')], AS_OF)).toBe(-1);
    // A hidden or praising report of the key takes nothing from the one that docks.
    expect(scoreAdjustment([from('address-a', 'praise_clean', '2025-06-30T09:00:00Z'), from('address-a', 'food_poisoning', '2025-06-30T08:00:00Z'), from('address-a', 'pest', '2025-06-30T07:00:00Z', 'hidden')], AS_OF)).toBe(-1);
  });

  it('counts each client key, and each UTC day of one key, apart', () => {
    expect(scoreAdjustment([from('address-a', 'pest', '2025-06-30T10:00:00Z'), from('address-b', 'pest', '2025-06-30T10:00:00Z')], AS_OF)).toBe(-2);
    // Dated after asOf, so both weigh in full.
    expect(scoreAdjustment([from('address-a', 'pest', '2025-07-01T23:59:00Z'), from('address-a', 'pest', '2025-07-02T00:01:00Z')], AS_OF)).toBe(-2);
  });

  it('counts every report without a client key, as before keys were kept', () => {
    const legacy = Array.from({ length: 3 }, () => from(null, 'pest', '2025-06-30T10:00:00Z'));
    expect(scoreAdjustment(legacy, AS_OF)).toBe(-3);
    expect(scoreAdjustment([...legacy, from('address-a', 'pest', '2025-06-30T10:00:00Z'), from('address-a', 'pest', '2025-06-30T11:00:00Z')], AS_OF)).toBe(-4);
  });
});

describe('report caps', () => {
  it('are 3 per establishment and 25 per device per UTC day', () => {
    expect(REPORTS_PER_ESTABLISHMENT_PER_DAY).toBe(3);
    expect(REPORTS_PER_DEVICE_PER_DAY).toBe(25);
  });

  it('name the cap a new report would break', () => {
    expect(reportCapHit({ deviceToday: 0, establishmentToday: 0 })).toBeNull();
    expect(reportCapHit({ deviceToday: 2, establishmentToday: 2 })).toBeNull();
    expect(reportCapHit({ deviceToday: 3, establishmentToday: 3 })).toBe('establishment');
    expect(reportCapHit({ deviceToday: 24, establishmentToday: 1 })).toBeNull();
    expect(reportCapHit({ deviceToday: 25, establishmentToday: 1 })).toBe('device');
    expect(reportCapHit({ deviceToday: 25, establishmentToday: 3 })).toBe('device');
  });

  it('reset at midnight UTC', () => {
    expect(utcDayStart(new Date('2025-06-30T23:59:59.999Z')).toISOString()).toBe('2025-06-30T00:00:00.000Z');
    expect(utcDayStart(new Date('2025-06-30T00:00:00.000Z')).toISOString()).toBe('2025-06-30T00:00:00.000Z');
    // 8 pm in New York on June 30 is already July 1 in UTC.
    expect(utcDayStart(new Date('2025-06-30T20:00:00-04:00')).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(nextUtcDayStart(new Date('2024-12-31T05:00:00Z')).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(secondsUntilNextUtcDay(new Date('2025-06-30T23:59:00Z'))).toBe(60);
    expect(secondsUntilNextUtcDay(new Date('2025-06-30T23:59:59.999Z'))).toBe(1);
    expect(secondsUntilNextUtcDay(new Date('2025-06-30T00:00:00Z'))).toBe(86400);
  });
});
