import { RequestLine } from '../request-line';
import { day, dollars } from '../format';
import type { ContractorProfile, ContractorTicket } from '../api-types';
import { Factors, RiskBadge } from './factors';
import { useAnswers } from './load';

/**
 * The API prints a window only while it is open on its mode's clock (test keys: the fixture's
 * reference date), so the console shows the last day rather than counting days on the browser's clock.
 */
function windowText(until: string): string {
  return `new hearing granted on request until ${day(until)}`;
}

export function ContractorCard({ slug }: { slug: string }) {
  const id = encodeURIComponent(slug);
  const answers = useAnswers<[{ data: ContractorProfile }, { data: ContractorTicket[]; meta: { nextCursor: string | null } }]>(slug, [
    [`/api/v1/contractors/${id}`],
    [`/api/v1/contractors/${id}/tickets`, { limit: 100 }],
  ]);
  if (!answers) return <p aria-busy="true">Loading the contractor…</p>;
  const [profile, tickets] = answers;
  if (!profile.ok) return <RequestLine answer={profile} />;
  const company = profile.body.data;
  return (
    <article class="card" data-testid="contractor-card" aria-labelledby="card-title">
      <header>
        <h3 id="card-title">{company.name}</h3>
        <p class="muted">
          {company.tickets} tickets, {company.openTickets} open · {dollars(company.finesDueCents)} due of {dollars(company.finesImposedCents)} imposed · {company.defaultedHearings} defaulted hearings
        </p>
        <p>
          <RiskBadge level={company.riskLevel} score={company.riskScore} />
        </p>
      </header>
      <section aria-labelledby="savings" class="savings">
        <h4 id="savings">Savings by reopening defaulted hearings</h4>
        <p data-testid="savings">
          {company.reopenableSavingsMaxCents > 0
            ? `${dollars(company.reopenableSavingsMinCents)} to ${dollars(company.reopenableSavingsMaxCents)} could be saved by asking for new hearings while their windows are open.`
            : 'No defaulted ticket can be reopened now.'}
        </p>
      </section>
      <section aria-labelledby="tickets">
        <h4 id="tickets">Tickets</h4>
        {!tickets.ok ? (
          <RequestLine answer={tickets} />
        ) : (
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Charge</th>
                  <th scope="col">Hearing</th>
                  <th scope="col">Status</th>
                  <th scope="col">Due</th>
                  <th scope="col">Reopen window</th>
                </tr>
              </thead>
              <tbody>
                {tickets.body.data.map((ticket) => (
                  <tr key={ticket.ticket}>
                    <td>{ticket.ticket}</td>
                    <td>{ticket.charge}</td>
                    <td>
                      {day(ticket.hearingDate)} <span class="muted">{ticket.hearingResult}</span>
                    </td>
                    <td>
                      <span class={`badge ticket-${ticket.status}`}>{ticket.status}</span>
                    </td>
                    <td>{dollars(ticket.dueCents)}</td>
                    <td>{ticket.reopenableUntil ? <span class="window-open">{windowText(ticket.reopenableUntil)}</span> : <span class="muted">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="contractor-risk">
        <h4 id="contractor-risk">Risk factors</h4>
        <Factors factors={company.riskFactors} empty="No risk factor." />
        {company.spellings.length > 1 ? <p class="muted">Docketed as: {company.spellings.join(' · ')}</p> : null}
      </section>
      <RequestLine answer={profile} />
    </article>
  );
}
