import { DATE, nullable } from '../contract/components';
import type { Schema } from '../contract/types';
import { GRADES } from '../domain/restaurants/types';
import { RISK_LEVELS } from '../domain/scoring';

/**
 * The restaurant family's shapes. They are defined beside the pure rules that derive them
 * (src/domain/restaurants/types.ts) and the city's borough list in src/nyc; this module
 * gathers them for the family's routes, stores and ingest.
 */
export * from '../domain/restaurants/types';
export { BOROUGHS, UNKNOWN_BOROUGH } from '../nyc';
export type { Borough } from '../nyc';

/**
 * The RestaurantSummary schema: in the document (openapi.ts), and what the ingest orders an
 * establishment's stored summary by (its search documents carry it as served). Data only, so
 * the ingest reads it without the family's routes or document.
 */

const int = (description: string): Schema => ({ type: 'integer', description });
const num = (): Schema => ({ type: 'number' });

const summaryFields = {
  camis: { type: 'string', description: 'Health-department permit number; the establishment id.' },
  name: { type: 'string', description: 'Doing-business-as name.' },
  address: { type: 'string', description: 'Street address (borough is separate).' },
  borough: { type: 'string', description: 'Manhattan, Bronx, Brooklyn, Queens, Staten Island, or Unknown when the record names none.' },
  zip: nullable({ type: 'string' }),
  cuisine: nullable({ type: 'string' }),
  grade: { type: ['string', 'null'], enum: [...GRADES, null], description: 'Posted grade: A, B, C, Z, P or N (Z and P = pending, N = not yet graded).' },
  score: nullable(int('Score of the latest scored graded inspection: a cycle inspection or a pre-permit inspection of an operational establishment ("Cycle Inspection / ...", "Pre-permit (Operational) / ...", any stage). "Pre-permit (Non-operational)" visits (before the place opens) are not graded and never count, nor do administrative and enforcement visits (smoke-free air, trans fat, calorie, sodium, task force). LOWER is better; 0-13 is the A band.')),
  closed: { type: 'boolean', description: 'Currently marked closed by the health department.' },
  riskLevel: { type: 'string', enum: [...RISK_LEVELS] },
  riskScore: { type: 'integer', minimum: 0, maximum: 100, description: 'Higher is worse; see RiskBlock.' },
  lastInspectedAt: nullable(DATE),
  latitude: nullable(num()),
  longitude: nullable(num()),
  openViolations: int('Citations of the latest inspection (every visit on the latest inspection date).'),
};

export const RESTAURANT_SUMMARY_SCHEMA: Schema = {
  type: 'object',
  required: Object.keys(summaryFields),
  additionalProperties: false,
  properties: {
    ...summaryFields,
    distanceMeters: { type: 'integer', minimum: 0, description: 'Only on nearby results, and on search results when lat and lng were sent and the establishment has coordinates (search keeps those without, with no distanceMeters).' },
  },
};
