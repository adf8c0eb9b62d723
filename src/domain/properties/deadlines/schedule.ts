/**
 * The date logic every rule shares: periods with a due date, the 90-day due-soon window,
 * and the worst of several devices. Dates are 'YYYY-MM-DD' UTC calendar days.
 */
import { calendarDate, daysBetween } from '../../../nyc/dates';
import type { Assessment } from './types';

/** `due_soon` starts exactly this many days before the due date (docs/decisions.md). */
export const DUE_SOON_DAYS = 90;

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** The status of something owed by `dueDate` and not yet done. */
export function owedBy(dueDate: string, today: string): 'overdue' | 'due_soon' | 'ok' {
  if (dueDate < today) return 'overdue';
  return daysBetween(today, dueDate) <= DUE_SOON_DAYS ? 'due_soon' : 'ok';
}

/**
 * Numbered periods (calendar years, facade cycles), each owed by its due date. `dueOf`
 * must grow with the period; `near` is any period close to the one due on `today`.
 */
export interface Schedule {
  dueOf(period: number): string;
  near(today: string): number;
}

/** The period now owed: the first whose due date is today or later. */
export function currentPeriod(schedule: Schedule, today: string): number {
  let period = schedule.near(today);
  while (schedule.dueOf(period) < today) period += 1;
  while (schedule.dueOf(period - 1) >= today) period -= 1;
  return period;
}

/**
 * Status of a periodic obligation from the periods the filings satisfy:
 * - the current period satisfied: ok, and the next unsatisfied period's due date;
 * - the previous period unsatisfied too: overdue since the previous due date (so without
 *   any filing a verifiable rule is never ok, and time alone never lifts an overdue);
 * - otherwise the previous filing holds until the current period comes within 90 days.
 */
export function assessPeriods(schedule: Schedule, isSatisfied: (period: number) => boolean, today: string): Pick<Assessment, 'status' | 'dueDate'> {
  const current = currentPeriod(schedule, today);
  if (isSatisfied(current)) {
    let next = current + 1;
    while (isSatisfied(next)) next += 1;
    return { status: 'ok', dueDate: schedule.dueOf(next) };
  }
  if (!isSatisfied(current - 1)) return { status: 'overdue', dueDate: schedule.dueOf(current - 1) };
  const dueDate = schedule.dueOf(current);
  return { status: owedBy(dueDate, today), dueDate };
}

/** The due date of the period owed on `today`: the date the law sets, whatever the filings show. */
export function nextDueDate(schedule: Schedule, today: string): string {
  return schedule.dueOf(currentPeriod(schedule, today));
}

/** Calendar-year periods owed on a fixed day of the following (`yearsLater` = 1) or the same year. */
export function yearlySchedule(month: number, day: number, yearsLater: 0 | 1): Schedule {
  return {
    dueOf: (year) => calendarDate(year + yearsLater, month, day),
    near: (today) => yearOf(today) - yearsLater,
  };
}

/** The first `month`/`day` on or after `today` in a year that `yearQualifies`. */
export function nextYearlyDate(today: string, month: number, day: number, yearQualifies: (year: number) => boolean = () => true): string {
  for (let year = yearOf(today); ; year += 1) {
    const date = calendarDate(year, month, day);
    if (date >= today && yearQualifies(year)) return date;
  }
}

/** A filing date satisfies the period whose due date is the first on or after it (a late filing counts for the next period). */
export function periodOfFiling(schedule: Schedule, filedOn: string): number {
  return currentPeriod(schedule, filedOn);
}

export function latestDate(dates: Array<string | null | undefined>): string | null {
  let latest: string | null = null;
  for (const date of dates) if (date && (latest === null || date > latest)) latest = date;
  return latest;
}

const SEVERITY: Record<Assessment['status'], number> = { action_needed: 3, overdue: 2, due_soon: 1, ok: 0 };

/** The device (boiler, elevator) furthest behind: worst status, then earliest due date. */
export function furthestBehind(assessments: Assessment[]): Assessment {
  return assessments.reduce((worst, next) => {
    const bySeverity = SEVERITY[next.status] - SEVERITY[worst.status];
    if (bySeverity !== 0) return bySeverity > 0 ? next : worst;
    if (next.dueDate === null || worst.dueDate === null) return worst.dueDate === null && next.dueDate !== null ? next : worst;
    return next.dueDate < worst.dueDate ? next : worst;
  });
}
