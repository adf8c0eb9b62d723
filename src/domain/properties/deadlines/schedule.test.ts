import { assessPeriods, currentPeriod, furthestBehind, nextYearlyDate, owedBy, periodOfFiling, yearlySchedule } from './schedule';

describe('the shared deadline arithmetic', () => {
  it('is due soon from exactly 90 days before the due date through the due date, overdue the day after', () => {
    expect(owedBy('2026-04-01', '2025-12-31')).toBe('ok'); // 91 days before
    expect(owedBy('2026-04-01', '2026-01-01')).toBe('due_soon'); // 90 days before
    expect(owedBy('2026-04-01', '2026-04-01')).toBe('due_soon');
    expect(owedBy('2026-04-01', '2026-04-02')).toBe('overdue');
  });

  const periodicInspection = yearlySchedule(1, 14, 1); // year Y owed by January 14 of Y+1

  it('finds the period owed on a day: the first whose due date is that day or later', () => {
    expect(currentPeriod(periodicInspection, '2026-01-14')).toBe(2025);
    expect(currentPeriod(periodicInspection, '2026-01-15')).toBe(2026);
    expect(periodOfFiling(periodicInspection, '2026-01-10')).toBe(2025);
  });

  it('assesses periods: current done is ok until the next one; previous missed is overdue; else the 90-day window decides', () => {
    const done = (...years: number[]) => (year: number) => years.includes(year);
    expect(assessPeriods(periodicInspection, done(2025), '2025-06-01')).toEqual({ status: 'ok', dueDate: '2027-01-14' });
    expect(assessPeriods(periodicInspection, done(2025, 2026), '2025-06-01')).toEqual({ status: 'ok', dueDate: '2028-01-14' });
    expect(assessPeriods(periodicInspection, done(), '2025-06-01')).toEqual({ status: 'overdue', dueDate: '2025-01-14' });
    expect(assessPeriods(periodicInspection, done(2024), '2025-10-15')).toEqual({ status: 'ok', dueDate: '2026-01-14' });
    expect(assessPeriods(periodicInspection, done(2024), '2025-10-16')).toEqual({ status: 'due_soon', dueDate: '2026-01-14' });
  });

  it('gives the next yearly date on or after a day, in a qualifying year', () => {
    expect(nextYearlyDate('2025-10-31', 10, 31)).toBe('2025-10-31');
    expect(nextYearlyDate('2025-11-01', 10, 31)).toBe('2026-10-31');
    expect(nextYearlyDate('2025-01-01', 12, 31, (year) => year % 10 === 4)).toBe('2034-12-31');
  });

  it('picks the device furthest behind: worst status, then earliest due date, a dated one before an undated one', () => {
    const ok = { status: 'ok' as const, dueDate: '2026-01-01', lastEvidenceAt: '2025-01-01' };
    const lateA = { status: 'overdue' as const, dueDate: '2025-03-01', lastEvidenceAt: null };
    const lateB = { status: 'overdue' as const, dueDate: '2024-03-01', lastEvidenceAt: null };
    const lateUndated = { status: 'overdue' as const, dueDate: null, lastEvidenceAt: null };
    expect(furthestBehind([ok, lateA, lateB])).toBe(lateB);
    expect(furthestBehind([lateUndated, lateA])).toBe(lateA);
    expect(furthestBehind([ok, { ...ok, status: 'action_needed' }]).status).toBe('action_needed');
  });
});
