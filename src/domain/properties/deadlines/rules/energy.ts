/** Energy laws for large buildings: LL84 benchmarking, LL33 grade label, LL97 emissions, LL87 audit. */
import type { LotFacts } from '../../types';
import { blockDigit, floorAreaOver } from '../lot';
import { assessPeriods, latestDate, nextDueDate, nextYearlyDate, yearlySchedule } from '../schedule';
import type { ReminderRule, VerifiableRule } from '../types';

const AREA_CAVEAT =
  'Floor area is read from PLUTO (a proxy for the DOF gross floor area the city lists use) and a lot over the single-building threshold is listed even if it has several smaller buildings.';

/** Periods are the data years; each is reported by May 1 of the next year. */
const BENCHMARKING_YEAR = yearlySchedule(5, 1, 1);

function isBenchmarked(lot: LotFacts): boolean {
  return floorAreaOver(lot, 25_000) || lot.energyGrade != null || (lot.benchmarkingSubmissions ?? []).length > 0;
}

export const benchmarking: VerifiableRule = {
  kind: 'benchmarking',
  label: 'Energy and water benchmarking (LL84)',
  verifiable: true,
  basis:
    'Buildings over 25,000 gross sq ft, lots with two or more buildings over 100,000 sq ft together, and city buildings over 10,000 sq ft must report the previous calendar year\'s energy and water use through ENERGY STAR Portfolio Manager by May 1 (Local Law 84/2009 as amended by Local Law 133/2016; Admin Code §28-309, section number unconfirmed [U]). ' +
    AREA_CAVEAT +
    ' Submissions are read from the LL84 disclosure dataset (5zyy-y8am), reading its report year as the data year [T]; city ownership is not in PLUTO, so the 10,000 sq ft city threshold is not applied.',
  penalty: '$500 for each missed deadline (May 1, then quarterly: Aug 1, Nov 1, Feb 1), up to $2,000 a year.',
  whatToDo: 'Submit last year\'s energy and water data in Portfolio Manager by May 1.',
  guideUrl: 'http://www1.nyc.gov/site/buildings/business/benchmarking.page',
  applies: isBenchmarked,
  evidence: ['benchmarkingSubmissions'],
  reminderDueDate: (_lot, today) => nextDueDate(BENCHMARKING_YEAR, today),
  assess(lot, today) {
    const submissions = lot.benchmarkingSubmissions ?? [];
    const reportedYears = new Set(submissions.map((submission) => submission.reportYear));
    return { ...assessPeriods(BENCHMARKING_YEAR, (year) => reportedYears.has(year), today), lastEvidenceAt: latestDate(submissions.map((submission) => submission.submittedOn)) };
  },
};

export const energyGradeLabel: ReminderRule = {
  kind: 'energy_grade_label',
  label: 'Energy grade label posted (LL33)',
  verifiable: false,
  basis:
    'Buildings that must benchmark receive an energy efficiency grade label on October 1 and must post it at each public entrance by October 31: A (score 85 or more), B (70), C (55), D (below 55), F (benchmarking not filed), N (exempt, no posting) (Local Law 33/2018 as amended by Local Law 95/2019; 1 RCNY §103-06). ' +
    'The grade is public on the LL33 list; whether the label is posted is not, so this is a reminder.',
  penalty: '$1,250 for not posting the label.',
  whatToDo: 'Print the label from DOB NOW after October 1 and post it at each public entrance by October 31.',
  guideUrl: 'https://www1.nyc.gov/site/buildings/codes/ll33-faqs.page',
  applies: (lot) => isBenchmarked(lot) && (lot.energyGrade?.grade ?? '').trim().toUpperCase() !== 'N',
  dueDate: (_lot, today) => nextYearlyDate(today, 10, 31),
};

/** The first LL97 emissions report was due May 1, 2025 (for 2024). */
const FIRST_EMISSIONS_YEAR = 2025;

export const emissions: ReminderRule = {
  kind: 'emissions',
  label: 'Building emissions report (LL97)',
  verifiable: false,
  basis:
    'Buildings over 25,000 gross sq ft, and two or more buildings on a lot (or under one condo board) over 50,000 sq ft together, must file a report of the previous year\'s greenhouse-gas emissions, certified by a registered design professional, by May 1 each year from 2025, and keep under the limits of Admin Code Art. 320 (Art. 321 for certain affordable housing and houses of worship) (Local Law 97/2019). ' +
    'In 2025 filings were accepted to June 30, and extensions ran to August 29 then December 31 for owners who hired the professional by February 1 [T]. ' +
    AREA_CAVEAT +
    ' No public dataset of LL97 filings was found [U], so this is a reminder.',
  penalty: '$268 for each metric ton of CO2e over the limit; a late report $0.50 per sq ft a month [T].',
  whatToDo: 'Engage a registered design professional by February 1; file by May 1; plan retrofits if the building is over its limit.',
  guideUrl: 'https://www.nyc.gov/site/sustainablebuildings/requirements/covered-buildings.page',
  applies: (lot) => floorAreaOver(lot, 25_000),
  dueDate: (_lot, today) => nextYearlyDate(today, 5, 1, (year) => year >= FIRST_EMISSIONS_YEAR),
};

export const energyAudit: ReminderRule = {
  kind: 'energy_audit',
  label: 'Energy audit and retro-commissioning (LL87)',
  verifiable: false,
  basis:
    'Buildings over 50,000 gross sq ft, and two or more buildings on a lot over 100,000 sq ft together, must file an energy audit and retro-commissioning report every ten years, due December 31 of the year ending in the last digit of the tax block (a block ending 4: 2024, 2034) (Local Law 87/2009; Admin Code §28-308, section number unconfirmed [U]). ' +
    AREA_CAVEAT +
    ' The LL87 dataset on Open Data was not identified [U], so this is a reminder.',
  penalty: '$3,000 the first year and $5,000 each later year not filed [T].',
  whatToDo: 'Start the audit and retro-commissioning 12 to 18 months before December 31 of the block-digit year.',
  guideUrl: null,
  applies: (lot) => floorAreaOver(lot, 50_000),
  dueDate(lot, today) {
    const digit = blockDigit(lot);
    return digit === null ? null : nextYearlyDate(today, 12, 31, (year) => year % 10 === digit);
  },
};
