import { type ChangeKinds, type KindOfChange, more } from '../changes';

export interface PropertyState {
  violations: number;
  open: number;
  /**
   * Each applying obligation's deadline status (obligation kind -> status). Absent in states
   * kept before deadlines were compared: their first comparison records no deadline change.
   */
  deadlines?: Record<string, string>;
}

export const PROPERTY_CHANGES: ChangeKinds<PropertyState> = {
  family: 'property',
  collection: 'properties',
  idParam: 'bbl',
  entityId: 'a property BBL (10 digits)',
  state: 'violations, open violations, and the status of each compliance obligation that applies to it as GET /properties/{bbl}/deadlines computes it on the ingest\'s clock',
  kinds: {
    new_violation: 'more violations on the lot than before (detail.count how many more)',
    status_change: "more of the lot's violations are resolved than before",
    deadline_status_change:
      "one of the lot's compliance obligations (GET /properties/{bbl}/deadlines) has another status than before, e.g. ok to due_soon to overdue as the clock passes its due date, or back to ok when a filing is loaded (detail.obligation the obligation's kind, detail.from and detail.to its statuses); an obligation that starts or stops applying is not one",
  },
  compare: (before, after) => [
    ...more('new_violation', before.violations, after.violations),
    ...more('status_change', before.violations - before.open, after.violations - after.open),
    ...deadlineStatusChanges(before.deadlines, after.deadlines),
  ],
};

/** One change per obligation applying before and after whose status moved, in obligation order. */
export function deadlineStatusChanges(before: Record<string, string> | undefined, after: Record<string, string> | undefined): KindOfChange[] {
  if (!before || !after) return [];
  return Object.keys(after)
    .sort()
    .filter((obligation) => before[obligation] !== undefined && before[obligation] !== after[obligation])
    .map((obligation) => ({ kind: 'deadline_status_change', detail: { obligation, from: before[obligation], to: after[obligation] } }));
}
