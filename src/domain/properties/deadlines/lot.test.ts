import { clockOn, lot, withCurrentEvidence } from '../testing/lots';
import type { DobViolation } from '../types';
import { deadlinesFor } from '.';
import { floorAreaOver, floors, isBuildingOtherThanHouse, mayHaveBuilding, obligationOfDobViolation, residentialUnits } from './lot';

describe('mayHaveBuilding', () => {
  it('is false only when PLUTO says the lot has no building', () => {
    expect(mayHaveBuilding(lot({ bldgclass: 'V0', numbldgs: 0 }))).toBe(false);
    expect(mayHaveBuilding(lot({ bldgclass: 'G7', numbldgs: 0 }))).toBe(false);
    expect(mayHaveBuilding(lot({ bldgclass: 'V1', numbldgs: null }))).toBe(false);
    expect(mayHaveBuilding(lot({ bldgclass: 'C0', numbldgs: 1 }))).toBe(true);
  });

  it('keeps a lot whose building count is unknown, and a counted building on a lot still classed vacant', () => {
    expect(mayHaveBuilding(lot({ bldgclass: 'C0', numbldgs: null }))).toBe(true);
    expect(mayHaveBuilding(lot({ bldgclass: null, numbldgs: null }))).toBe(true);
    expect(mayHaveBuilding(lot({ bldgclass: 'V0', numbldgs: 1 }))).toBe(true);
  });

  it('reads no units, floors or PLUTO floor area on a lot with no building', () => {
    const stale = lot({ bldgclass: 'V1', numbldgs: 0, unitsres: 12, numfloors: 8, bldgarea: 60_000 });
    expect([residentialUnits(stale), floors(stale), floorAreaOver(stale, 25_000), isBuildingOtherThanHouse(stale)]).toEqual([0, 0, false, false]);
    // The LL33 list's floor area is the city's own record of a building: it stands.
    expect(floorAreaOver({ ...stale, energyGrade: { grade: 'B', grossFloorArea: 30_000 } }, 25_000)).toBe(true);
  });
});

describe('open DOB (BIS) violations by obligation', () => {
  /** A lot PLUTO does not describe: only its BBL is known. */
  const unknownLot = (dobViolations: DobViolation[]) => lot({ numfloors: null, bldgclass: null, unitsres: null, bldgarea: null, numbldgs: null, cd: null, block: null, yearbuilt: null, dobViolations });
  const open = (violationType: string, isOpen = true): DobViolation => ({ violationType, isOpen, issuedOn: '2019-03-01' });

  it('maps the boiler, elevator affirmation and test, facade and benchmarking codes; a generic elevator violation names no test', () => {
    const kinds = (code: string) => obligationOfDobViolation(open(code));
    expect(['LBLVIO', 'HBLVIO', 'B', 'LL6291'].map(kinds)).toEqual(Array(4).fill('boiler_inspection'));
    expect(['ACC1', 'ACJ1', 'EVCAT1', 'JVCAT1', 'HVCAT1'].map(kinds)).toEqual(Array(5).fill('elevator_cat1'));
    expect(['EVCAT5', 'HVCAT5', 'JVCAT5'].map(kinds)).toEqual(Array(3).fill('elevator_cat5'));
    expect(['FISP', 'FISPNRF', 'BENCH', 'E', 'LL1081', 'C'].map(kinds)).toEqual(['facade_filing', 'facade_filing', 'benchmarking', null, null, null]);
  });

  it('an open one lists its obligation as action needed, resting on DOB Violations, even on a lot PLUTO does not describe; a closed one does not', () => {
    const facts = withCurrentEvidence(unknownLot([open('LBLVIO'), open('ACC1'), open('EVCAT5', false)]), '2025-06-01');
    // PLUTO silent: only the reminders every building gets, and what the violations show.
    const items = deadlinesFor(facts, clockOn('2025-06-01')).filter((item) => !['cooling_tower', 'parapet_observation', 'backflow_test', 'gas_piping'].includes(item.kind));
    expect(items.map((item) => [item.kind, item.status, item.verifiable, item.evidenceDataset])).toEqual([
      ['boiler_inspection', 'action_needed', false, 'test-dobViolations'],
      ['elevator_cat1', 'action_needed', false, 'test-dobViolations'],
    ]);
    expect(items[0].basis).toContain('DOB Violations (3h2n-5cm9) shows an open failure-to-file or failure-to-correct violation for it');
    // With the boiler reports loaded (none for the lot), the violation still decides, now over the loaded filings.
    const loaded = withCurrentEvidence({ ...unknownLot([open('LBLVIO')]), boilerReports: [] }, '2025-06-01');
    expect(deadlinesFor(loaded, clockOn('2025-06-01')).find((item) => item.kind === 'boiler_inspection')).toMatchObject({ status: 'action_needed', verifiable: true, dueDate: '2026-01-14' });
    expect(deadlinesFor(unknownLot([open('LBLVIO', false)]), clockOn('2025-06-01')).map((item) => item.kind)).not.toContain('boiler_inspection');
  });
});
