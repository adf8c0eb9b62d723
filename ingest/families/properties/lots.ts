import type { PoolClient } from 'pg';
import type { PlutoRow } from '../../sources/properties';
import type { NumberedRows } from '../../load/types';
import { type CopyColumn, copyIntoTemporaryTable } from '../../load/copy-rows';
import { upsertSql } from '../../load/upsert';

const LOT_COLUMNS: Array<CopyColumn<PlutoRow>> = [
  ['bbl', 'text', (row) => row.bbl],
  ['borough', 'text', (row) => row.borough],
  ['block', 'integer', (row) => row.block],
  ['lot', 'integer', (row) => row.lot],
  ['address', 'text', (row) => row.address],
  ['zip', 'text', (row) => row.zip],
  ['bldgclass', 'text', (row) => row.bldgclass],
  ['landuse', 'text', (row) => row.landuse],
  ['numfloors', 'double precision', (row) => row.numfloors],
  ['unitsres', 'integer', (row) => row.unitsres],
  ['unitstotal', 'integer', (row) => row.unitstotal],
  ['bldgarea', 'integer', (row) => row.bldgarea],
  ['lotarea', 'integer', (row) => row.lotarea],
  ['numbldgs', 'integer', (row) => row.numbldgs],
  ['yearbuilt', 'integer', (row) => row.yearbuilt],
  ['cd', 'text', (row) => row.cd],
  ['ownername', 'text', (row) => row.ownername],
  ['latitude', 'double precision', (row) => row.latitude],
  ['longitude', 'double precision', (row) => row.longitude],
];

// A file that leaves a column blank (or lacks it: 16v2 has no latitude) says nothing about
// it, so what an earlier file said stays.
const INCOMING = 'incoming_lots';
const UPSERT_LOTS = upsertSql('property_lots', LOT_COLUMNS.map(([name, type]) => [name, type]), ['bbl'], 'bbl', { keepStoredOverNull: true, from: INCOMING });

/**
 * One lot per BBL: a BBL's later rows in the file are merged into its first, filling only
 * what the first left blank. Returns the merged rows' lines.
 */
export function mergeLots(rows: NumberedRows<PlutoRow>): { lots: PlutoRow[]; duplicateLines: number[] } {
  const byBbl = new Map<string, PlutoRow>();
  const duplicateLines: number[] = [];
  for (const { line, row } of rows) {
    const first = byBbl.get(row.bbl);
    if (!first) {
      byBbl.set(row.bbl, { ...row });
      continue;
    }
    duplicateLines.push(line);
    for (const field of Object.keys(row) as Array<keyof PlutoRow>) {
      if (first[field] === null) (first as unknown as Record<string, unknown>)[field] = row[field];
    }
  }
  return { lots: [...byBbl.values()], duplicateLines };
}

/** Writes the lots whose values differ from what is stored, in the caller's transaction; returns their BBLs. */
export async function upsertLots(client: PoolClient, lots: PlutoRow[]): Promise<string[]> {
  if (lots.length === 0) return [];
  await copyIntoTemporaryTable(client, INCOMING, 'property_lots', LOT_COLUMNS, lots);
  const { rows } = await client.query(UPSERT_LOTS);
  return rows.map((row) => row.bbl as string);
}
