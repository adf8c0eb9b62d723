import { bblFromParts, parseBbl } from '../../../src/nyc';
import { RowRejection } from '../dataset';

/**
 * A row's lot: its BBL column (10 digits or a float) where the dataset has one, else
 * borough (digit, letters or name) + block + lot (padded or not: DOB violations pad the
 * lot to 5 digits). When both are there they must name the same lot. Throws `missing`
 * when the row names no lot.
 */
export function rowBbl(bblText: string | null, parts: { borough: string | null; block: string | number | null; lot: string | number | null }, missing: string): string {
  const fromParts = bblFromParts(parts.borough, parts.block, parts.lot);
  if (bblText === null) {
    if (fromParts === null) throw new RowRejection(missing);
    return fromParts;
  }
  const fromColumn = parseBbl(bblText);
  if (fromColumn === null) throw new RowRejection(`invalid BBL "${bblText}"`);
  if (fromParts !== null && fromParts !== fromColumn) throw new RowRejection(`BBL "${bblText}" is not borough/block/lot ${fromParts}`);
  return fromColumn;
}
