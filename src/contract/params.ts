import { type TSchema, Type } from '@sinclair/typebox';
import { BOROUGHS } from '../nyc/boroughs';
import { NYC_BOUNDS } from '../nyc/bounds';

/**
 * Query parameters every family shares, as TypeBox schemas for parameter sets (see input.ts):
 * a rule (NYC bounds, ZIP shape, the borough list, paging) is written once. Family-specific
 * vocabularies (grades, cuisines...) build on enumOf and listOf in their own params.ts.
 */

/**
 * One of a fixed set of strings, typed as their union. Query and path values are read
 * case-insensitively (validate.ts: grade=a is A, borough=manhattan is Manhattan), for every family.
 */
export const enumOf = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** Several values in one parameter, comma-separated (the document writes it style form, explode false). */
export const listOf = <T extends TSchema>(items: T, description: string) => Type.Array(items, { minItems: 1, maxItems: 50, description });

export const dateParam = (description: string) => Type.String({ format: 'date', description });
export const booleanParam = (description: string) => Type.Boolean({ description });

const coordinateParam = (name: string, what: string, minimum: number, maximum: number) => (description: string) =>
  Type.Number({ minimum, maximum, description, 'x-message': `${name} must be a ${what} within New York City, from ${minimum} to ${maximum}` });

export const latParam = coordinateParam('lat', 'latitude', NYC_BOUNDS.minLat, NYC_BOUNDS.maxLat);
export const lngParam = coordinateParam('lng', 'longitude', NYC_BOUNDS.minLon, NYC_BOUNDS.maxLon);

/** A circle radius in meters; only meaningful with lat and lng. */
export const radiusParam = (max: number, fallback: number, description: string) => Type.Integer({ minimum: 1, maximum: max, default: fallback, description });

export const boroughListParam = listOf(enumOf(BOROUGHS), `Boroughs to keep, spelled as GET /meta/boroughs lists them, in any case (manhattan = Manhattan): ${BOROUGHS.join(', ')}.`);
export const zipListParam = listOf(Type.String({ pattern: '^[0-9]{5}$', 'x-value': 'a five-digit ZIP code' }), 'Five-digit ZIP codes to keep.');
export const nameFragmentParam = (description: string) => Type.String({ minLength: 1, maxLength: 120, description });

/** The paging parameters of a cursor list, last in its parameter set. */
export const pageParams = (max: number, fallback: number) => ({ limit: limitParam(max, fallback), cursor: Type.Optional(CURSOR_PARAM) });

export const limitParam = (max: number, fallback: number) => Type.Integer({ minimum: 1, maximum: max, default: fallback, description: `Rows per page, 1-${max} (default ${fallback}).` });

/** Every cursor the API issues is two base64url parts joined by a dot (src/search/cursor.ts); anything else is refused as a cursor. */
const CURSOR_PARAM = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
  description: 'Opaque cursor from meta.nextCursor of the previous page; only valid with the same filters and sort.',
  'x-error-code': 'invalid_cursor',
  'x-message': 'cursor is not one this API issued: pass meta.nextCursor of the previous page as it was given',
});

/** A lot's BBL as a path parameter (every family's routes under /properties/{bbl}). */
export const bblParam = Type.String({
  pattern: '^[0-9]{10}$',
  description: 'Borough-block-lot: 10 digits (borough 1 digit, block 5, lot 4), e.g. 1002850008. A malformed bbl is 400 invalid_parameter; a lot not on record is 404 not_found.',
  'x-message': 'bbl must be 10 digits: borough (1), block (5), lot (4)',
});
