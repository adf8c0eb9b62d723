/** Building systems without a PLUTO field: gas piping, parapets, cooling towers, backflow preventers. */
import type { CoolingTower, LotFacts } from '../../types';
import { isBuildingOtherThanHouse, mayHaveBuilding } from '../lot';
import { assessPeriods, furthestBehind, nextDueDate, nextYearlyDate, periodOfFiling, yearlySchedule } from '../schedule';
import type { Assessment, ReminderRule, VerifiableRule } from '../types';

/** LL152 inspection years by community district number, as the remainder of the year divided by 4 (districts 1, 3, 10: 2024, 2028). */
const GAS_PIPING_YEAR_BY_DISTRICT: Record<number, number> = {
  1: 0, 3: 0, 10: 0,
  2: 1, 5: 1, 7: 1, 13: 1, 18: 1,
  4: 2, 6: 2, 8: 2, 9: 2, 16: 2,
  11: 3, 12: 3, 14: 3, 15: 3, 17: 3,
};

/** New buildings are first inspected in their district's year after ten years. */
const NEW_BUILDING_GRACE_YEARS = 10;

export const gasPiping: ReminderRule = {
  kind: 'gas_piping',
  label: 'Gas piping inspection (LL152)',
  verifiable: false,
  basis:
    'Every building with gas piping except one- and two-family houses (R-3) must have its exposed gas piping inspected by a licensed master plumber every four years, in the year set by the community district: districts 1, 3, 10 in 2024 and 2028; 2, 5, 7, 13, 18 in 2025 and 2029; 4, 6, 8, 9, 16 in 2026 and 2030; 11, 12, 14, 15, 17 in 2027 and 2031. The inspection is due by December 31; the owner files the GPS2 certification within 60 days of the inspection; new buildings are first due after ten years (Local Law 152/2016; Admin Code Art. 318; 1 RCNY §103-10). ' +
    'One- and two-family houses are read as DOF classes A and B [U]; a district code outside 1–18 (parks, airports) has no published year [U], so no date is given. No public dataset of GPS2 filings was found [U], so this is a reminder.',
  penalty: '$10,000 under the rule as adopted; $5,000 per a 2023 source [T]; the current amount is unconfirmed [U].',
  whatToDo: 'In the district\'s year hire a licensed master plumber; file the GPS2 within 60 days and by December 31, or request the 180-day extension.',
  guideUrl: null,
  applies: isBuildingOtherThanHouse,
  dueDate(lot, today) {
    const cycleYear = lot.cd === null ? undefined : GAS_PIPING_YEAR_BY_DISTRICT[lot.cd % 100];
    if (cycleYear === undefined) return null;
    const firstYear = lot.yearbuilt ? lot.yearbuilt + NEW_BUILDING_GRACE_YEARS : 0;
    return nextYearlyDate(today, 12, 31, (year) => year % 4 === cycleYear && year >= firstYear);
  },
};

/** Detached one- and two-family houses (DOF classes A0–A3, A8) are exempt; attached houses and unknown classes are listed [U]. */
function isDetachedHouse(lot: LotFacts): boolean {
  return /^A[0-38]/i.test(lot.bldgclass ?? '');
}

export const parapetObservation: ReminderRule = {
  kind: 'parapet_observation',
  label: 'Parapet observation (LL126)',
  verifiable: false,
  basis:
    'Every building with a parapet facing a street, sidewalk or other public way, of any height, except detached one- and two-family houses, must have the parapet observed by a qualified person every year by December 31 (from 2024); the report is kept six years, not filed, and unsafe conditions are reported to DOB and fixed within 90 days (Local Law 126/2021; Admin Code §28-301.1.1; 1 RCNY §103-15). ' +
    'Whether the lot has such a parapet is not public, so every lot with a building but a detached house (DOF classes A0–A3, A8; mapping unconfirmed [U]) gets this reminder.',
  penalty: 'Unconfirmed [U].',
  whatToDo: 'Have street-facing parapets observed by December 31 and keep the report for six years.',
  guideUrl: null,
  applies: (lot) => mayHaveBuilding(lot) && !isDetachedHouse(lot),
  dueDate: (_lot, today) => nextYearlyDate(today, 12, 31),
};

const COOLING_TOWER_YEAR = yearlySchedule(11, 1, 0);

function isInService(tower: CoolingTower): boolean {
  return !/remov|inactiv|decommission/i.test(tower.status ?? '');
}

/** A tower owes nothing for the years before it was registered. */
function assessTower(tower: CoolingTower, today: string): Assessment {
  const certified = tower.lastCertifiedOn ? periodOfFiling(COOLING_TOWER_YEAR, tower.lastCertifiedOn) : null;
  const registered = tower.registeredOn ? periodOfFiling(COOLING_TOWER_YEAR, tower.registeredOn) : null;
  const owed = assessPeriods(COOLING_TOWER_YEAR, (year) => year === certified || (registered !== null && year < registered), today);
  return { ...owed, lastEvidenceAt: tower.lastCertifiedOn };
}

export const coolingTower: VerifiableRule = {
  kind: 'cooling_tower',
  label: 'Cooling tower annual certification',
  verifiable: true,
  basis:
    'Cooling towers must be registered before use, inspected every 90 days while in use, and certified each year by November 1 for the November-to-October year; removal must be reported within 30 days (Local Law 77/2015; Admin Code Art. 317 and §17-194.1). ' +
    'Read from NYC Cooling Tower Registrations (y4fw-iqfr; columns from third-party notes [T]); the item shows the tower furthest behind. The 90-day inspections are not checked. ' +
    'Where that dataset is not loaded, whether the lot has a tower is not known, so every lot with a building but a one- or two-family house (DOF classes A and B [U]) gets this reminder, as for backflow preventers.',
  penalty: 'Up to $10,000 [T].',
  whatToDo: 'Keep the 90-day inspections current and certify each tower by November 1.',
  guideUrl: 'https://portal.311.nyc.gov/article/?kanumber=KA-02664',
  // Only the registrations say a lot has a tower: without them, list it rather than hide it.
  applies: (lot) => (lot.coolingTowers === undefined ? isBuildingOtherThanHouse(lot) : lot.coolingTowers.some(isInService)),
  evidence: ['coolingTowers'],
  reminderDueDate: (_lot, today) => nextDueDate(COOLING_TOWER_YEAR, today),
  assess: (lot, today) => furthestBehind((lot.coolingTowers ?? []).filter(isInService).map((tower) => assessTower(tower, today))),
};

export const backflowTest: ReminderRule = {
  kind: 'backflow_test',
  label: 'Backflow preventer test',
  verifiable: false,
  basis:
    'Where DEP requires a backflow prevention device, it must be tested every 12 months and the GEN-215B test report filed with DEP within 30 days (15 RCNY §20-04(e); the timing is from a third-party source [T]). ' +
    'Whether the lot has such a device is not public: every lot with a building but a one- or two-family house (DOF classes A and B [U]) gets this reminder, with no date since the last test date is not public.',
  penalty: 'Up to $1,000 [T].',
  whatToDo: 'Have the device tested every year and send the GEN-215B to DEP within 30 days.',
  guideUrl: null,
  applies: isBuildingOtherThanHouse,
  dueDate: () => null,
};
