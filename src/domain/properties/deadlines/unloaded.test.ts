import { itemOn, lot, timeline } from '../testing/lots';
import type { LotFacts, SafetyViolation } from '../types';
import { DEADLINE_RULES, EVIDENCE_DATASETS, type DeadlineKind, type EvidenceField } from '.';
import { notLoadedSentence } from './evidence';

/**
 * An absent filings field means the dataset is not loaded for this deployment: the item is
 * a reminder dated by the law. `[]` means loaded with nothing for the lot: the old reading.
 */
interface Case {
  kind: DeadlineKind;
  field: EvidenceField;
  /** PLUTO facts only: every filings field absent. */
  facts: LotFacts;
  day: string;
  /** The date the law sets, served while the dataset is not loaded. */
  reminderDue: string | null;
  /** The item when the dataset is loaded and shows nothing; undefined when it then does not apply. */
  whenEmpty: { status: string; dueDate: string | null } | undefined;
}

const tower = lot({ numfloors: 12, bldgclass: 'D4', unitsres: 60, block: 830 });
const elevatorBuilding = lot({ numfloors: 5, bldgclass: 'D1', unitsres: 20 });
const sixUnits = lot({ bldgclass: 'C1', unitsres: 6 });
const office = lot({ bldgclass: 'O4', unitsres: 0, numfloors: 5, bldgarea: 60_000, block: 834 });
const walkup = lot({ bldgclass: 'C0', unitsres: 3, yearbuilt: 1931 });

const CASES: Case[] = [
  { kind: 'facade_filing', field: 'facadeFilings', facts: tower, day: '2025-06-01', reminderDue: '2028-02-21', whenEmpty: { status: 'overdue', dueDate: '2023-02-21' } },
  { kind: 'elevator_periodic', field: 'elevatorDevices', facts: elevatorBuilding, day: '2025-06-01', reminderDue: '2026-01-14', whenEmpty: undefined },
  { kind: 'elevator_cat1', field: 'elevatorDevices', facts: elevatorBuilding, day: '2025-06-01', reminderDue: '2026-01-21', whenEmpty: undefined },
  { kind: 'elevator_cat5', field: 'elevatorDevices', facts: elevatorBuilding, day: '2025-06-01', reminderDue: null, whenEmpty: undefined },
  { kind: 'boiler_inspection', field: 'boilerReports', facts: sixUnits, day: '2025-06-01', reminderDue: '2026-01-14', whenEmpty: { status: 'overdue', dueDate: '2025-01-14' } },
  { kind: 'benchmarking', field: 'benchmarkingSubmissions', facts: office, day: '2025-06-01', reminderDue: '2026-05-01', whenEmpty: { status: 'overdue', dueDate: '2025-05-01' } },
  { kind: 'hpd_registration', field: 'hpdRegistrations', facts: walkup, day: '2025-09-02', reminderDue: '2026-09-01', whenEmpty: { status: 'overdue', dueDate: '2025-09-01' } },
  { kind: 'cooling_tower', field: 'coolingTowers', facts: walkup, day: '2025-11-02', reminderDue: '2026-11-01', whenEmpty: undefined },
  { kind: 'bedbug_report', field: 'bedbugFilings', facts: walkup, day: '2026-01-01', reminderDue: '2026-12-31', whenEmpty: { status: 'overdue', dueDate: '2025-12-31' } },
];

const ruleOf = (kind: DeadlineKind) => DEADLINE_RULES.find((rule) => rule.kind === kind)!;

describe('a verifiable obligation whose dataset is not loaded', () => {
  it('covers every verifiable rule, each declaring the field the case leaves out', () => {
    expect(CASES.map((c) => c.kind).sort()).toEqual(DEADLINE_RULES.filter((rule) => rule.verifiable).map((rule) => rule.kind).sort());
    for (const c of CASES) {
      const rule = ruleOf(c.kind);
      expect(rule.verifiable && rule.evidence).toEqual([c.field]);
    }
  });

  it.each(CASES)('$kind: absent $field is a reminder with the date the law sets, naming the dataset', ({ kind, field, facts, day, reminderDue }) => {
    const item = itemOn(kind, facts, day);
    expect(item).toMatchObject({ status: 'unverifiable', verifiable: false, lastEvidenceAt: null, dueDate: reminderDue });
    expect(item?.basis).toBe(`${ruleOf(kind).basis} The dataset that would confirm it, ${EVIDENCE_DATASETS[field]}, is not loaded here, so this item is a reminder.`);
  });

  it.each(CASES)('$kind: [] for $field keeps the old reading (the city shows no filing)', ({ kind, field, facts, day, whenEmpty }) => {
    const item = itemOn(kind, { ...facts, [field]: [] }, day);
    if (whenEmpty === undefined) expect(item).toBeUndefined();
    else expect(item).toMatchObject({ ...whenEmpty, verifiable: true, lastEvidenceAt: null, basis: ruleOf(kind).basis });
  });

  it('moves the reminder date on the day after it, like the other reminders', () => {
    expect(timeline('boiler_inspection', sixUnits, ['2026-01-14', '2026-01-15'])).toEqual([
      ['2026-01-14', 'unverifiable', '2026-01-14'],
      ['2026-01-15', 'unverifiable', '2027-01-14'],
    ]);
    expect(timeline('facade_filing', lot({ ...tower, block: 834 }), ['2027-02-21', '2027-02-22'])).toEqual([
      ['2027-02-21', 'unverifiable', '2027-02-21'],
      ['2027-02-22', 'unverifiable', '2032-02-21'],
    ]);
  });

  it('is still listed from PLUTO: an unloaded dataset does not hide the obligation', () => {
    expect(itemOn('boiler_inspection', lot({ bldgclass: 'C0', unitsres: 5 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('elevator_periodic', lot({ bldgclass: 'O4', numfloors: 7 }), '2025-06-01')?.status).toBe('unverifiable');
    expect(itemOn('elevator_periodic', lot({ bldgclass: 'C0', numfloors: 6 }), '2025-06-01')).toBeUndefined();
    expect(itemOn('cooling_tower', lot({ bldgclass: 'A5' }), '2025-06-01')).toBeUndefined();
    expect(itemOn('cooling_tower', lot({ bldgclass: 'K1' }), '2025-06-01')?.status).toBe('unverifiable');
  });

  it('names every missing dataset when a rule reads several', () => {
    expect(notLoadedSentence(['boilerReports', 'coolingTowers'])).toBe(
      `The datasets that would confirm it, ${EVIDENCE_DATASETS.boilerReports} and ${EVIDENCE_DATASETS.coolingTowers}, are not loaded here, so this item is a reminder.`,
    );
  });
});

describe('an open failure-to-file violation on an obligation whose dataset is not loaded', () => {
  const violation = (violationStatus: string): SafetyViolation => ({ violationType: 'LBLVIO', deviceType: 'Boiler', violationStatus, issuedOn: '2024-03-01' });

  it('needs action (the violation is a public record), still unverifiable in its filings, and the basis says why', () => {
    const item = itemOn('boiler_inspection', { ...sixUnits, safetyViolations: [violation('Active')] }, '2025-06-01');
    expect(item).toMatchObject({ status: 'action_needed', verifiable: false, lastEvidenceAt: null, dueDate: '2026-01-14' });
    expect(item?.basis).toContain(`${EVIDENCE_DATASETS.boilerReports}, is not loaded here`);
    expect(item?.basis).toContain('DOB Safety Violations (855j-jady) shows an open failure-to-file or failure-to-correct violation');
  });

  it('leaves a closed violation out: the item stays a plain reminder', () => {
    const item = itemOn('boiler_inspection', { ...sixUnits, safetyViolations: [violation('Dismissed')] }, '2025-06-01');
    expect(item).toMatchObject({ status: 'unverifiable', verifiable: false });
    expect(item?.basis).not.toContain('855j-jady');
  });

  it('makes a loaded, verifiable item action_needed as before', () => {
    expect(itemOn('boiler_inspection', { ...sixUnits, boilerReports: [], safetyViolations: [violation('Active')] }, '2025-06-01')).toMatchObject({ status: 'action_needed', verifiable: true });
  });
});
