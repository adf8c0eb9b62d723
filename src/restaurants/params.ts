import { commaList, DATE, queryParam } from '../contract/components';
import type { Parameter, Schema } from '../contract/types';
import { NYC_BOUNDS } from '../domain/restaurants/records';
import { BOROUGHS, GRADES, RISK_LEVELS, VIOLATION_CATEGORIES } from './types';

/**
 * Query parameters shared by the restaurant endpoints and the city feeds, so a rule (NYC
 * bounds, ZIP shape, the grade list) is written once.
 */

const LAT: Schema = { type: 'number', minimum: NYC_BOUNDS.minLat, maximum: NYC_BOUNDS.maxLat };
const LNG: Schema = { type: 'number', minimum: NYC_BOUNDS.minLon, maximum: NYC_BOUNDS.maxLon };

export function latParam(description: string, required = false): Parameter {
  return { ...queryParam('lat', LAT, description, required), 'x-message': `lat must be a latitude within New York City, from ${LAT.minimum} to ${LAT.maximum}` };
}

export function lngParam(description: string, required = false): Parameter {
  return { ...queryParam('lng', LNG, description, required), 'x-message': `lng must be a longitude within New York City, from ${LNG.minimum} to ${LNG.maximum}` };
}

export const boroughListParam = commaList('borough', { type: 'string', enum: [...BOROUGHS] }, `Boroughs to keep, spelled as GET /meta/boroughs lists them: ${BOROUGHS.join(', ')}.`);
export const zipListParam = commaList('zip', { type: 'string', pattern: '^[0-9]{5}$' }, 'Five-digit ZIP codes to keep.');
export const cuisineListParam = commaList('cuisine', { type: 'string', minLength: 1, maxLength: 100 }, 'Cuisines to keep, spelled as GET /meta/cuisines lists them (exact match).');
export const gradeListParam = (description: string) => commaList('grade', { type: 'string', enum: [...GRADES] }, description);
export const riskLevelListParam = commaList('riskLevel', { type: 'string', enum: [...RISK_LEVELS] }, 'Risk levels to keep.');
export const categoryListParam = commaList('category', { type: 'string', enum: [...VIOLATION_CATEGORIES] }, 'Violation categories to keep.');
export const nameFragmentParam = (description: string) => queryParam('q', { type: 'string', minLength: 1, maxLength: 120 }, description);
export const dateParam = (name: string, description: string) => queryParam(name, DATE, description);
export const scoreParam = (name: string, description: string) => queryParam(name, { type: 'integer', minimum: 0, maximum: 200 }, description);
