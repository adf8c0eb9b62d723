import { PROPERTY_CHANGES } from './changes';

describe('property changes', () => {
  it('records each obligation whose deadline status moved, with its kind and both statuses', () => {
    const before = { violations: 1, open: 1, deadlines: { facade_filing: 'ok', elevator_periodic: 'due_soon', boiler_inspection: 'overdue' } };
    const after = { violations: 1, open: 1, deadlines: { facade_filing: 'overdue', elevator_periodic: 'due_soon', boiler_inspection: 'ok' } };
    expect(PROPERTY_CHANGES.compare(before, after)).toEqual([
      { kind: 'deadline_status_change', detail: { obligation: 'boiler_inspection', from: 'overdue', to: 'ok' } },
      { kind: 'deadline_status_change', detail: { obligation: 'facade_filing', from: 'ok', to: 'overdue' } },
    ]);
  });

  it('records no deadline change for an obligation that starts or stops applying, nor against a state kept without deadlines', () => {
    expect(PROPERTY_CHANGES.compare({ violations: 0, open: 0, deadlines: { facade_filing: 'ok' } }, { violations: 0, open: 0, deadlines: { gas_piping: 'overdue' } })).toEqual([]);
    expect(PROPERTY_CHANGES.compare({ violations: 0, open: 0 }, { violations: 0, open: 0, deadlines: { facade_filing: 'overdue' } })).toEqual([]);
  });

  it('new violations, and more of them resolved', () => {
    expect(PROPERTY_CHANGES.compare({ violations: 10, open: 4 }, { violations: 12, open: 6 })).toEqual([{ kind: 'new_violation', detail: { count: 2 } }]);
    expect(PROPERTY_CHANGES.compare({ violations: 10, open: 4 }, { violations: 10, open: 1 })).toEqual([{ kind: 'status_change', detail: { count: 3 } }]);
  });
});
