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
  it('the kinds the load observes (slug changes) are declared, described, and never read from states', () => {
    expect(CONTRACTOR_CHANGES.observed).toEqual(['tickets_moved', 'merged_into', 'split_from']);
    for (const kind of CONTRACTOR_CHANGES.observed!) expect(CONTRACTOR_CHANGES.kinds[kind]).toEqual(expect.any(String));
    const grown = CONTRACTOR_CHANGES.compare(before, { tickets: 9, closed: 9, defaulted: 9, reopenable: 9 }).map(({ kind }) => kind);
    const shrunk = CONTRACTOR_CHANGES.compare(before, { tickets: 0, closed: 0, defaulted: 0, reopenable: 0 }).map(({ kind }) => kind);
    for (const kind of CONTRACTOR_CHANGES.observed!) expect([...grown, ...shrunk]).not.toContain(kind);
  });
});
