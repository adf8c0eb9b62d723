import { type ChangeKinds, more } from '../changes';

export interface ContractorState {
  tickets: number;
  closed: number;
  defaulted: number;
  reopenable: number;
}

export const CONTRACTOR_CHANGES: ChangeKinds<ContractorState> = {
  family: 'contractor',
  collection: 'contractors',
  idParam: 'slug',
  entityId: 'a contractor slug',
  state: 'tickets, closed, defaulted, inside the new-hearing window',
  kinds: {
    new_ticket: 'more OATH tickets than before (detail.count how many more)',
    status_change: "more of the company's tickets are closed (decided, dismissed, paid) than before (detail.count how many more)",
    default: 'more tickets turned into default judgments than before (detail.count how many more)',
    reopen_window_opened: 'more defaulted tickets are inside their 75-day new-hearing window than before (detail.count)',
    reopen_window_closed: 'fewer defaulted tickets are inside their new-hearing window than before: windows closed with time or by a new hearing (detail.count)',
  },
  compare: (before, after) => [
    ...more('new_ticket', before.tickets, after.tickets),
    ...more('status_change', before.closed, after.closed),
    ...more('default', before.defaulted, after.defaulted),
    ...more('reopen_window_opened', before.reopenable, after.reopenable),
    ...more('reopen_window_closed', after.reopenable, before.reopenable),
  ],
};
