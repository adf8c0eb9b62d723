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
    // Written by the load when spellings are grouped again, not read from two states.
    tickets_moved:
      "detail.count of the company's tickets now answer under another company's slug: a later load grouped the spelling they are docketed under with another company (a merge) or split it off into a company of its own (a new slug); detail.from the slug they had (the entity), detail.to the slug they have now. Every ticket whose company slug changes is counted in one",
    merged_into:
      'the slug now answers for another company (detail.to, the canonical slug: GET /contractors/{slug} answers that company, its slug field detail.to), its spellings grouped with the spelling detail.to was made from; detail.from the company it answered for before (itself, unless it had been absorbed already)',
    split_from:
      'the slug answers for its own company again: a later load split the spelling it was made from off the company it had been absorbed into (detail.from); detail.to the slug itself',
  },
  observed: ['tickets_moved', 'merged_into', 'split_from'],
  compare: (before, after) => [
    ...more('new_ticket', before.tickets, after.tickets),
    ...more('status_change', before.closed, after.closed),
    ...more('default', before.defaulted, after.defaulted),
    ...more('reopen_window_opened', before.reopenable, after.reopenable),
    ...more('reopen_window_closed', after.reopenable, before.reopenable),
  ],
};
