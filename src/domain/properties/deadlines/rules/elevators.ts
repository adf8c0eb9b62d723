/** Elevator periodic inspection and CAT1 / CAT5 tests, per device, from DOB NOW Elevator Safety Compliance. */
import { calendarDate } from '../../../../nyc/dates';
import type { ElevatorDevice, ElevatorTest, LotFacts } from '../../types';
import { floors, mayHaveBuilding } from '../lot';
import { assessPeriods, furthestBehind, nextDueDate, owedBy, periodOfFiling, yearOf, yearlySchedule } from '../schedule';
import type { Assessment, VerifiableRule } from '../types';

/** `Active` in DOB NOW, `A` in the older BIS extract. */
function isActive(device: ElevatorDevice): boolean {
  return /^a(ctive)?$/i.test((device.deviceStatus ?? '').trim());
}

/**
 * CAT5 (full-load) tests are read as owed by elevators of every kind (passenger, freight,
 * private, public, sidewalk), not by escalators, dumbwaiters or lifts. The exact list is
 * code Table N1; this mapping is unconfirmed [U].
 */
function owesCat5(device: ElevatorDevice): boolean {
  const type = device.deviceType ?? '';
  return /elevator|freight|sidewalk/i.test(type) && !/dumbwaiter|escalator|lift/i.test(type);
}

function activeDevices(lot: LotFacts, owes: (device: ElevatorDevice) => boolean = () => true): ElevatorDevice[] {
  return (lot.elevatorDevices ?? []).filter((device) => isActive(device) && owes(device));
}

/**
 * Without the device dataset, which lots with a building have elevators is read from PLUTO: DOF class D
 * ("elevator apartments") or more than six stories (multiple dwellings over six stories must
 * have one). The mapping is unconfirmed [U]; it lists the likely lots rather than none.
 */
function mayHaveElevators(lot: LotFacts): boolean {
  return mayHaveBuilding(lot) && (/^D/i.test(lot.bldgclass ?? '') || floors(lot) >= 7);
}

/** The dataset's active devices decide when it is loaded; PLUTO's hint when it is not. */
function hasDevices(lot: LotFacts, owes?: (device: ElevatorDevice) => boolean): boolean {
  return lot.elevatorDevices === undefined ? mayHaveElevators(lot) : activeDevices(lot, owes).length > 0;
}

/** The lot's item is its device furthest behind; uncorrected defects need action whatever the dates say. */
function assessDevices(test: ElevatorTest, devices: ElevatorDevice[], assessDevice: (device: ElevatorDevice) => Assessment): Assessment {
  return furthestBehind(
    devices.map((device) => {
      const assessment = assessDevice(device);
      return device.uncorrectedDefects?.includes(test) ? { ...assessment, status: 'action_needed' as const } : assessment;
    }),
  );
}

const PERIODIC = yearlySchedule(1, 14, 1);
const CAT1 = yearlySchedule(1, 21, 1);

const ELEVATOR_BASIS_TAIL =
  'The item shows the lot\'s active device furthest behind, from DOB NOW Elevator Safety Compliance (e5aq-a4j2; column meanings from third-party notes [T]). ' +
  'Where that dataset is not loaded, lots of DOF class D (elevator apartments) or more than six stories are listed as likely to have elevators [U].';
const ELEVATOR_PLAYBOOK =
  'Book the inspection agency and an independent witness; file the report within 21 days of a test (14 for the periodic inspection); fix defects within 90 days and file the affirmation of correction within 14 days of the fix.';
const ELEVATOR_GUIDE = 'https://www.nyc.gov/site/buildings/safety/elevator-compliance.page';

export const elevatorPeriodic: VerifiableRule = {
  kind: 'elevator_periodic',
  label: 'Elevator periodic inspection',
  verifiable: true,
  basis:
    'Every active elevator device needs a periodic visual inspection each calendar year, with the report filed within 14 days; DOB refuses the report after January 14 of the next year (Admin Code §28-304.6; 1 RCNY §103-02). ' +
    ELEVATOR_BASIS_TAIL,
  penalty: 'A failure-to-file violation for each device; the amount is unconfirmed [U].',
  whatToDo: ELEVATOR_PLAYBOOK,
  guideUrl: ELEVATOR_GUIDE,
  applies: (lot) => hasDevices(lot),
  evidence: ['elevatorDevices'],
  reminderDueDate: (_lot, today) => nextDueDate(PERIODIC, today),
  assess: (lot, today) =>
    assessDevices('periodic', activeDevices(lot), (device) => {
      const inspected = device.periodicLatestInspection;
      const year = device.periodicReportYear ?? (inspected ? yearOf(inspected) : null);
      return { ...assessPeriods(PERIODIC, (period) => period === year, today), lastEvidenceAt: inspected };
    }),
};

export const elevatorCat1: VerifiableRule = {
  kind: 'elevator_cat1',
  label: 'Elevator CAT1 (no-load) test',
  verifiable: true,
  basis:
    'Every active elevator device needs a Category 1 (no-load) test each calendar year, with the report filed within 21 days; DOB refuses it after January 21 of the next year. Defects must be fixed within 90 days and an affirmation of correction filed within 14 days of the fix (Admin Code §28-304.6; 1 RCNY §103-02). ' +
    ELEVATOR_BASIS_TAIL,
  penalty: 'Report not filed: $3,000 per device (unconfirmed [U]). Affirmation of correction late: $3,000 per device plus $150 a month, up to $1,800 [T].',
  whatToDo: ELEVATOR_PLAYBOOK,
  guideUrl: ELEVATOR_GUIDE,
  applies: (lot) => hasDevices(lot),
  evidence: ['elevatorDevices'],
  reminderDueDate: (_lot, today) => nextDueDate(CAT1, today),
  assess: (lot, today) =>
    assessDevices('cat1', activeDevices(lot), (device) => {
      const filed = device.cat1LatestReportFiled;
      // Without the report year, a report filed in January may be for last year's test.
      const year = device.cat1ReportYear ?? (filed ? periodOfFiling(CAT1, filed) : null);
      return { ...assessPeriods(CAT1, (period) => period === year, today), lastEvidenceAt: filed };
    }),
};

/** Due the 21st of the month after the fifth anniversary of the month of the last CAT5. */
function nextCat5Due(lastCat5: string): string {
  return calendarDate(yearOf(lastCat5), Number(lastCat5.slice(5, 7)) + 61, 21);
}

export const elevatorCat5: VerifiableRule = {
  kind: 'elevator_cat5',
  label: 'Elevator CAT5 (full-load) test',
  verifiable: true,
  basis:
    'Elevators listed in code Table N1 need a Category 5 (full-load) test within five years of the month of the last one (or of the new-device certificate), with the report filed within 21 days; DOB refuses it after the 21st of the month after the anniversary (Admin Code §28-304.6; 1 RCNY §103-02). ' +
    'Which device types owe it is read from the device type (elevators, not escalators, dumbwaiters or lifts) and is unconfirmed [U]; a device with no CAT5 on file is shown overdue with no date, since its certificate date is not public. ' +
    ELEVATOR_BASIS_TAIL,
  penalty: 'A violation for each device; the amount is unconfirmed [U] (often quoted as $5,000).',
  whatToDo: ELEVATOR_PLAYBOOK,
  guideUrl: ELEVATOR_GUIDE,
  applies: (lot) => hasDevices(lot, owesCat5),
  evidence: ['elevatorDevices'],
  // Five years from each device's last CAT5: only the device records can date it.
  reminderDueDate: () => null,
  assess: (lot, today) =>
    assessDevices('cat5', activeDevices(lot, owesCat5), (device) => {
      const last = device.cat5LatestReportFiled;
      if (!last) return { status: 'overdue', dueDate: null, lastEvidenceAt: null };
      const dueDate = nextCat5Due(last);
      return { status: owedBy(dueDate, today), dueDate, lastEvidenceAt: last };
    }),
};
