import { RequestLine } from '../request-line';
import { day, gradeColour, gradeLabel } from '../format';
import type { RestaurantInspection, RestaurantProfile } from '../api-types';
import { Factors, RiskBadge } from './factors';
import { useAnswers } from './load';
import { ScoreChart } from './score-chart';

export function RestaurantCard({ camis }: { camis: string }) {
  const id = encodeURIComponent(camis);
  const answers = useAnswers<[{ data: RestaurantProfile }, { data: RestaurantInspection[] }]>(camis, [[`/api/v1/restaurants/${id}`], [`/api/v1/restaurants/${id}/inspections`]]);
  if (!answers) return <p aria-busy="true">Loading the restaurant…</p>;
  const [profile, history] = answers;
  if (!profile.ok) return <RequestLine answer={profile} />;
  const { restaurant, risk, vermin, sanitary, stats } = profile.body.data;
  return (
    <article class="card" data-testid="restaurant-card" aria-labelledby="card-title">
      <header>
        <h3 id="card-title">{restaurant.name}</h3>
        <p class="muted">
          {restaurant.address}, {restaurant.borough} {restaurant.zip ?? ''} · {restaurant.cuisine ?? 'cuisine not stated'} · CAMIS {restaurant.camis}
          {restaurant.closed ? ' · closed by the Health Department' : ''}
        </p>
        <p>
          <span class="badge" style={{ background: gradeColour(restaurant.grade) }}>
            {gradeLabel(restaurant.grade)}
          </span>{' '}
          <RiskBadge level={risk.level} score={risk.score} /> <span class="muted">graded {day(profile.body.data.gradeDate)}</span>
        </p>
      </header>
      <div class="card-grid">
        <section aria-labelledby="risk-factors">
          <h4 id="risk-factors">Risk factors</h4>
          <Factors factors={risk.factors} empty="No risk factor." />
        </section>
        <section aria-labelledby="vermin-block">
          <h4 id="vermin-block">Vermin</h4>
          <dl class="figures">
            <dt>Rats</dt>
            <dd>{vermin.rats}</dd>
            <dt>Mice</dt>
            <dd>{vermin.mice}</dd>
            <dt>Roaches</dt>
            <dd>{vermin.roaches}</dd>
            <dt>Flies</dt>
            <dd>{vermin.flies}</dd>
            <dt>Conducive conditions</dt>
            <dd>{vermin.conducive}</dd>
            <dt>Last sighted</dt>
            <dd>{day(vermin.lastSightedAt)}</dd>
          </dl>
        </section>
        <section aria-labelledby="sanitary-block">
          <h4 id="sanitary-block">Sanitary</h4>
          <dl class="figures">
            <dt>Latest cycle score</dt>
            <dd>{sanitary.latestCycleScore ?? '—'}</dd>
            <dt>Worst score, 36 months</dt>
            <dd>{sanitary.worstScore36mo ?? '—'}</dd>
            <dt>Critical food violations, 24 months</dt>
            <dd>{sanitary.criticalFood24mo}</dd>
            <dt>Open food violations</dt>
            <dd>{sanitary.openFoodViolations}</dd>
            <dt>Closures, 36 months</dt>
            <dd>{sanitary.closures36mo}</dd>
            <dt>OATH summonses</dt>
            <dd>{stats.oathSummonses}</dd>
          </dl>
        </section>
      </div>
      <section aria-labelledby="history">
        <h4 id="history">Inspection history</h4>
        {history.ok ? <ScoreChart inspections={history.body.data} /> : <RequestLine answer={history} />}
      </section>
      <RequestLine answer={profile} />
    </article>
  );
}
