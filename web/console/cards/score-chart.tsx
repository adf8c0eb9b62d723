import { day, gradeColour } from '../format';
import type { RestaurantInspection } from '../api-types';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 22;

/**
 * Inspection scores over time (lower is better; 0-13 is an A, 14-27 a B, 28+ a C), one bar per
 * scored inspection, coloured by the grade it earned. The same figures follow as a table for
 * screen readers and anyone who prefers numbers.
 */
export function ScoreChart({ inspections }: { inspections: RestaurantInspection[] }) {
  const scored = inspections.filter((inspection) => inspection.score !== null).sort((a, b) => a.inspectedAt.localeCompare(b.inspectedAt));
  if (!scored.length) return <p class="muted">No scored inspection yet.</p>;
  const top = Math.max(28, ...scored.map((inspection) => inspection.score ?? 0));
  const slot = (WIDTH - PAD) / scored.length;
  const barWidth = Math.max(4, Math.min(28, slot - 4));
  const y = (score: number) => HEIGHT - PAD - ((HEIGHT - 2 * PAD) * score) / top;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Inspection scores, ${scored.length} inspections, latest ${scored[scored.length - 1].score}`} data-testid="score-chart">
        {[13, 27].map((limit) => (
          <g key={limit}>
            <line x1={PAD} x2={WIDTH} y1={y(limit)} y2={y(limit)} class="band" />
            <text x={0} y={y(limit) + 4} class="axis">
              {limit}
            </text>
          </g>
        ))}
        {scored.map((inspection, index) => {
          const score = inspection.score ?? 0;
          return (
            <rect key={index} x={PAD + index * slot + (slot - barWidth) / 2} y={y(score)} width={barWidth} height={Math.max(1, HEIGHT - PAD - y(score))} fill={gradeColour(inspection.grade)}>
              <title>
                {day(inspection.inspectedAt)}: score {score}
                {inspection.grade ? `, grade ${inspection.grade}` : ''}
              </title>
            </rect>
          );
        })}
        <text x={PAD} y={HEIGHT - 4} class="axis">
          {day(scored[0].inspectedAt)}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} class="axis end">
          {day(scored[scored.length - 1].inspectedAt)}
        </text>
      </svg>
      <figcaption>Score at each inspection (lower is better; dashed lines: the A and B limits).</figcaption>
      <details>
        <summary>Inspection history as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Score</th>
              <th scope="col">Grade</th>
              <th scope="col">Violations</th>
            </tr>
          </thead>
          <tbody>
            {[...inspections].sort((a, b) => b.inspectedAt.localeCompare(a.inspectedAt)).map((inspection, index) => (
              <tr key={index}>
                <td>{day(inspection.inspectedAt)}</td>
                <td>{inspection.type ?? '—'}</td>
                <td>{inspection.score ?? '—'}</td>
                <td>{inspection.grade ?? '—'}</td>
                <td>{inspection.violations.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
