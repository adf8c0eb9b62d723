/**
 * The restaurant family's shapes. They are defined beside the pure rules that derive them
 * (src/domain/restaurants/types.ts) and the city's borough list in src/nyc; this module
 * gathers them for the family's routes, stores and ingest.
 */
export * from '../domain/restaurants/types';
export { BOROUGHS, UNKNOWN_BOROUGH } from '../nyc';
export type { Borough } from '../nyc';
