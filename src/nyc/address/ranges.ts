import { type HouseNumber, houseNumberOrder, houseNumberParity, houseNumberReadings } from './house-numbers';

/**
 * A house-number range as numbers a search index compares (PAD's low and high house
 * numbers on one side of one street): `low` and `high` are houseNumberOrder of the ends,
 * `parity` the side of the street, `queens` whether the numbers are hyphenated (hyphenated
 * and plain numbers are never compared: their orders share one scale).
 */
export interface HouseNumberSpan {
  low: number;
  high: number;
  parity: 0 | 1;
  queens: boolean;
}

/** A point a range may hold: one reading of a house number as the same numbers. */
export interface HouseNumberPoint {
  order: number;
  parity: 0 | 1;
  queens: boolean;
}

/** The span of a range whose ends are the same form and side (PAD's rows are; a reader rejects others). */
export function houseNumberSpan(low: HouseNumber, high: HouseNumber): HouseNumberSpan {
  return { low: houseNumberOrder(low), high: houseNumberOrder(high), parity: houseNumberParity(low), queens: low.sub !== null };
}

/**
 * Each reading of a house number as a point (`3412` also as Queens' `34-12`, see
 * houseNumberReadings): a span holds the number when it holds one of its points, the
 * same test as inHouseNumberRange.
 */
export function houseNumberPoints(houseNumber: HouseNumber): HouseNumberPoint[] {
  return houseNumberReadings(houseNumber).map((reading) => ({ order: houseNumberOrder(reading), parity: houseNumberParity(reading), queens: reading.sub !== null }));
}

/** Whether a span holds a point (what the search index's range clause asks). */
export function spanHolds(span: HouseNumberSpan, point: HouseNumberPoint): boolean {
  return span.queens === point.queens && span.parity === point.parity && span.low <= point.order && point.order <= span.high;
}
