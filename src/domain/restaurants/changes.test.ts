import { RESTAURANT_CHANGES } from './changes';

describe('restaurant changes', () => {
  const before = { lastInspection: '2025-01-10', citations: 3, grade: 'A', closed: false };
  it('a later graded inspection with citations: new inspection, new citations, grade change', () => {
    expect(RESTAURANT_CHANGES.compare(before, { lastInspection: '2025-06-01', citations: 5, grade: 'B', closed: false })).toEqual([
      { kind: 'new_inspection', detail: { to: '2025-06-01' } },
      { kind: 'new_citation', detail: { count: 2 } },
      { kind: 'grade_change', detail: { from: 'A', to: 'B' } },
    ]);
  });
  it('a closure, and nothing when nothing moved', () => {
    expect(RESTAURANT_CHANGES.compare(before, { ...before, closed: true })).toEqual([{ kind: 'closure', detail: {} }]);
    expect(RESTAURANT_CHANGES.compare(before, before)).toEqual([]);
    expect(RESTAURANT_CHANGES.compare({ ...before, closed: true }, before)).toEqual([]);
  });
  it('a grade lost (pending) is no change; a first grade is', () => {
    expect(RESTAURANT_CHANGES.compare(before, { ...before, grade: null })).toEqual([]);
    expect(RESTAURANT_CHANGES.compare({ ...before, grade: null }, before)).toEqual([{ kind: 'grade_change', detail: { from: null, to: 'A' } }]);
  });
});
