import fc from 'fast-check';
import { ticketStanding } from './tickets';
import { expectWellFormedRisk } from '../testing/risk';
import { CONTRACTOR_RISK_DESCRIPTION, riskFindingOf, CONTRACTOR_RISK_FACTOR_KEYS, contractorRisk, contractorSummaryRisk, findingWeight, type ContractorRiskFinding } from './risk';

const ASOF = new Date('2026-11-23T15:00:00Z');
const finding = (over: Partial<ContractorRiskFinding> = {}): ContractorRiskFinding => ({ issuedAt: null, decidedAt: null, open: false, unpaidDefault: false, found: false, hasBalanceDue: false, count: 1, ...over });
const points = (risk: ReturnType<typeof contractorRisk>) => Object.fromEntries(risk.factors.map((f) => [f.key, f.points]));

describe('contractor risk (full assessment)', () => {
  it('weighs a ticket by age: 1 today, 0.625 two years ago, the floor when undated, today when after the clock', () => {
    expect(findingWeight('2026-11-23', ASOF)).toBe(1);
    expect(findingWeight('2024-11-23', ASOF)).toBeCloseTo(0.625, 10);
    expect(findingWeight(null, ASOF)).toBe(0.25);
    expect(findingWeight('2027-01-01', ASOF)).toBe(1);
  });

  it('scores a clean company 0, LOW, with the four factors at 0', () => {
    const risk = contractorRisk({ findings: [finding({ issuedAt: '2026-01-01' })], finesDueCents: 0 }, ASOF);
    expect(risk).toMatchObject({ score: 0, level: 'LOW' });
    expect(risk.factors.map((f) => f.key)).toEqual([...CONTRACTOR_RISK_FACTOR_KEYS]);
  });

  it('computes each factor as documented (by hand)', () => {
    const risk = contractorRisk(
      {
        findings: [
          // An unpaid default decided today, issued today, found: default 5 x 1; open 2 x 1; found 1 x 1.
          finding({ issuedAt: '2026-11-23', decidedAt: '2026-11-23', open: true, unpaidDefault: true, found: true, hasBalanceDue: true }),
          // Four liable tickets from two years ago, paid: found 4 x 0.625 = 2.5.
          finding({ issuedAt: '2024-11-23', decidedAt: '2025-01-10', found: true, count: 4 }),
          // Two open tickets with a hearing ahead, issued two years ago: open 2 x 2 x 0.625 = 2.5.
          finding({ issuedAt: '2024-11-23', open: true, count: 2 }),
          // A dismissed ticket: counts nowhere.
          finding({ issuedAt: '2026-11-01' }),
        ],
        finesDueCents: 300_000,
      },
      ASOF,
    );
    // fines 6 x log2(4) = 12; default 5; open 2 + 2.5 = 4.5 -> 5 (round half up); found 1 + 2.5 = 3.5 -> 4
    expect(points(risk)).toEqual({ fines_due: 12, defaulted_hearings: 5, open_tickets: 5, violations_found: 4 });
    expect(risk).toMatchObject({ score: 26, level: 'MODERATE' });
    expect(risk.factors.map((f) => f.count)).toEqual([1, 1, 3, 5]);
    expect(risk.factors[0].detail).toBe('12 of 30 points: $3,000.00 due on 1 ticket; 6 x log2(1 + dollars due / 1,000)');
  });

  it('counts violations_found only under 1095 days old; caps every factor and the caps add up to 100', () => {
    expect(contractorRisk({ findings: [finding({ issuedAt: '2023-11-25', found: true, count: 3 })], finesDueCents: 0 }, ASOF).factors[3].count).toBe(3);
    expect(contractorRisk({ findings: [finding({ issuedAt: '2023-11-24', found: true, count: 3 })], finesDueCents: 0 }, ASOF).factors[3].count).toBe(0);
    const worst = contractorRisk({ findings: [finding({ issuedAt: '2026-11-01', decidedAt: '2026-11-10', open: true, unpaidDefault: true, found: true, hasBalanceDue: true, count: 1000 })], finesDueCents: 10 ** 12 }, ASOF);
    expect(points(worst)).toEqual({ fines_due: 30, defaulted_hearings: 25, open_tickets: 20, violations_found: 25 });
    expect(worst).toMatchObject({ score: 100, level: 'SEVERE' });
  });

  it('the served description names every factor key and the level bands', () => {
    for (const key of CONTRACTOR_RISK_FACTOR_KEYS) expect(CONTRACTOR_RISK_DESCRIPTION).toContain(key);
    expect(CONTRACTOR_RISK_DESCRIPTION).toContain('Level: LOW 0-14, MODERATE 15-34, HIGH 35-59, SEVERE 60-100.');
  });
});

describe('risk findings from tickets', () => {
  it('reads a ticket standing: an unpaid default is open, found and owing, dated by its decision', () => {
    const record = {
      ticket: '040439816M', issuingAgency: 'SANITATION RECYCLING', violationDate: '2015-07-15', hearingStatus: 'DOCKETED', hearingResult: 'DEFAULTED', complianceStatus: 'Penalty Due',
      hearingDate: '2015-08-18', decisionDate: '2015-08-24', penaltyImposedCents: 30_000, paidCents: 0, lateFeesCents: 0, balanceDueCents: 30_000, charges: [],
    };
    expect(riskFindingOf(record, ticketStanding(record, ASOF))).toEqual({ issuedAt: '2015-07-15', decidedAt: '2015-08-24', open: true, unpaidDefault: true, found: true, hasBalanceDue: true, count: 1 });
    const dismissed = { ...record, hearingStatus: 'HEARING COMPLETED', hearingResult: 'DISMISSED', complianceStatus: null, balanceDueCents: 0 };
    expect(riskFindingOf(dismissed, ticketStanding(dismissed, ASOF))).toMatchObject({ open: false, unpaidDefault: false, found: false, hasBalanceDue: false });
  });
});

describe('contractor risk (summary level, balance-weighted)', () => {
  it('is computed from the totals as documented', () => {
    expect(contractorSummaryRisk({ finesDueCents: 0, defaultedHearings: 0, openTickets: 0 })).toEqual({ score: 0, level: 'LOW' });
    // 10 x log2(4) = 20; 5 x 1; round(1.5 x 3) = 5 (4.5 rounds up)
    expect(contractorSummaryRisk({ finesDueCents: 300_000, defaultedHearings: 1, openTickets: 3 })).toEqual({ score: 30, level: 'MODERATE' });
    // $63,000 due alone: 10 x log2(64) = 60 -> SEVERE
    expect(contractorSummaryRisk({ finesDueCents: 6_300_000, defaultedHearings: 0, openTickets: 0 })).toEqual({ score: 60, level: 'SEVERE' });
    expect(contractorSummaryRisk({ finesDueCents: 10 ** 12, defaultedHearings: 100, openTickets: 100 }).score).toBe(100);
  });
});

describe('contractor risk properties', () => {
  const RUNS = { numRuns: 400 };
  const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const anyFinding = fc.record({
    issuedAt: fc.option(day, { nil: null }),
    decidedAt: fc.option(day, { nil: null }),
    open: fc.boolean(),
    unpaidDefault: fc.boolean(),
    found: fc.boolean(),
    hasBalanceDue: fc.boolean(),
    count: fc.integer({ min: 1, max: 5 }),
  });
  const input = fc.record({ findings: fc.array(anyFinding, { maxLength: 30 }), finesDueCents: fc.integer({ min: 0, max: 10_000_000 }) });
  const clock = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true });
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('is an integer in 0..100 whose points are exactly the factors, with the documented level', () => {
    fc.assert(
      fc.property(input, clock, (company, asOf) => expectWellFormedRisk(contractorRisk(company, asOf))),
      RUNS,
    );
  });

  it('more bad findings (another ticket, more money due) never lower the score or any factor', () => {
    fc.assert(
      fc.property(input, anyFinding, fc.integer({ min: 0, max: 5_000_000 }), clock, (company, extra, moreDue, asOf) => {
        const before = contractorRisk(company, asOf);
        const after = contractorRisk({ findings: [...company.findings, extra], finesDueCents: company.finesDueCents + moreDue }, asOf);
        expect(after.score).toBeGreaterThanOrEqual(before.score);
        after.factors.forEach((f, i) => expect(f.points).toBeGreaterThanOrEqual(before.factors[i].points));
      }),
      RUNS,
    );
  });

  it('a fresher or worse ticket (later dates, a date where there was none, open, unpaid default, found, money due) never lowers the score', () => {
    fc.assert(
      fc.property(input, anyFinding, fc.integer({ min: 0, max: 5000 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), clock, (company, old, days, open, unpaid, found, owes, asOf) => {
        const later = (date: string | null) => shift(date ?? '1990-01-01', days);
        const worse: ContractorRiskFinding = {
          ...old,
          issuedAt: later(old.issuedAt),
          decidedAt: later(old.decidedAt ?? old.issuedAt),
          open: old.open || open,
          unpaidDefault: old.unpaidDefault || unpaid,
          found: old.found || found,
          hasBalanceDue: old.hasBalanceDue || owes,
        };
        const before = contractorRisk({ ...company, findings: [...company.findings, old] }, asOf);
        const after = contractorRisk({ ...company, findings: [...company.findings, worse] }, asOf);
        expect(after.score).toBeGreaterThanOrEqual(before.score);
      }),
      RUNS,
    );
  });

  it('the summary level never falls with more money due, defaults or open tickets', () => {
    const totals = fc.record({ finesDueCents: fc.integer({ min: 0, max: 100_000_000 }), defaultedHearings: fc.integer({ min: 0, max: 50 }), openTickets: fc.integer({ min: 0, max: 50 }) });
    fc.assert(
      fc.property(totals, totals, (a, b) => {
        const more = { finesDueCents: a.finesDueCents + b.finesDueCents, defaultedHearings: a.defaultedHearings + b.defaultedHearings, openTickets: a.openTickets + b.openTickets };
        expect(contractorSummaryRisk(more).score).toBeGreaterThanOrEqual(contractorSummaryRisk(a).score);
        expect(contractorSummaryRisk(a).score).toBeLessThanOrEqual(100);
      }),
      RUNS,
    );
  });
});
