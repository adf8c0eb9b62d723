import type { Factor } from '../types';

export function Factors({ factors, empty }: { factors: Factor[]; empty: string }) {
  if (!factors.length) return <p class="muted">{empty}</p>;
  return (
    <ul class="factors">
      {factors.map((factor) => (
        <li key={factor.key}>
          <strong>{factor.label}</strong>
          {'points' in factor ? <span class="points"> +{factor.points}</span> : null}
          <span class="muted"> · {factor.detail}</span>
        </li>
      ))}
    </ul>
  );
}

export function RiskBadge({ level, score }: { level: string; score: number }) {
  return (
    <span class={`badge risk-${level.toLowerCase()}`}>
      {level} risk · {score}
    </span>
  );
}
