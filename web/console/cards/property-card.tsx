import { RequestLine } from '../request-line';
import { day, dollars, month } from '../format';
import type { Deadline, PropertyProfile } from '../api-types';
import { Factors, RiskBadge } from './factors';
import { useAnswers } from './load';

const STATUS_TEXT: Record<Deadline['status'], string> = {
  overdue: 'Overdue',
  action_needed: 'Action needed',
  due_soon: 'Due soon',
  ok: 'OK',
  unverifiable: 'Cannot be checked',
};

/** Dated deadlines by month, soonest first; undated ones after them. */
function calendar(deadlines: Deadline[]): Array<[string, Deadline[]]> {
  const groups = new Map<string, Deadline[]>();
  const sorted = [...deadlines].sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'));
  for (const deadline of sorted) {
    const heading = deadline.dueDate ? month(deadline.dueDate) : 'No fixed date';
    groups.set(heading, [...(groups.get(heading) ?? []), deadline]);
  }
  return [...groups];
}

export function PropertyCard({ bbl }: { bbl: string }) {
  const answers = useAnswers<[{ data: PropertyProfile }, { data: Deadline[] }]>(bbl, [[`/api/v1/properties/${bbl}`], [`/api/v1/properties/${bbl}/deadlines`]]);
  if (!answers) return <p aria-busy="true">Loading the property…</p>;
  const [profile, deadlines] = answers;
  if (!profile.ok) return <RequestLine answer={profile} />;
  const lot = profile.body.data;
  return (
    <article class="card" data-testid="property-card" aria-labelledby="card-title">
      <header>
        <h3 id="card-title">{lot.address || `Lot ${lot.bbl}`}</h3>
        <p class="muted">
          {lot.borough} · BBL {lot.bbl} · {lot.openViolations} open violations of {lot.totalRecords} records · {dollars(lot.finesDueCents)} due
        </p>
        <p>
          <RiskBadge level={lot.riskLevel} score={lot.riskScore} />
        </p>
      </header>
      <section aria-labelledby="deadlines">
        <h4 id="deadlines">Compliance deadlines</h4>
        {!deadlines.ok ? (
          <RequestLine answer={deadlines} />
        ) : deadlines.body.data.length === 0 ? (
          <p class="muted">No deadline applies to this lot.</p>
        ) : (
          <ol class="calendar">
            {calendar(deadlines.body.data).map(([heading, items]) => (
              <li key={heading}>
                <h5>{heading}</h5>
                <ul>
                  {items.map((deadline) => (
                    <li key={deadline.kind} class="deadline">
                      <time dateTime={deadline.dueDate ?? undefined}>{deadline.dueDate ? day(deadline.dueDate) : '—'}</time>
                      <span class={`badge status-${deadline.status}`}>{STATUS_TEXT[deadline.status]}</span>
                      <span>
                        <strong>{deadline.label}</strong>
                        <span class="muted"> · {deadline.whatToDo}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="property-risk">
        <h4 id="property-risk">Risk factors</h4>
        <Factors factors={lot.riskFactors} empty="No risk factor." />
      </section>
      <RequestLine answer={profile} />
    </article>
  );
}
