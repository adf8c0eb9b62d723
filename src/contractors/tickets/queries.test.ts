import { buildTicketQuery, type TicketFilter } from './queries';

const BASE: TicketFilter = { company: 'acme', sort: '-date', today: '2026-04-01' };
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('buildTicketQuery', () => {
  it('reads dated then undated tickets, each branch in index order, limit applied to both and the page', () => {
    const { text, values } = buildTicketQuery(BASE, 't.ticket', null, 21);
    expect(flat(text)).toBe(flat(`select * from ((select t.ticket from contractor_tickets t where t.company = $1 and t.violation_date is not null
      order by t.violation_date desc nulls last, t.ticket desc limit $2) union all (select t.ticket from contractor_tickets t where t.company = $1 and t.violation_date is null
      order by t.violation_date desc nulls last, t.ticket desc limit $2)) page order by page.violation_date desc nulls last, page.ticket desc limit $2`));
    expect(values).toEqual(['acme', 21]);
  });

  it('continues after a dated position with a row comparison, and after an undated one among the undated only', () => {
    const dated = buildTicketQuery({ ...BASE, sort: 'date' }, 't.ticket', ['2025-01-10', '0100000007'], 5);
    expect(flat(dated.text)).toContain('(t.violation_date, t.ticket) > ($3::date, $4::text) order by t.violation_date asc nulls first, t.ticket asc limit $2');
    expect(flat(dated.text)).toContain('t.violation_date is null order by');
    expect(dated.values).toEqual(['acme', 5, '2025-01-10', '0100000007']);
    const undated = buildTicketQuery(BASE, 't.ticket', [null, '0100000007'], 5);
    expect(flat(undated.text)).toContain('t.violation_date is null and t.ticket < $3::text');
    expect(flat(undated.text)).not.toContain('union all');
  });

  it('keeps a superset for a status filter (undecided tickets derived on another day), exact SQL for the window (never for a summons reopened once) and the dates', () => {
    const { text, values } = buildTicketQuery({ ...BASE, status: ['open'], reopenableOnly: true, hearingAfter: '2026-01-01', since: '2025-01-01', until: '2025-12-31' }, 't.ticket', null, 3);
    expect(flat(text)).toContain("(t.status = any($2::text[]) or (not t.decided and t.as_of <> $3::date)) and t.status = 'defaulted' and not t.reopened and coalesce(t.decision_date, t.hearing_date) + 75 >= $4::date and t.hearing_date >= $5::date and t.violation_date >= $6::date and t.violation_date <= $7::date");
    expect(values).toEqual(['acme', ['open'], '2026-04-01', '2026-04-01', '2026-01-01', '2025-01-01', '2025-12-31', 3]);
  });

  it('every status asked is no filter at all', () => {
    expect(buildTicketQuery({ ...BASE, status: ['open', 'defaulted', 'closed'] }, 't.ticket', null, 3).text).not.toContain('t.status');
  });
});
