/** Facade Inspection & Safety Program (FISP): five-year cycles, three sub-cycles by the last digit of the block. */
import { calendarDate } from '../../../../nyc/dates';
import type { FacadeFiling, LotFacts } from '../../types';
import { blockDigit, floors } from '../lot';
import { assessPeriods, latestDate, nextDueDate, yearOf, type Schedule } from '../schedule';
import type { VerifiableRule } from '../types';

/** Years after sub-cycle A that sub-cycles B and C close; an unknown block is read as A, the earliest. */
const SUB_CYCLE_LAG: Record<number, number> = { 4: 0, 5: 0, 6: 0, 9: 0, 0: 1, 7: 1, 8: 1, 1: 2, 2: 2, 3: 2 };

/** Cycle 10A closes 2027-02-21; each cycle is five years, B and C one and two years after A. */
function facadeSchedule(lot: LotFacts): Schedule {
  const digit = blockDigit(lot);
  const lag = digit === null ? 0 : SUB_CYCLE_LAG[digit];
  return {
    dueOf: (cycle) => calendarDate(2027 + 5 * (cycle - 10) + lag, 2, 21),
    near: (today) => 10 + Math.floor((yearOf(today) - 2027) / 5),
  };
}

const FILED_REPORT = new Set(['SAFE', 'SWARMP', 'UNSAFE']);

/** A technical report filed by a QEWI; the city's `Auto-Generated` placeholders and `No Report Filed` rows are not. */
function isFiledReport(filing: FacadeFiling): boolean {
  return !/auto/i.test(filing.filingType ?? '') && FILED_REPORT.has((filing.filingStatus ?? '').trim().toUpperCase());
}

function cycleNumber(filing: FacadeFiling): number | null {
  const digits = /\d+/.exec(filing.cycle);
  return digits ? Number(digits[0]) : null;
}

/** The report that stands: the latest cycle's, and within it the latest submitted (an amended report replaces an UNSAFE one). */
function standingReport(reports: FacadeFiling[]): FacadeFiling | null {
  const byRecency = (a: FacadeFiling, b: FacadeFiling) =>
    (cycleNumber(a) ?? -1) - (cycleNumber(b) ?? -1) || (a.submittedOn ?? '').localeCompare(b.submittedOn ?? '');
  return [...reports].sort(byRecency).at(-1) ?? null;
}

export const facadeFiling: VerifiableRule = {
  kind: 'facade_filing',
  label: 'Facade inspection (FISP) report',
  verifiable: true,
  basis:
    'Buildings taller than six stories must have the facade inspected by a QEWI and a technical report filed once in every five-year cycle, in the sub-cycle set by the last digit of the tax block: cycle 10A (blocks ending 4, 5, 6, 9) 2025-02-21 to 2027-02-21, 10B (0, 7, 8) to 2028-02-21, 10C (1, 2, 3) to 2029-02-21 (Admin Code §28-302; 1 RCNY §103-04, formerly Local Law 11/1998). ' +
    'The sub-cycle dates come from third-party sources [T]. Height is read from PLUTO floors (7 or more), a hint only; a lot the facade dataset already lists is included whatever its height. ' +
    'UNSAFE conditions must be fixed within 90 days with an amended report within two weeks; SWARMP conditions must be repaired before the next cycle.',
  penalty: 'Late filing $1,000 a month; failure to file $5,000 a year; SWARMP not corrected $2,000; UNSAFE not corrected $1,000 a month plus sidewalk-shed charges. Filing fee $425.',
  whatToDo: 'Hire a QEWI early in the sub-cycle; file before the window closes; fix UNSAFE conditions within 90 days and file an amended report.',
  guideUrl: 'https://www.nyc.gov/site/buildings/safety/facade-fees-penalties.page',
  applies: (lot) => floors(lot) >= 7 || (lot.facadeFilings ?? []).length > 0,
  evidence: ['facadeFilings'],
  // The close of the lot's current sub-cycle, set by the block digit alone.
  reminderDueDate: (lot, today) => nextDueDate(facadeSchedule(lot), today),
  assess(lot, today) {
    const reports = (lot.facadeFilings ?? []).filter(isFiledReport);
    const filedCycles = new Set(reports.map(cycleNumber));
    const { status, dueDate } = assessPeriods(facadeSchedule(lot), (cycle) => filedCycles.has(cycle), today);
    const standing = (standingReport(reports)?.filingStatus ?? '').trim().toUpperCase();
    const mustFix = standing === 'UNSAFE' || standing === 'SWARMP';
    return { status: mustFix ? 'action_needed' : status, dueDate, lastEvidenceAt: latestDate(reports.map((report) => report.submittedOn)) };
  },
};
