import { CONTRACTOR_CHANGES } from './changes';

describe('contractor changes', () => {
  const before = { tickets: 5, closed: 2, defaulted: 1, reopenable: 1 };
  it('a new ticket defaulted opens a window', () => {
    expect(CONTRACTOR_CHANGES.compare(before, { tickets: 6, closed: 2, defaulted: 2, reopenable: 2 })).toEqual([
      { kind: 'new_ticket', detail: { count: 1 } },
      { kind: 'default', detail: { count: 1 } },
      { kind: 'reopen_window_opened', detail: { count: 1 } },
    ]);
  });
  it('a window closing with time, a ticket closed', () => {
    expect(CONTRACTOR_CHANGES.compare(before, { ...before, reopenable: 0 })).toEqual([{ kind: 'reopen_window_closed', detail: { count: 1 } }]);
    expect(CONTRACTOR_CHANGES.compare(before, { ...before, closed: 3 })).toEqual([{ kind: 'status_change', detail: { count: 1 } }]);
  });
});
