/** Facts about a lot that several rules read, and the open failure-to-file violations by obligation. */
import type { DobViolation, LotFacts, SafetyViolation } from '../types';
import type { DeadlineKind } from './types';

/**
 * Whether the lot may have a building: false only when PLUTO says it has none, that is
 * `numbldgs` 0, or a vacant-land class (DOF V*) with no building counted. A count of one or
 * more stands even on a V lot (the class can lag a new building), and a lot whose count and
 * class are both unknown keeps its obligations: PLUTO not knowing is not PLUTO saying none.
 * Building obligations read from PLUTO alone need this; what a city dataset shows for the
 * lot (a boiler report, a registered tower, an active elevator) stands whatever PLUTO says.
 */
export function mayHaveBuilding(lot: LotFacts): boolean {
  if (lot.numbldgs !== null) return lot.numbldgs > 0;
  return !/^V/i.test(lot.bldgclass ?? '');
}

/**
 * One- and two-family houses (building code R-3) are read as DOF classes A* and B*. The
 * exact R-3 mapping is unconfirmed [U]; an unknown class is not exempted, so the reminder
 * still shows.
 */
export function isOneOrTwoFamily(lot: LotFacts): boolean {
  return /^[AB]/i.test(lot.bldgclass ?? '');
}

/** A building that is not a one- or two-family house: gas piping, backflow, a tower where the registrations are not loaded. */
export function isBuildingOtherThanHouse(lot: LotFacts): boolean {
  return mayHaveBuilding(lot) && !isOneOrTwoFamily(lot);
}

/** PLUTO's residential units; none on a lot with no building, whatever a stale row says. */
export function residentialUnits(lot: LotFacts): number {
  return mayHaveBuilding(lot) ? (lot.unitsres ?? 0) : 0;
}

/** PLUTO's stories above grade; none on a lot with no building. */
export function floors(lot: LotFacts): number {
  return mayHaveBuilding(lot) ? (lot.numfloors ?? 0) : 0;
}

/**
 * The floor-area thresholds of LL84, LL97 and LL87 are per building (or higher for several
 * buildings on one lot) on DOF gross floor area. PLUTO's `bldgarea` is the whole lot, so a
 * lot over the single-building threshold is listed even when it has several smaller
 * buildings: a reminder too many rather than one too few.
 */
export function floorAreaOver(lot: LotFacts, squareFeet: number): boolean {
  const plutoArea = mayHaveBuilding(lot) ? (lot.bldgarea ?? 0) : 0;
  return plutoArea > squareFeet || (lot.energyGrade?.grossFloorArea ?? 0) > squareFeet;
}

/** The last digit of the tax block: FISP sub-cycle and LL87 year. */
export function blockDigit(lot: LotFacts): number | null {
  return lot.block === null ? null : lot.block % 10;
}

/**
 * Which obligation a DOB safety violation is a failure to file or correct. The type codes
 * come from third-party notes on `855j-jady` [T]; unknown codes belong to no obligation.
 */
export function obligationOfViolation(violation: SafetyViolation): DeadlineKind | null {
  const type = violation.violationType.toUpperCase();
  const device = (violation.deviceType ?? '').toUpperCase();
  if (type.includes('BENCH')) return 'benchmarking';
  if (type.includes('CAT1')) return 'elevator_cat1';
  if (type.includes('CAT5')) return 'elevator_cat5';
  if (device.includes('ELEVATOR') && type.includes('PER')) return 'elevator_periodic';
  if (device.includes('BOILER') || type.includes('BOIL') || type === 'LBLVIO') return 'boiler_inspection';
  if (type.includes('FISP') || type.includes('FACADE')) return 'facade_filing';
  return null;
}

/** Open while the city shows it `Active` (or `Open`); any other status is read as closed. */
export function isOpenViolation(violation: SafetyViolation): boolean {
  return /^(active|open)/i.test((violation.violationStatus ?? '').trim());
}

/**
 * Which obligation a DOB (BIS) violation's type code concerns [T]: low- and high-pressure
 * boiler, boiler and Local Law 62/91 (boilers) violations the boiler inspection; affirmation
 * of correction (ACC1, ACJ1: defects of a test not affirmed corrected) and CAT1 test codes
 * (EVCAT1 and its residential and NYCHA kin) the CAT1 test; CAT5 codes the CAT5 test; FISP
 * the facade report; BENCH benchmarking. A generic elevator violation (E) names no test.
 */
export function obligationOfDobViolation(violation: DobViolation): DeadlineKind | null {
  const code = (violation.violationType ?? '').trim().toUpperCase();
  if (/^(LBLVIO|HBLVIO|B|LL6291)$/.test(code)) return 'boiler_inspection';
  if (/^AC[A-Z]1$/.test(code) || /^[A-Z]VCAT1$/.test(code)) return 'elevator_cat1';
  if (/^[A-Z]VCAT5$/.test(code)) return 'elevator_cat5';
  if (/^FISP/.test(code)) return 'facade_filing';
  if (code === 'BENCH') return 'benchmarking';
  return null;
}

/** The violation list (DOB Safety Violations first, then DOB Violations) that shows an open violation for the obligation, or null. */
export function openViolationList(lot: LotFacts, kind: DeadlineKind): 'safetyViolations' | 'dobViolations' | null {
  if ((lot.safetyViolations ?? []).some((violation) => isOpenViolation(violation) && obligationOfViolation(violation) === kind)) return 'safetyViolations';
  if ((lot.dobViolations ?? []).some((violation) => violation.isOpen && obligationOfDobViolation(violation) === kind)) return 'dobViolations';
  return null;
}

export function hasOpenViolation(lot: LotFacts, kind: DeadlineKind): boolean {
  return openViolationList(lot, kind) !== null;
}
