import fc from 'fast-check';
import { reopenableSavings, type SavingsTicket } from './savings';
import { ticketStanding } from './tickets';
import type { TicketRecord } from './types';

const ASOF = new Date('2026-11-23T09:00:00Z');
const t = (reopenableUntil: string | null, imposedCents: number, soughtCents: number, lateFeesCents = 0): SavingsTicket => ({ reopenableUntil, imposedCents, soughtCents, lateFeesCents });

describe('reopenable savings (hand-computed fixtures)', () => {
  it('sums default inflation (floor) and everything at stake (ceiling) over live windows only', () => {
    const tickets = [
      // live: imposed $2,500 on $1,000 sought, $150 late fees -> min 1,500, max 2,650
      t('2026-12-01', 250_000, 100_000, 15_000),
      // live on its last day: imposed $800 on $1,000 sought (no inflation) -> min 0, max 800
      t('2026-11-23', 80_000, 100_000),
      // lapsed yesterday: counts for nothing
      t('2026-11-22', 1_000_000, 0, 50_000),
      // no window: counts for nothing
      t(null, 500_000, 100_000),
    ];
    expect(reopenableSavings(tickets, ASOF)).toEqual({ reopenableSavingsMinCents: 150_000, reopenableSavingsMaxCents: 265_000 + 80_000, reopenableTickets: 2 });
  });

  it('is 0 and 0 with no live window', () => {
    expect(reopenableSavings([], ASOF)).toEqual({ reopenableSavingsMinCents: 0, reopenableSavingsMaxCents: 0, reopenableTickets: 0 });
    expect(reopenableSavings([t(null, 100, 0)], ASOF).reopenableSavingsMaxCents).toBe(0);
  });

  it('on ticket standings: a live unpaid default, a paid default and a default whose window lapsed', () => {
    const record = (over: Partial<TicketRecord>): TicketRecord => ({
      ticket: '1', issuingAgency: null, violationDate: null, hearingStatus: 'DEFAULTED', hearingResult: 'DEFAULTED', complianceStatus: 'Penalty Due',
      hearingDate: '2026-10-01', decisionDate: '2026-10-06', penaltyImposedCents: 400_000, paidCents: 0, lateFeesCents: 2_500, balanceDueCents: 402_500,
      charges: [{ code: 'B6', section: null, description: null, amountCents: 100_000 }, { code: 'B7', section: null, description: null, amountCents: 60_000 }],
      ...over,
    });
    const standings = [
      record({}), // live until 2026-12-20: min 4,000 - 1,600 = 2,400; max 4,000 + 25 = 4,025
      record({ hearingStatus: 'PAID IN FULL', balanceDueCents: 0, complianceStatus: 'All Terms Met' }), // paid: no window
      record({ decisionDate: '2026-09-01', hearingDate: '2026-08-25' }), // window ended 2026-11-15
    ].map((r) => ticketStanding(r, ASOF));
    expect(standings.map((s) => s.reopenableUntil)).toEqual(['2026-12-20', null, null]);
    expect(reopenableSavings(standings, ASOF)).toEqual({ reopenableSavingsMinCents: 240_000, reopenableSavingsMaxCents: 402_500, reopenableTickets: 1 });
  });

  it('the floor is never above the ceiling, and neither is negative', () => {
    const day = fc.integer({ min: -30, max: 30 }).map((d) => new Date(ASOF.getTime() + d * 86_400_000).toISOString().slice(0, 10));
    const ticket = fc.record({ reopenableUntil: fc.option(day, { nil: null }), imposedCents: fc.integer({ min: -1000, max: 10_000_000 }), soughtCents: fc.integer({ min: -1000, max: 10_000_000 }), lateFeesCents: fc.integer({ min: -100, max: 100_000 }) });
    fc.assert(
      fc.property(fc.array(ticket, { maxLength: 20 }), (tickets) => {
        const savings = reopenableSavings(tickets, ASOF);
        expect(savings.reopenableSavingsMinCents).toBeGreaterThanOrEqual(0);
        expect(savings.reopenableSavingsMinCents).toBeLessThanOrEqual(savings.reopenableSavingsMaxCents);
      }),
      { numRuns: 300 },
    );
  });
});
