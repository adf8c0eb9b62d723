import { Fragment } from 'preact';
import { RequestLine } from '../request-line';
import type { LotOwners, Portfolio } from '../api-types';
import { addressLine, contactName, portfolioFigures, portfolioName, registrationText, roleText } from '../owners';
import { useAnswers } from './load';

/**
 * Who owns a lot (its current HPD registration's contacts) and the portfolio they group it
 * into, with what the portfolio's lots owe: GET /properties/{bbl}/owners, then the portfolio
 * it names.
 */
export function OwnerCard({ bbl, onPickContractor }: { bbl: string; onPickContractor(slug: string): void }) {
  const owners = useAnswers<[{ data: LotOwners }]>(bbl, [[`/api/v1/properties/${bbl}/owners`]]);
  const placed = owners?.[0].ok ? owners[0].body.data.portfolio : null;
  // The portfolio is asked for once the lot names one; a lot in none asks for nothing more.
  const portfolio = useAnswers<[{ data: Portfolio }]>(placed ? `${bbl}:${placed.id}` : `${bbl}:none`, placed ? [[`/api/v1/portfolios/${placed.id}`]] : []);
  if (!owners) return <p aria-busy="true">Loading the owners…</p>;
  const [answer] = owners;
  if (!answer.ok) return <RequestLine answer={answer} />;
  const lot = answer.body.data;
  const shown = portfolio?.[0];
  return (
    <article class="card" data-testid="owner-card" aria-labelledby="owner-card-title">
      <header>
        <h3 id="owner-card-title">Owners</h3>
        <p class="muted">{lot.registration ? registrationText(lot.registration) : 'HPD has no registration of this lot (fewer than three units, or not residential): no owners on record.'}</p>
      </header>
      {lot.contacts.length > 0 ? (
        <section aria-labelledby="owner-contacts">
          <h4 id="owner-contacts">Registration contacts</h4>
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Role</th>
                  <th scope="col">Name</th>
                  <th scope="col">Business address</th>
                </tr>
              </thead>
              <tbody>
                {lot.contacts.map((contact, index) => (
                  <tr key={index}>
                    <td>{roleText(contact.role)}</td>
                    <td>{contactName(contact)}</td>
                    <td>{addressLine(contact.businessAddress) || <span class="muted">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {placed ? (
        <section aria-labelledby="owner-portfolio" data-testid="owner-portfolio">
          <h4 id="owner-portfolio">Portfolio</h4>
          {!shown ? (
            <p aria-busy="true">Loading the portfolio…</p>
          ) : !shown.ok ? (
            <RequestLine answer={shown} />
          ) : (
            <>
              <p>
                <strong>{portfolioName(shown.body.data)}</strong>{' '}
                <span class="muted">
                  · portfolio {shown.body.data.id} (<a href="/docs#/Owners/getPortfolio">GET /api/v1/portfolios/{shown.body.data.id}</a>)
                </span>
              </p>
              {shown.body.data.people.length > 1 ? <p class="muted">With {shown.body.data.people.slice(1, 4).map((person) => person.name).join(' · ')}</p> : null}
              <dl class="figures">
                {portfolioFigures(shown.body.data).map(([label, value]) => (
                  <Fragment key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </Fragment>
                ))}
              </dl>
              {shown.body.data.contractors.length > 0 ? (
                <p>
                  Docketed at OATH as:{' '}
                  {shown.body.data.contractors.map((company, index) => (
                    <Fragment key={company.slug}>
                      {index > 0 ? ' · ' : null}
                      <button type="button" class="link" onClick={() => onPickContractor(company.slug)}>
                        {company.name}
                      </button>
                    </Fragment>
                  ))}
                </p>
              ) : null}
              <RequestLine answer={shown} />
            </>
          )}
        </section>
      ) : null}
      <RequestLine answer={answer} />
    </article>
  );
}
