import { contractorChangeKinds, propertyChangeKinds, restaurantChangeKinds } from './kinds';

describe('restaurantChangeKinds', () => {
  const before = { lastInspection: '2025-01-10', citations: 3, grade: 'A', closed: false };
  it('a later graded inspection with citations: new inspection, new citations, grade change', () => {
    expect(restaurantChangeKinds(before, { lastInspection: '2025-06-01', citations: 5, grade: 'B', closed: false })).toEqual([
      { kind: 'new_inspection', detail: { to: '2025-06-01' } },
      { kind: 'new_citation', detail: { count: 2 } },
      { kind: 'grade_change', detail: { from: 'A', to: 'B' } },
    ]);
  });
  it('a closure, and nothing when nothing moved', () => {
    expect(restaurantChangeKinds(before, { ...before, closed: true })).toEqual([{ kind: 'closure', detail: {} }]);
    expect(restaurantChangeKinds(before, before)).toEqual([]);
    expect(restaurantChangeKinds({ ...before, closed: true }, before)).toEqual([]);
  });
  it('a grade lost (pending) is no change; a first grade is', () => {
    expect(restaurantChangeKinds(before, { ...before, grade: null })).toEqual([]);
    expect(restaurantChangeKinds({ ...before, grade: null }, before)).toEqual([{ kind: 'grade_change', detail: { from: null, to: 'A' } }]);
  });
});

describe('propertyChangeKinds', () => {
  it('records each obligation whose deadline status moved, with its kind and both statuses', () => {
    const before = { violations: 1, open: 1, deadlines: { facade_filing: 'ok', elevator_periodic: 'due_soon', boiler_inspection: 'overdue' } };
    const after = { violations: 1, open: 1, deadlines: { facade_filing: 'overdue', elevator_periodic: 'due_soon', boiler_inspection: 'ok' } };
    expect(propertyChangeKinds(before, after)).toEqual([
      { kind: 'deadline_status_change', detail: { obligation: 'boiler_inspection', from: 'overdue', to: 'ok' } },
      { kind: 'deadline_status_change', detail: { obligation: 'facade_filing', from: 'ok', to: 'overdue' } },
    ]);
  });

  it('records no deadline change for an obligation that starts or stops applying, nor against a state kept without deadlines', () => {
    expect(propertyChangeKinds({ violations: 0, open: 0, deadlines: { facade_filing: 'ok' } }, { violations: 0, open: 0, deadlines: { gas_piping: 'overdue' } })).toEqual([]);
    expect(propertyChangeKinds({ violations: 0, open: 0 }, { violations: 0, open: 0, deadlines: { facade_filing: 'overdue' } })).toEqual([]);
  });

  it('new violations, and more of them resolved', () => {
    expect(propertyChangeKinds({ violations: 10, open: 4 }, { violations: 12, open: 6 })).toEqual([{ kind: 'new_violation', detail: { count: 2 } }]);
    expect(propertyChangeKinds({ violations: 10, open: 4 }, { violations: 10, open: 1 })).toEqual([{ kind: 'status_change', detail: { count: 3 } }]);
  });
});

describe('contractorChangeKinds', () => {
  const before = { tickets: 5, closed: 2, defaulted: 1, reopenable: 1 };
  it('a new ticket defaulted opens a window', () => {
    expect(contractorChangeKinds(before, { tickets: 6, closed: 2, defaulted: 2, reopenable: 2 })).toEqual([
      { kind: 'new_ticket', detail: { count: 1 } },
      { kind: 'default', detail: { count: 1 } },
      { kind: 'reopen_window_opened', detail: { count: 1 } },
    ]);
  });
  it('a window closing with time, a ticket closed', () => {
    expect(contractorChangeKinds(before, { ...before, reopenable: 0 })).toEqual([{ kind: 'reopen_window_closed', detail: { count: 1 } }]);
    expect(contractorChangeKinds(before, { ...before, closed: 3 })).toEqual([{ kind: 'status_change', detail: { count: 1 } }]);
  });
});
