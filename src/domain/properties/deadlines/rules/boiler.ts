/** Annual boiler inspection, per boiler, from DOB NOW: Safety Boiler. */
import type { BoilerReport, LotFacts } from '../../types';
import { residentialUnits } from '../lot';
import { assessPeriods, furthestBehind, latestDate, nextDueDate, yearOf, yearlySchedule } from '../schedule';
import type { Assessment, VerifiableRule } from '../types';

const BOILER_YEAR = yearlySchedule(1, 14, 1);

function isAccepted(report: BoilerReport): boolean {
  return /^accepted/i.test((report.reportStatus ?? '').trim());
}

function inspectionYear(report: BoilerReport): number | null {
  return report.reportYear ?? (report.inspectionDate ? yearOf(report.inspectionDate) : null);
}

/** The latest accepted report stands: defects on it stay until a later report shows none (BO-13 filed). */
function assessBoiler(reports: BoilerReport[], today: string): Assessment {
  const years = new Set(reports.map(inspectionYear));
  const latest = [...reports].sort((a, b) => (inspectionYear(a) ?? 0) - (inspectionYear(b) ?? 0) || (a.inspectionDate ?? '').localeCompare(b.inspectionDate ?? '')).at(-1);
  const owed = assessPeriods(BOILER_YEAR, (year) => years.has(year), today);
  return { ...owed, status: latest?.defectsExist ? 'action_needed' : owed.status, lastEvidenceAt: latestDate(reports.map((report) => report.inspectionDate)) };
}

function accepted(lot: LotFacts): Map<string, BoilerReport[]> {
  const byBoiler = new Map<string, BoilerReport[]>();
  for (const report of (lot.boilerReports ?? []).filter(isAccepted)) byBoiler.set(report.boilerId, [...(byBoiler.get(report.boilerId) ?? []), report]);
  return byBoiler;
}

export const boilerInspection: VerifiableRule = {
  kind: 'boiler_inspection',
  label: 'Boiler inspection',
  verifiable: true,
  basis:
    'Low-pressure boilers in residential buildings of six or more units, and in commercial, mixed-use and SRO buildings, and every high-pressure boiler, need an inspection each calendar year, with the report filed within 14 days (a December 31 inspection by January 14); defects must be corrected and a BO-13 affirmation filed. Buildings of five families or fewer and single-unit boilers are exempt (Admin Code Title 28 Art. 303; 1 RCNY §103-01 low pressure, §103-05 high pressure). ' +
    'Listed for lots with six or more units in PLUTO or with boiler records in DOB NOW: Safety Boiler (52dp-yji6; columns from third-party notes [T]); a commercial lot with no boiler record is not listed, since PLUTO does not say whether it has a boiler. The item shows the boiler furthest behind.',
  penalty: 'Late filing $50 per boiler a month; not filed $1,000 per boiler for low-pressure boilers [T]; high-pressure amounts unconfirmed [U].',
  whatToDo: 'Inspect early in the year; file the report within 14 days; correct any defects and file the BO-13.',
  guideUrl: 'https://www1.nyc.gov/site/buildings/business/boiler_faqs.page',
  // Six or more units decides on its own, so a deployment without the boiler dataset still lists it.
  applies: (lot) => residentialUnits(lot) >= 6 || (lot.boilerReports ?? []).length > 0,
  evidence: ['boilerReports'],
  reminderDueDate: (_lot, today) => nextDueDate(BOILER_YEAR, today),
  assess(lot, today) {
    const boilers = [...accepted(lot).values()];
    return boilers.length > 0 ? furthestBehind(boilers.map((reports) => assessBoiler(reports, today))) : assessBoiler([], today);
  },
};
