import { shareOf, type TicketShareRow } from './totals';

const ticket = (spelling: string | null, overrides: Partial<TicketShareRow> = {}): TicketShareRow => ({
  spelling, status: 'open', defaulted: false, soughtCents: 0, imposedCents: 0, lateFeesDueCents: 0, dueCents: 0, reopenableUntil: null, ...overrides,
});

describe('shareOf', () => {
  it('sums by spelling as the totals query does, windows live on the day only, individuals left out', () => {
    const share = shareOf([
      ticket('ACME CORP', { status: 'defaulted', defaulted: true, soughtCents: 500, imposedCents: 1_000, lateFeesDueCents: 50, dueCents: 1_050, reopenableUntil: '2026-12-07' }),
      ticket('ACME CORP', { status: 'closed', soughtCents: 2_000, imposedCents: 1_500, dueCents: 0, reopenableUntil: '2026-12-08' }),
      ticket('ACME CORP', { status: 'defaulted', defaulted: true, imposedCents: 700, reopenableUntil: '2026-12-06' }),
      ticket('BETA LLC', { soughtCents: 300 }),
      ticket(null, { soughtCents: 9_999 }),
    ], '2026-12-07');
    expect([...share.keys()].sort()).toEqual(['ACME CORP', 'BETA LLC']);
    expect(share.get('ACME CORP')).toEqual({
      tickets: 3, open_tickets: 2, defaulted_hearings: 2, defaulted_tickets: 2, fines_sought_cents: 2_500, fines_imposed_cents: 3_200, fines_due_cents: 1_050,
      reopenable_tickets: 2, reopenable_savings_min_cents: 500, reopenable_savings_max_cents: 2_550,
    });
    expect(share.get('BETA LLC')).toMatchObject({ tickets: 1, open_tickets: 1, fines_sought_cents: 300, reopenable_tickets: 0 });
  });
});
