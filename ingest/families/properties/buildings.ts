import type { PoolClient } from 'pg';
import { isPlaceholderBin } from '../../../src/nyc';
import type { NumberedRows } from '../../load/types';

/** A building a dataset row places on a lot. */
export interface BuildingSighting {
  bin: string;
  bbl: string;
}

/**
 * Records the buildings these rows name with their lots (rows with both a real BIN and a
 * BBL; a placeholder BIN is never a building, and the source parsers already read it as none), in the caller's
 * transaction, after the lots exist. A BIN already on record keeps its first lot.
 */
export async function recordBuildings(client: PoolClient, dataset: string, sightings: ReadonlyArray<{ bin: string | null; bbl: string | null }>): Promise<void> {
  const byBin = new Map<string, string>();
  for (const { bin, bbl } of sightings) if (bin !== null && bbl !== null && !isPlaceholderBin(bin) && !byBin.has(bin)) byBin.set(bin, bbl);
  if (byBin.size === 0) return;
  await client.query(
    `insert into property_buildings (bin, bbl, source_dataset)
     select bin, bbl, $3 from unnest($1::text[], $2::text[]) as sighting (bin, bbl)
     on conflict (bin) do nothing`,
    [[...byBin.keys()], [...byBin.values()], dataset],
  );
}

/**
 * The lot of each of these buildings, as the loaded datasets place it (property_buildings):
 * what a dataset that names only a building joins by. A BIN no loaded dataset has placed
 * is missing from the map.
 */
export async function lotsOfBins(client: PoolClient, bins: readonly string[]): Promise<Map<string, string>> {
  if (bins.length === 0) return new Map();
  const { rows } = await client.query('select bin, bbl from property_buildings where bin = any($1)', [[...new Set(bins)]]);
  return new Map(rows.map((row) => [row.bin as string, row.bbl as string]));
}

/**
 * The staging key of a row that names a lot or only a building: its BBL, else `bin:<BIN>`
 * (sorting after every BBL, so a file's rows that place a building on a lot are applied
 * before the rows that join by it).
 */
export function lotOrBuildingKey(row: { bbl: string | null; bin: string | null }): string {
  return row.bbl ?? `bin:${row.bin}`;
}

/**
 * Joins the rows that name only their building to its lot: each row with its BBL (its own,
 * or its building's), and the rows whose BIN is on no known lot, rejected with the reason.
 */
export async function joinByBin<Row extends { bbl: string | null; bin: string | null }>(
  client: PoolClient,
  rows: NumberedRows<Row>,
): Promise<{ joined: NumberedRows<Row & { bbl: string }>; rejected: Array<{ line: number; reason: string }> }> {
  const lots = await lotsOfBins(client, rows.flatMap(({ row }) => (row.bbl === null && row.bin !== null ? [row.bin] : [])));
  const joined: NumberedRows<Row & { bbl: string }> = [];
  const rejected: Array<{ line: number; reason: string }> = [];
  for (const { line, row } of rows) {
    const bbl = row.bbl ?? (row.bin === null ? undefined : lots.get(row.bin));
    if (bbl === undefined) rejected.push({ line, reason: `unknown BIN "${row.bin}": no loaded dataset places this building on a lot (load one that names BIN and BBL, such as elevators or DOB violations, first)` });
    else joined.push({ line, row: { ...row, bbl } });
  }
  return { joined, rejected };
}
