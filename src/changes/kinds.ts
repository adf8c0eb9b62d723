/**
 * The kinds of change the feed records, and how each family's kinds are read from an
 * entity's derived state before and after a load or rederive (pure: the ingest reads the
 * states, ingest/changes/feed.ts). States are small aggregates, not the records, so the
 * comparison is cheap for every changed entity of every chunk.
 */

export const CHANGE_FAMILIES = ['restaurant', 'property', 'contractor'] as const;
export type ChangeFamily = (typeof CHANGE_FAMILIES)[number];

export const CHANGE_KINDS = [
  'new_inspection',
  'new_citation',
  'grade_change',
  'closure',
  'new_violation',
  'status_change',
  'new_ticket',
  'default',
  'reopen_window_opened',
  'reopen_window_closed',
  'deadline_status_change',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Kept this many days before the clock of the ingest that prunes. */
export const CHANGE_RETENTION_DAYS = 90;

/** What each kind means, for the document. */
export const CHANGE_KIND_MEANINGS: Record<ChangeKind, string> = {
  new_inspection: 'restaurant: an inspection dated after the latest one known (detail.to is its date)',
  new_citation: 'restaurant: more citations than before (detail.count how many more)',
  grade_change: 'restaurant: the current grade differs from the one before, to a grade (detail.from, detail.to; from may be null)',
  closure: 'restaurant: now closed by the Health Department, open before',
  new_violation: 'property: more violations on the lot than before (detail.count how many more)',
  status_change:
    "property: more of the lot's violations are resolved than before; contractor: more of the company's tickets are closed (decided, dismissed, paid) than before (detail.count how many more)",
  new_ticket: 'contractor: more OATH tickets than before (detail.count how many more)',
  default: 'contractor: more tickets turned into default judgments than before (detail.count how many more)',
  reopen_window_opened: "contractor: more defaulted tickets are inside their 75-day new-hearing window than before (detail.count)",
  deadline_status_change:
    "property: one of the lot's compliance obligations (GET /properties/{bbl}/deadlines) has another status than before, e.g. ok to due_soon to overdue as the clock passes its due date, or back to ok when a filing is loaded (detail.obligation the obligation's kind, detail.from and detail.to its statuses); an obligation that starts or stops applying is not one",
  reopen_window_closed: 'contractor: fewer defaulted tickets are inside their new-hearing window than before: windows closed with time or by a new hearing (detail.count)',
};

/** Which family each kind can come from. */
export const KINDS_OF_FAMILY: Record<ChangeFamily, readonly ChangeKind[]> = {
  restaurant: ['new_inspection', 'new_citation', 'grade_change', 'closure'],
  property: ['new_violation', 'status_change', 'deadline_status_change'],
  contractor: ['new_ticket', 'status_change', 'default', 'reopen_window_opened', 'reopen_window_closed'],
};

export interface ChangeDetail {
  from?: string | null;
  to?: string | null;
  count?: number;
  /** The obligation kind of a deadline_status_change. */
  obligation?: string;
}

export interface KindOfChange {
  kind: ChangeKind;
  detail: ChangeDetail;
}

export interface RestaurantState {
  lastInspection: string | null;
  citations: number;
  grade: string | null;
  closed: boolean;
}

export interface PropertyState {
  violations: number;
  open: number;
  /**
   * Each applying obligation's deadline status (obligation kind -> status). Absent in states
   * kept before deadlines were compared: their first comparison records no deadline change.
   */
  deadlines?: Record<string, string>;
}

export interface ContractorState {
  tickets: number;
  closed: number;
  defaulted: number;
  reopenable: number;
}

export type ChangeState = RestaurantState | PropertyState | ContractorState;

const more = (kind: ChangeKind, before: number, after: number): KindOfChange[] => (after > before ? [{ kind, detail: { count: after - before } }] : []);

export function restaurantChangeKinds(before: RestaurantState, after: RestaurantState): KindOfChange[] {
  const kinds: KindOfChange[] = [];
  if (after.lastInspection !== null && (before.lastInspection === null || after.lastInspection > before.lastInspection)) {
    kinds.push({ kind: 'new_inspection', detail: { to: after.lastInspection } });
  }
  kinds.push(...more('new_citation', before.citations, after.citations));
  // A grade that disappears (a new inspection not yet graded) is no grade change; the next grade is.
  if (after.grade !== null && after.grade !== before.grade) kinds.push({ kind: 'grade_change', detail: { from: before.grade, to: after.grade } });
  if (after.closed && !before.closed) kinds.push({ kind: 'closure', detail: {} });
  return kinds;
}

export function propertyChangeKinds(before: PropertyState, after: PropertyState): KindOfChange[] {
  return [
    ...more('new_violation', before.violations, after.violations),
    ...more('status_change', before.violations - before.open, after.violations - after.open),
    ...deadlineStatusChanges(before.deadlines, after.deadlines),
  ];
}

/** One change per obligation applying before and after whose status moved, in obligation order. */
export function deadlineStatusChanges(before: Record<string, string> | undefined, after: Record<string, string> | undefined): KindOfChange[] {
  if (!before || !after) return [];
  return Object.keys(after)
    .sort()
    .filter((obligation) => before[obligation] !== undefined && before[obligation] !== after[obligation])
    .map((obligation) => ({ kind: 'deadline_status_change', detail: { obligation, from: before[obligation], to: after[obligation] } }));
}

export function contractorChangeKinds(before: ContractorState, after: ContractorState): KindOfChange[] {
  const kinds = [...more('new_ticket', before.tickets, after.tickets), ...more('status_change', before.closed, after.closed), ...more('default', before.defaulted, after.defaulted)];
  kinds.push(...more('reopen_window_opened', before.reopenable, after.reopenable), ...more('reopen_window_closed', after.reopenable, before.reopenable));
  return kinds;
}

/** The kinds of one family's entity from its states before and after. */
export function changeKinds(family: ChangeFamily, before: ChangeState, after: ChangeState): KindOfChange[] {
  switch (family) {
    case 'restaurant':
      return restaurantChangeKinds(before as RestaurantState, after as RestaurantState);
    case 'property':
      return propertyChangeKinds(before as PropertyState, after as PropertyState);
    case 'contractor':
      return contractorChangeKinds(before as ContractorState, after as ContractorState);
  }
}

/** The resource a change links to. */
export function changeLink(family: ChangeFamily, entityId: string): string {
  const collection = { restaurant: 'restaurants', property: 'properties', contractor: 'contractors' }[family];
  return `/api/v1/${collection}/${encodeURIComponent(entityId)}`;
}
