import fc from 'fast-check';
import { addDays, daysBetween } from '../../../nyc/dates';
import { FILING_LISTS, sourceOf, withCurrentEvidence } from '../testing/lots';
import type { LotFacts } from '../types';
import { compareDeadlines, DEADLINE_RULES, DEADLINE_STATUSES, deadlinesFor, filterDeadlines, ruleApplies, type DeadlineStatus, type EvidenceField } from '.';
import { EVIDENCE_DATASETS } from './evidence';
import { hasOpenViolation } from './lot';
import { owedBy } from './schedule';

/**
 * Invariants across every rule, on random lots whose filings all predate 2025 and whose
 * datasets are each loaded or not: output sorted and one item per applicable kind; no
 * evidence never reads ok; an unloaded dataset never reads ok, due_soon or overdue, nor
 * hides an obligation; time alone never lifts an overdue; due_soon is exactly the 90 days
 * up to a due date.
 */
const RUNS = { numRuns: 300 };

const dayIn = (fromYear: number, toYear: number) =>
  fc.integer({ min: 0, max: daysBetween(`${fromYear}-01-01`, `${toYear}-12-31`) }).map((offset) => addDays(`${fromYear}-01-01`, offset));
const pastDay = dayIn(2010, 2024);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const status = (values: string[]) => maybe(fc.constantFrom(...values));

const plutoLot = fc.record({
  bbl: fc.constant('3012340056'),
  numfloors: maybe(fc.integer({ min: 0, max: 60 })),
  bldgclass: maybe(fc.constantFrom('A1', 'A5', 'B2', 'C0', 'C6', 'D4', 'K1', 'O4', 'S2', 'R4', 'V0', 'V1')),
  unitsres: maybe(fc.integer({ min: 0, max: 300 })),
  bldgarea: maybe(fc.integer({ min: 0, max: 400_000 })),
  numbldgs: maybe(fc.integer({ min: 0, max: 4 })),
  cd: maybe(fc.constantFrom(101, 105, 210, 302, 318, 412, 503, 164)),
  block: maybe(fc.integer({ min: 1, max: 16_000 })),
  yearbuilt: maybe(fc.integer({ min: 1850, max: 2024 })),
});

const filings = fc.record(
  {
    facadeFilings: fc.array(fc.record({ cycle: fc.integer({ min: 5, max: 9 }).map(String), filingType: status(['Initial', 'Auto-Generated']), filingStatus: status(['SAFE', 'SWARMP', 'UNSAFE', 'No Report Filed']), submittedOn: maybe(pastDay) }), { maxLength: 3 }),
    elevatorDevices: fc.array(
      fc.record({
        deviceNumber: fc.string({ minLength: 1, maxLength: 4 }),
        deviceType: status(['Passenger Elevator (P)', 'Escalator (E)', 'Freight (F)']),
        deviceStatus: status(['Active', 'A', 'Dismantled']),
        periodicLatestInspection: maybe(pastDay),
        cat1LatestReportFiled: maybe(pastDay),
        cat5LatestReportFiled: maybe(pastDay),
        uncorrectedDefects: fc.subarray(['periodic', 'cat1', 'cat5'] as const).map((tests) => [...tests]),
      }),
      { maxLength: 3 },
    ),
    boilerReports: fc.array(fc.record({ boilerId: fc.constantFrom('B1', 'B2'), reportYear: fc.constant(null), inspectionDate: maybe(pastDay), defectsExist: fc.boolean(), reportStatus: status(['Accepted', 'Rejected']) }), { maxLength: 3 }),
    safetyViolations: fc.array(fc.record({ violationType: fc.constantFrom('FTF-EN-BENCH', 'FTC-VT-CAT1-CO', 'LBLVIO', 'XYZ'), deviceType: status(['Elevator', 'Boiler']), violationStatus: status(['Active', 'Dismissed']), issuedOn: maybe(pastDay) }), { maxLength: 2 }),
    dobViolations: fc.array(fc.record({ violationType: status(['LBLVIO', 'ACC1', 'EVCAT1', 'EVCAT5', 'FISPNRF', 'E']), isOpen: fc.boolean(), issuedOn: maybe(pastDay) }), { maxLength: 2 }),
    benchmarkingSubmissions: fc.array(fc.record({ reportYear: fc.integer({ min: 2010, max: 2023 }), submittedOn: maybe(pastDay) }), { maxLength: 3 }),
    hpdRegistrations: fc.array(fc.record({ lastRegistrationDate: maybe(pastDay), registrationEndDate: maybe(pastDay) }), { maxLength: 2 }),
    bedbugFilings: fc.array(fc.record({ filingDate: maybe(pastDay), filingPeriodEndDate: maybe(pastDay) }), { maxLength: 2 }),
    coolingTowers: fc.array(fc.record({ towerId: fc.constant('CT1'), status: status(['Active', 'Removed']), registeredOn: maybe(pastDay), lastCertifiedOn: maybe(pastDay) }), { maxLength: 2 }),
    energyGrade: maybe(fc.record({ grade: status(['A', 'D', 'F', 'N']), grossFloorArea: maybe(fc.integer({ min: 0, max: 400_000 })) })),
  },
  { requiredKeys: [] },
);

const EVIDENCE_FIELDS = Object.keys(EVIDENCE_DATASETS) as EvidenceField[];
/** Every filing dataset loaded, none showing anything for the lot. */
const allLoadedEmpty = Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, []])) as Partial<LotFacts>;

const anyLot: fc.Arbitrary<LotFacts> = fc.tuple(plutoLot, filings).map(([pluto, shown]) => ({ ...pluto, ...shown }));
/** A clock from 2025 on: after every generated filing. */
const clock = dayIn(2025, 2045).map((day) => new Date(`${day}T12:00:00Z`));

describe('deadline invariants', () => {
  it('lists each applicable kind once, sorted by due date (no date last) then kind', () => {
    fc.assert(
      fc.property(anyLot, clock, (facts, asOf) => {
        const items = deadlinesFor(facts, asOf);
        expect(items.map((item) => item.kind).sort()).toEqual(DEADLINE_RULES.filter((rule) => ruleApplies(rule, facts)).map((rule) => rule.kind).sort());
        for (let i = 1; i < items.length; i += 1) expect(compareDeadlines(items[i - 1], items[i])).toBeLessThan(0);
      }),
      RUNS,
    );
  });

  it('never reads ok for a verifiable obligation when every dataset is loaded and shows no filing', () => {
    fc.assert(
      fc.property(plutoLot, clock, (pluto, asOf) => {
        const items = deadlinesFor({ ...pluto, ...allLoadedEmpty }, asOf);
        for (const item of items) if (item.verifiable) expect(item.status).not.toBe('ok');
      }),
      RUNS,
    );
  });

  it('never reads ok, due_soon or overdue when an obligation\'s evidence is absent: a reminder, action_needed only on an open violation', () => {
    fc.assert(
      fc.property(anyLot, clock, (facts, asOf) => {
        for (const item of deadlinesFor(facts, asOf)) {
          const rule = DEADLINE_RULES.find((candidate) => candidate.kind === item.kind)!;
          if (!rule.verifiable || rule.evidence.every((field) => facts[field] !== undefined)) continue;
          expect(item).toMatchObject({ verifiable: false, lastEvidenceAt: null });
          expect(item.status).toBe(hasOpenViolation(facts, item.kind) ? 'action_needed' : 'unverifiable');
          expect(item.basis).toContain('is not loaded here, so this item is a reminder.');
        }
      }),
      RUNS,
    );
  });

  it('never hides an obligation when a dataset is not loaded that it lists when the dataset is loaded and empty', () => {
    fc.assert(
      fc.property(anyLot, fc.constantFrom(...EVIDENCE_FIELDS), (facts, field) => {
        const unloaded: LotFacts = { ...facts };
        delete unloaded[field];
        const applying = (lotFacts: LotFacts) => DEADLINE_RULES.filter((rule) => rule.applies(lotFacts)).map((rule) => rule.kind);
        expect(applying(unloaded)).toEqual(expect.arrayContaining(applying({ ...facts, [field]: [] })));
      }),
      RUNS,
    );
  });

  it('lists nothing for a lot PLUTO shows with no building when the city\'s datasets show nothing there either', () => {
    const noBuilding = plutoLot.map((pluto) => ({ ...pluto, numbldgs: 0 }));
    fc.assert(
      fc.property(noBuilding, fc.boolean(), clock, (pluto, loaded, asOf) => {
        expect(deadlinesFor(loaded ? { ...pluto, ...allLoadedEmpty } : pluto, asOf)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('never lifts an overdue as days pass without new filings (the data sets known complete all along)', () => {
    fc.assert(
      fc.property(anyLot, clock, fc.integer({ min: 1, max: 4000 }), (shown, asOf, laterDays) => {
        const later = new Date(asOf.getTime() + laterDays * 86_400_000);
        const facts = withCurrentEvidence(shown, later.toISOString().slice(0, 10));
        const after = new Map(deadlinesFor(facts, later).map((item) => [item.kind, item.status]));
        for (const item of deadlinesFor(facts, asOf)) {
          if (item.status === 'overdue') expect(['overdue', 'action_needed']).toContain(after.get(item.kind));
        }
      }),
      RUNS,
    );
  });

  it('never reads overdue with verifiable true unless the data set the item rests on is known complete on or after its due date', () => {
    // Each list's data set known complete to some day before, around or after the clock, or to none (undated, or no source at all).
    const sources = fc.record(Object.fromEntries(FILING_LISTS.map((list) => [list, fc.option(maybe(dayIn(2010, 2045)).map((asOf) => sourceOf(list, asOf)), { nil: undefined })])), { requiredKeys: [] });
    const withSources = fc.tuple(anyLot, sources).map(([facts, given]) => ({ ...facts, evidenceSources: Object.fromEntries(Object.entries(given).filter(([, source]) => source !== undefined)) }));
    let overdue = 0;
    fc.assert(
      fc.property(withSources, clock, (facts, asOf) => {
        for (const item of deadlinesFor(facts, asOf)) {
          const rule = DEADLINE_RULES.find((candidate) => candidate.kind === item.kind)!;
          if (item.status !== 'overdue') continue;
          overdue += 1;
          expect(item.verifiable).toBe(true);
          expect(item.evidenceAsOf).not.toBeNull();
          expect(item.dueDate).not.toBeNull();
          expect(item.evidenceAsOf! >= item.dueDate!).toBe(true);
          // The date is the one of the data set the item rests on.
          expect(rule.verifiable && facts.evidenceSources[rule.evidence[0]]?.asOf).toBe(item.evidenceAsOf);
        }
      }),
      { numRuns: 600 },
    );
    // The generated lots do reach overdue where their evidence allows it.
    expect(overdue).toBeGreaterThan(0);
  });

  it('is due soon exactly from 90 days before the due date through it', () => {
    fc.assert(
      fc.property(dayIn(2020, 2040), fc.integer({ min: -400, max: 400 }), (due, offset) => {
        const today = addDays(due, -offset);
        expect(owedBy(due, today)).toBe(offset < 0 ? 'overdue' : offset <= 90 ? 'due_soon' : 'ok');
      }),
      RUNS,
    );
  });

  it('filters to a sub-list in order, each item matching', () => {
    const statuses = fc.subarray([...DEADLINE_STATUSES]) as fc.Arbitrary<DeadlineStatus[]>;
    const dueBefore = maybe(dayIn(2020, 2045));
    fc.assert(
      fc.property(anyLot, clock, statuses, dueBefore, (facts, asOf, status, before) => {
        const items = deadlinesFor(facts, asOf);
        const filter = { status, ...(before === null ? {} : { dueBefore: before }) };
        const kept = filterDeadlines(items, filter);
        expect(kept).toEqual(items.filter((item) => kept.includes(item)));
        for (const item of kept) {
          expect(status).toContain(item.status);
          if (before !== null) expect(item.dueDate !== null && item.dueDate <= before).toBe(true);
        }
        expect(kept.length).toBe(items.filter((item) => status.includes(item.status) && (before === null || (item.dueDate !== null && item.dueDate <= before))).length);
      }),
      RUNS,
    );
  });
});

