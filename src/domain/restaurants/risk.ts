import { cappedFactor, plural, RISK_LEVEL_BANDS, riskOf, type ScoreFactor } from '../scoring';
import type { InspectionRecord, RiskBlock, RiskFactor } from './types';
import { citationsOf, DatedCitation } from './history';
import { inWindow, recencyWeight } from './recency';
import { criticalFoodCitations, recentClosures, recentScoredInspections } from './sanitary';
import { VERMIN_WINDOW_MONTHS } from './vermin';
import { verminKindOf } from './violation-codes';

/**
 * How the restaurant risk score is computed. This text is served in the OpenAPI
 * description verbatim; keep it and the code below in step.
 */
export const RISK_SCORE_DESCRIPTION = `Restaurant risk score (0-100, higher is worse), computed from the city's inspection records only.

Every finding counts with a recency weight w = 0.5^(ageDays/365): a finding three weeks old weighs about 1.0, one year old 0.5, three years old 0.125. The score is the sum of four factors, each rounded to whole points and capped; the caps add up to 100, so every point of the score is listed in exactly one factor's detail.

- critical_food: critical citations in a food category (vermin, food_temp, hygiene, facility) on cycle or pre-permit inspections in the last 24 months. Points = min(30, round(4 x sum of w)).
- vermin: vermin-category citations in the last 36 months. Sightings (04K rats, 04L mice, 04M roaches, 04N flies, 04O other animals) count 8 x w, conditions conducive to pests (08A, 08B) 3 x w. Points = min(25, round(sum)).
- grade_trouble: cycle or pre-permit inspections in the last 36 months that scored outside the A band: a B-band score (14-27) counts 5 x w, a C-band score (28 or more) 10 x w. Points = min(25, round(sum)).
- closures: closures by the Health Department (ACTION "Establishment Closed" or "re-closed") on cycle or pre-permit inspections in the last 36 months, 15 x w each. Points = min(20, round(sum)).

Level: ${RISK_LEVEL_BANDS}.

Each factor's count is the flat number of matching records in its window; its detail states the weighted sum and the points. Every term is a non-negative weight that grows as a finding gets fresher, so more or fresher bad findings never lower the score. Owner remediation documents and community reports never change it.`;

export const RISK_FACTOR_KEYS = ['critical_food', 'vermin', 'grade_trouble', 'closures'] as const;
export type RiskFactorKey = (typeof RISK_FACTOR_KEYS)[number];

interface FactorInput {
  key: RiskFactorKey;
  label: string;
  count: number;
  weightedUnits: number;
  cap: number;
  explain: (count: number, weighted: string) => string;
}

/** A factor whose detail states its weighted units (the points before rounding and the cap). */
function factor(input: FactorInput): ScoreFactor<RiskFactorKey> {
  return cappedFactor(input.key, input.label, input.count, input.weightedUnits, input.cap, input.explain(input.count, input.weightedUnits.toFixed(2)));
}

/** A factor as the risk block serves it: its points are in its detail, not a field of their own. */
export const servedFactor = ({ points: _points, ...served }: ScoreFactor<string>): RiskFactor => served;

/** The risk block from visits sorted newest first (see inspectionsAsOf) and the clock. */
export function riskBlock(inspections: InspectionRecord[], asOf: Date): RiskBlock {
  const w = (date: string) => recencyWeight(date, asOf);
  const citations: DatedCitation[] = citationsOf(inspections);

  const criticalFood = criticalFoodCitations(citations, asOf);
  const vermin = citations.filter((citation) => verminKindOf(citation.code) && inWindow(citation.inspectedAt, asOf, VERMIN_WINDOW_MONTHS));
  const sightings = vermin.filter((citation) => verminKindOf(citation.code) !== 'conducive');
  const troubled = recentScoredInspections(inspections, asOf).filter((inspection) => inspection.score! >= 14);
  const closures = recentClosures(inspections, asOf);

  const parts = [
    factor({
      key: 'critical_food',
      label: 'Critical food-safety citations',
      count: criticalFood.length,
      weightedUnits: 4 * criticalFood.reduce((sum, citation) => sum + w(citation.inspectedAt), 0),
      cap: 30,
      explain: (count, weighted) => `${plural(count, 'critical food-safety citation')} in the last 24 months; 4 points per recency-weighted citation (weighted ${weighted})`,
    }),
    factor({
      key: 'vermin',
      label: 'Vermin',
      count: vermin.length,
      weightedUnits: vermin.reduce((sum, citation) => sum + (verminKindOf(citation.code) === 'conducive' ? 3 : 8) * w(citation.inspectedAt), 0),
      cap: 25,
      explain: (count, weighted) =>
        `${plural(count, 'vermin citation')} in the last 36 months (${plural(sightings.length, 'sighting')} at 8 points, ${plural(count - sightings.length, 'conducive condition')} at 3, recency-weighted: ${weighted})`,
    }),
    factor({
      key: 'grade_trouble',
      label: 'Inspection scores outside the A band',
      count: troubled.length,
      weightedUnits: troubled.reduce((sum, inspection) => sum + (inspection.score! >= 28 ? 10 : 5) * w(inspection.inspectedAt), 0),
      cap: 25,
      explain: (count, weighted) => `${plural(count, 'inspection')} in the last 36 months scored 14 or more (B band 5 points, C band 10, recency-weighted: ${weighted})`,
    }),
    factor({
      key: 'closures',
      label: 'Closures by the Health Department',
      count: closures.length,
      weightedUnits: 15 * closures.reduce((sum, inspection) => sum + w(inspection.inspectedAt), 0),
      cap: 20,
      explain: (count, weighted) => `${plural(count, 'closure')} in the last 36 months; 15 points per recency-weighted closure (weighted ${weighted})`,
    }),
  ];
  const { score, level } = riskOf(parts);
  return { score, level, factors: parts.map(servedFactor) };
}
