import { ticketStanding, type TicketRecord } from '../../domain/contractors';
import { profileOf } from './shape';

const ASOF = new Date('2026-04-01T12:00:00Z');
const COMPANY = { slug: 'acme-corp', name: 'ACME CORP', spellings: ['ACME CORP.', 'ACME CORP'] };

function defaulted(ticket: string, decided: string, imposed: number, sought: number, fees: number): TicketRecord {
  return {
    ticket, issuingAgency: 'DOB', violationDate: '2025-12-01', hearingStatus: 'HEARING COMPLETED', hearingResult: 'DEFAULTED', complianceStatus: 'Penalty Due',
    hearingDate: decided, decisionDate: decided, penaltyImposedCents: imposed, paidCents: 0, lateFeesCents: fees, balanceDueCents: imposed + fees,
    charges: [{ code: 'X', section: null, description: 'X', amountCents: sought }],
  };
}
const standing = (record: TicketRecord) => ({ record, charge: 'X', standing: ticketStanding(record, ASOF) });

describe('profileOf', () => {
  it('adds grouped findings and re-derived tickets; savings over the live windows only, by hand', () => {
    const profile = profileOf(COMPANY, {
      groups: [
        // 3 paid tickets found against the company, nothing due.
        { finding: { issuedAt: '2025-06-01', decidedAt: null, open: false, unpaidDefault: false, found: true, hasBalanceDue: false, count: 3 }, imposedCents: 150000, dueCents: 0 },
        // 2 old unpaid defaults (windows long closed), $400 due in all.
        { finding: { issuedAt: '2024-01-01', decidedAt: '2024-03-01', open: true, unpaidDefault: true, found: true, hasBalanceDue: true, count: 2 }, imposedCents: 40000, dueCents: 40000 },
      ],
      rederived: [
        standing(defaulted('T74', '2026-01-17', 250000, 100000, 10000)), // live to 04-02: min 1,500, max 2,600
        standing(defaulted('T75', '2026-01-16', 80000, 100000, 5000)), // live to 04-01: min 0, max 850
        standing(defaulted('T76', '2026-01-15', 300000, 50000, 0)), // lapsed 03-31
      ],
    }, ASOF);
    expect(profile).toMatchObject({
      slug: 'acme-corp', name: 'ACME CORP', tickets: 8, openTickets: 5, defaultedHearings: 5,
      finesImposedCents: 150000 + 40000 + 250000 + 80000 + 300000,
      finesDueCents: 40000 + 260000 + 85000 + 300000,
      reopenableSavingsMinCents: 150000, reopenableSavingsMaxCents: 345000,
      spellings: ['ACME CORP', 'ACME CORP.'],
    });
    expect(profile.riskFactors.reduce((sum, f) => sum + f.points, 0)).toBe(profile.riskScore);
    expect(profile.riskFactors.map((f) => [f.key, f.count])).toEqual([['fines_due', 5], ['defaulted_hearings', 5], ['open_tickets', 5], ['violations_found', 8]]);
    // violations_found: the 3 paid, the 2 defaults issued 2024-01-01 (821 days, inside 1,095) and the 3 re-derived defaults.
  });

  it('a company without tickets has zero figures and a LOW level', () => {
    expect(profileOf(COMPANY, { groups: [], rederived: [] }, ASOF)).toMatchObject({ tickets: 0, openTickets: 0, riskScore: 0, riskLevel: 'LOW', reopenableSavingsMinCents: 0, reopenableSavingsMaxCents: 0 });
  });
});
