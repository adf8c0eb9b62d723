import { Type } from '@sinclair/typebox';
import { enumOf, listOf } from '../contract/params';
import { RISK_LEVELS } from '../domain/scoring';
import { GRADES, VIOLATION_CATEGORIES } from './types';

/**
 * Query parameters in the restaurant family's vocabulary, shared by the restaurant endpoints
 * and the city feeds; the city-wide ones (lat/lng, borough, zip, dates, paging) are in
 * src/contract/params.ts.
 */

export const cuisineListParam = listOf(Type.String({ minLength: 1, maxLength: 100 }), 'Cuisines to keep, spelled as GET /meta/cuisines lists them, in any case (pizza keeps Pizza). Values are separated by literal commas; a comma inside a cuisine is written %2C (cuisine=Juice%2C%20Smoothies%2C%20Fruit%20Salads,Pizza).');
export const gradeListParam = (description: string) => listOf(enumOf(GRADES), description);
export const riskLevelListParam = listOf(enumOf(RISK_LEVELS), 'Risk levels to keep.');
export const categoryListParam = listOf(enumOf(VIOLATION_CATEGORIES), 'Violation categories to keep.');
export const scoreParam = (description: string) => Type.Integer({ minimum: 0, maximum: 200, description });
