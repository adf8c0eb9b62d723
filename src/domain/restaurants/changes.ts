import { type ChangeKinds, type KindOfChange, more } from '../changes';

export interface RestaurantState {
  lastInspection: string | null;
  citations: number;
  grade: string | null;
  closed: boolean;
}

export const RESTAURANT_CHANGES: ChangeKinds<RestaurantState> = {
  family: 'restaurant',
  collection: 'restaurants',
  idParam: 'camis',
  entityId: 'a restaurant camis',
  state: 'latest inspection date, grade, closed, citation count',
  kinds: {
    new_inspection: 'an inspection dated after the latest one known (detail.to is its date)',
    new_citation: 'more citations than before (detail.count how many more)',
    grade_change: 'the current grade differs from the one before, to a grade (detail.from, detail.to; from may be null)',
    closure: 'now closed by the Health Department, open before',
  },
  compare(before, after) {
    const kinds: KindOfChange[] = [];
    if (after.lastInspection !== null && (before.lastInspection === null || after.lastInspection > before.lastInspection)) {
      kinds.push({ kind: 'new_inspection', detail: { to: after.lastInspection } });
    }
    kinds.push(...more('new_citation', before.citations, after.citations));
    // A grade that disappears (a new inspection not yet graded) is no grade change; the next grade is.
    if (after.grade !== null && after.grade !== before.grade) kinds.push({ kind: 'grade_change', detail: { from: before.grade, to: after.grade } });
    if (after.closed && !before.closed) kinds.push({ kind: 'closure', detail: {} });
    return kinds;
  },
};
