import { addDays } from '../../nyc';
import { COMPLIANCE_STATUSES, HEARING_RESULTS, HEARING_STATUSES, leadCharge, soughtCentsOf, TICKET_STATUS_DESCRIPTION, ticketStanding, unknownTicketValues } from './tickets';
import type { TicketRecord } from './types';

const ASOF = new Date('2026-11-23T15:00:00Z');

function ticket(over: Partial<TicketRecord> = {}): TicketRecord {
  return {
    ticket: '0123456789', issuingAgency: 'DEPT. OF BUILDINGS', violationDate: '2026-01-10',
    hearingStatus: null, hearingResult: null, complianceStatus: null, hearingDate: null, decisionDate: null,
    penaltyImposedCents: null, paidCents: null, lateFeesCents: null, balanceDueCents: null, charges: [],
    ...over,
  };
}
const charge = (amountCents: number | null, description: string | null = null, code: string | null = null) => ({ code, section: null, description, amountCents });

describe('ticket standing on the real file rows (values copied by hand)', () => {
  it.each<[string, Partial<TicketRecord>, object]>([
    // 0108539669: a default later paid in full: closed, still a default, no window.
    ['0108539669', { hearingStatus: 'PAID IN FULL', hearingResult: 'DEFAULT', hearingDate: '2000-02-07', decisionDate: '2000-02-14', penaltyImposedCents: 2_500, paidCents: 2_500 },
      { status: 'closed', defaulted: true, imposedCents: 2_500, dueCents: 0, reopenableUntil: null, unknownValues: [] }],
    // 0150415504: paid in full with no result: paying admitted it; closed.
    ['0150415504', { hearingStatus: 'PAID IN FULL', hearingDate: '2006-04-28', penaltyImposedCents: 10_000, paidCents: 10_000 },
      { status: 'closed', defaulted: false, imposedCents: 10_000, dueCents: 0 }],
    // 010845121L: HEARING COMPLETED / IN VIOLATION, no money columns: closed.
    ['010845121L', { hearingStatus: 'HEARING COMPLETED', hearingResult: 'IN VIOLATION', hearingDate: '2004-05-11', decisionDate: '2004-04-14' },
      { status: 'closed', defaulted: false, imposedCents: 0, dueCents: 0 }],
    // 040439816M: DOCKETED / DEFAULTED with $300 due: an unpaid default, its window long over.
    ['040439816M', { hearingStatus: 'DOCKETED', hearingResult: 'DEFAULTED', complianceStatus: 'Penalty Due', hearingDate: '2015-08-18', decisionDate: '2015-08-24', penaltyImposedCents: 30_000, paidCents: 0, lateFeesCents: 0, balanceDueCents: 30_000, charges: [charge(25_000, 'DIRTY SIDEWALK,FAIL TO CLEAN 18 INTO STREET,SIDEWALK OBSTRUCTION 2ND', 'AS97')] },
      { status: 'defaulted', defaulted: true, soughtCents: 25_000, imposedCents: 30_000, dueCents: 30_000, reopenableUntil: null }],
    // 0136279386: a default, paid (313 on 300: the extra is no debt).
    ['0136279386', { hearingStatus: 'PAID IN FULL', hearingResult: 'DEFAULT', hearingDate: '2003-07-23', decisionDate: '2003-07-28', penaltyImposedCents: 30_000, paidCents: 31_300 },
      { status: 'closed', defaulted: true, imposedCents: 30_000, dueCents: 0 }],
    // The 92 old NOT NYC rows: no status, no result, zero money.
    ['535680A', { penaltyImposedCents: 0, paidCents: 0 }, { status: 'closed', defaulted: false, imposedCents: 0, dueCents: 0, soughtCents: 0, unknownValues: [] }],
  ])('%s', (_, over, expected) => {
    expect(ticketStanding(ticket(over), ASOF)).toMatchObject(expected);
  });
});

describe('ticket status mapping', () => {
  it('a hearing ahead is open; the penalty OATH writes before any decision is not a finding (docs/decisions.md, Contractors)', () => {
    const before = ticketStanding(ticket({ hearingStatus: 'RESCHEDULED', hearingResult: 'ADJOURNED', hearingDate: '2026-12-05', penaltyImposedCents: 125_000, balanceDueCents: 125_000, complianceStatus: 'Penalty Due', charges: [charge(125_000)] }), ASOF);
    expect(before).toMatchObject({ status: 'open', defaulted: false, imposedCents: 0, dueCents: 0, soughtCents: 125_000, reopenableUntil: null });
    // A scheduled hearing with nothing else: open while the date is today or later.
    expect(ticketStanding(ticket({ hearingDate: '2026-11-23' }), ASOF).status).toBe('open');
    expect(ticketStanding(ticket({ hearingDate: '2026-11-22' }), ASOF).status).toBe('closed');
    expect(ticketStanding(ticket({ hearingStatus: 'NEW ISSUANCE' }), ASOF).status).toBe('open');
    expect(ticketStanding(ticket({ hearingStatus: 'HEARING PENDING' }), ASOF).status).toBe('open');
    expect(ticketStanding(ticket({ hearingStatus: 'STAYED', hearingDate: '2020-01-01' }), ASOF).status).toBe('open');
  });

  it('decided and owing is open; a negative balance is no debt; a blank balance falls back to imposed + late fees - paid', () => {
    const base = { hearingStatus: 'HEARING COMPLETED', hearingResult: 'IN VIOLATION', hearingDate: '2026-05-01', decisionDate: '2026-05-08', penaltyImposedCents: 100_000 };
    expect(ticketStanding(ticket({ ...base, balanceDueCents: 40_000, paidCents: 60_000 }), ASOF)).toMatchObject({ status: 'open', imposedCents: 100_000, dueCents: 40_000 });
    expect(ticketStanding(ticket({ ...base, balanceDueCents: -250_000 }), ASOF)).toMatchObject({ status: 'closed', dueCents: 0 });
    expect(ticketStanding(ticket({ ...base, paidCents: 30_000, lateFeesCents: 5_000 }), ASOF)).toMatchObject({ status: 'open', dueCents: 75_000, lateFeesCents: 5_000 });
    expect(ticketStanding(ticket({ ...base, hearingResult: 'STIPULATED', balanceDueCents: 0, complianceStatus: 'All Terms Met' }), ASOF).status).toBe('closed');
    // Compliance still due (a cure to certify) keeps it open even with the penalty paid.
    expect(ticketStanding(ticket({ ...base, balanceDueCents: 0, complianceStatus: 'Compliance Due' }), ASOF).status).toBe('open');
    expect(ticketStanding(ticket({ ...base, balanceDueCents: 0, complianceStatus: 'BOTH DUE' }), ASOF).status).toBe('open');
    // Penalty Due with no balance written: the column is the only word on it.
    expect(ticketStanding(ticket({ ...base, complianceStatus: 'Penalty Due', paidCents: 100_000 }), ASOF).status).toBe('open');
  });

  it('dismissed, cured and written off are closed with nothing imposed or due', () => {
    const base = { hearingDate: '2026-05-01', decisionDate: '2026-05-08', penaltyImposedCents: 100_000, balanceDueCents: 100_000 };
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'HEARING COMPLETED', hearingResult: 'DISMISSED' }), ASOF)).toMatchObject({ status: 'closed', imposedCents: 0, dueCents: 0 });
    expect(ticketStanding(ticket({ ...base, hearingResult: 'CURED' }), ASOF)).toMatchObject({ status: 'closed', dueCents: 0 });
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'WRITTEN OFF', hearingResult: 'IN VIOLATION' }), ASOF)).toMatchObject({ status: 'closed', imposedCents: 100_000, dueCents: 0 });
    expect(ticketStanding(ticket({ ...base, hearingResult: 'WRITTEN OFF' }), ASOF)).toMatchObject({ status: 'closed', dueCents: 0 });
  });

  it('a default shows in the result or the status; unpaid it is defaulted, paid or written off it is closed', () => {
    const base = { hearingDate: '2026-10-01', decisionDate: '2026-10-06', penaltyImposedCents: 250_000, balanceDueCents: 250_000, charges: [charge(100_000)] };
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'DEFAULTED' }), ASOF)).toMatchObject({ status: 'defaulted', defaulted: true, dueCents: 250_000 });
    expect(ticketStanding(ticket({ ...base, hearingResult: 'DEFAULT' }), ASOF)).toMatchObject({ status: 'defaulted', defaulted: true });
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'DEFAULTED', balanceDueCents: null }), ASOF).status).toBe('defaulted');
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'PAID IN FULL', hearingResult: 'DEFAULTED', balanceDueCents: 0 }), ASOF)).toMatchObject({ status: 'closed', defaulted: true, reopenableUntil: null });
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'WRITTEN OFF', hearingResult: 'DEFAULTED' }), ASOF)).toMatchObject({ status: 'closed', defaulted: true, dueCents: 0 });
  });

  it('a default followed by a new hearing was reopened: open until the new outcome shows, nothing imposed, no window', () => {
    const base = { hearingResult: 'DEFAULTED', decisionDate: '2026-10-06', penaltyImposedCents: 250_000, balanceDueCents: 250_000 };
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'RESCHEDULED', hearingDate: '2026-12-10' }), ASOF)).toMatchObject({ status: 'open', defaulted: true, reopened: true, imposedCents: 0, dueCents: 0, reopenableUntil: null });
    // A later hearing date alone shows it too, even after that hearing passed.
    expect(ticketStanding(ticket({ ...base, hearingStatus: 'DEFAULTED', hearingDate: '2026-10-20' }), ASOF)).toMatchObject({ reopened: true, reopenableUntil: null, status: 'open' });
  });

  it('unknown values are named, decide nothing, and never let a ticket read as closed', () => {
    const standing = ticketStanding(ticket({ hearingStatus: 'APPEAL PENDING', hearingResult: 'SOMETHING NEW', complianceStatus: 'Maybe Due' }), ASOF);
    expect(standing).toMatchObject({ status: 'open', defaulted: false, imposedCents: 0, dueCents: 0 });
    expect(standing.unknownValues).toEqual(['hearing_status "APPEAL PENDING"', 'hearing_result "SOMETHING NEW"', 'compliance_status "Maybe Due"']);
    // An unknown compliance value beside a known unpaid default: still defaulted.
    expect(ticketStanding(ticket({ hearingStatus: 'DEFAULTED', decisionDate: '2020-01-01', balanceDueCents: 100, complianceStatus: 'Other' }), ASOF)).toMatchObject({ status: 'defaulted', unknownValues: ['compliance_status "Other"'] });
    // Case and spacing are not unknown values.
    expect(ticketStanding(ticket({ hearingStatus: 'paid  in full', complianceStatus: 'all terms met' }), ASOF).unknownValues).toEqual([]);
  });

  it('unknownTicketValues (counted as an ingest reads) names what the standing names; a value as the vocabulary writes it reads as its other spellings', () => {
    const messy = (value: string) => ` ${value.toLowerCase().replace(/ /g, '  ')} `;
    const values = (vocabulary: Readonly<Record<string, unknown>>) => [null, '', 'SOMETHING NEW', ...Object.keys(vocabulary), ...Object.keys(vocabulary).map(messy)];
    for (const hearingStatus of values(HEARING_STATUSES)) {
      for (const hearingResult of values(HEARING_RESULTS)) {
        for (const complianceStatus of values(COMPLIANCE_STATUSES)) {
          const record = ticket({ hearingStatus, hearingResult, complianceStatus, decisionDate: '2026-10-01', hearingDate: '2026-10-01', penaltyImposedCents: 500, balanceDueCents: 500 });
          const standing = ticketStanding(record, ASOF);
          expect(unknownTicketValues(record)).toEqual(standing.unknownValues);
          const spelledOtherwise = { ...record, hearingStatus: hearingStatus && messy(hearingStatus), hearingResult: hearingResult && messy(hearingResult), complianceStatus: complianceStatus && messy(complianceStatus) };
          // The same standing; an unknown value is quoted as written.
          const other = ticketStanding(spelledOtherwise, ASOF);
          expect([record, { ...other, unknownValues: other.unknownValues.length }]).toEqual([record, { ...standing, unknownValues: standing.unknownValues.length }]);
        }
      }
    }
  });

  it('every vocabulary value is named in the served description', () => {
    for (const value of [...Object.keys(HEARING_STATUSES), ...Object.keys(HEARING_RESULTS)]) expect(TICKET_STATUS_DESCRIPTION).toContain(value);
    for (const value of Object.keys(COMPLIANCE_STATUSES)) expect(TICKET_STATUS_DESCRIPTION.toUpperCase()).toContain(value);
  });
});

describe('new-hearing window (reopenableUntil)', () => {
  const DECIDED = '2026-09-01';
  const defaulted = (over: Partial<TicketRecord> = {}) => ticket({ hearingStatus: 'DEFAULTED', hearingResult: 'DEFAULTED', hearingDate: '2026-08-25', decisionDate: DECIDED, penaltyImposedCents: 250_000, balanceDueCents: 250_000, ...over });
  const on = (day: string) => new Date(`${day}T23:59:59Z`);
  const LAST_DAY = '2026-11-15'; // 2026-09-01 + 75 days

  it('is the decision date + 75 days, live on days 74 and 75 after the decision and gone on day 76', () => {
    expect(addDays(DECIDED, 75)).toBe(LAST_DAY);
    expect(ticketStanding(defaulted(), on(addDays(DECIDED, 74))).reopenableUntil).toBe(LAST_DAY);
    expect(ticketStanding(defaulted(), on(addDays(DECIDED, 75))).reopenableUntil).toBe(LAST_DAY);
    expect(ticketStanding(defaulted(), new Date(`${LAST_DAY}T00:00:00Z`)).reopenableUntil).toBe(LAST_DAY);
    expect(ticketStanding(defaulted(), new Date(`${addDays(DECIDED, 76)}T00:00:00Z`)).reopenableUntil).toBeNull();
    // The day of the decision itself.
    expect(ticketStanding(defaulted(), on(DECIDED)).reopenableUntil).toBe(LAST_DAY);
  });

  it('counts from the hearing date when no decision date is given', () => {
    const noDecision = defaulted({ decisionDate: null, hearingDate: '2026-09-10' });
    expect(ticketStanding(noDecision, on(addDays('2026-09-10', 75))).reopenableUntil).toBe(addDays('2026-09-10', 75));
    expect(ticketStanding(noDecision, on(addDays('2026-09-10', 76))).reopenableUntil).toBeNull();
    expect(ticketStanding(defaulted({ decisionDate: null, hearingDate: null }), on(DECIDED)).reopenableUntil).toBeNull();
  });

  it('is null for a ticket that is not an unpaid default or that was already reopened', () => {
    const day = on(addDays(DECIDED, 10));
    expect(ticketStanding(defaulted({ hearingStatus: 'PAID IN FULL', balanceDueCents: 0 }), day).reopenableUntil).toBeNull();
    expect(ticketStanding(defaulted({ hearingStatus: 'HEARING COMPLETED', hearingResult: 'IN VIOLATION' }), day).reopenableUntil).toBeNull();
    expect(ticketStanding(defaulted({ hearingStatus: 'RESCHEDULED', hearingDate: '2026-10-01' }), day).reopenableUntil).toBeNull();
    expect(ticketStanding(defaulted({ hearingDate: '2026-09-20' }), day).reopenableUntil).toBeNull();
  });

  it('is null for a default after a new hearing an earlier load showed (first default only), which stays defaulted and reopened', () => {
    const day = on(addDays(DECIDED, 10));
    expect(ticketStanding(defaulted({}), day)).toMatchObject({ status: 'defaulted', reopened: false, reopenableUntil: addDays(DECIDED, 75) });
    expect(ticketStanding(defaulted({ reopenedBefore: false }), day).reopenableUntil).toBe(addDays(DECIDED, 75));
    expect(ticketStanding(defaulted({ reopenedBefore: true }), day)).toMatchObject({ status: 'defaulted', defaulted: true, decided: true, reopened: true, reopenableUntil: null });
  });
});

describe('charges', () => {
  it('sought is the sum of the charges (a blank amount is 0); the lead charge is the first described one', () => {
    const record = { charges: [charge(null, null, null), charge(62_500, null, 'B27'), charge(125_000, 'FAILURE TO MAINTAIN', 'B6')] };
    expect(soughtCentsOf(record)).toBe(187_500);
    expect(leadCharge(record)).toBe('B27');
    expect(leadCharge({ charges: [] })).toBeNull();
  });
});
