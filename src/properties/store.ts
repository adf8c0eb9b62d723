import type { PlutoLot, SafetyViolation } from '../domain/properties/types';
import type { Position } from '../search/cursor';
import type { DataStore } from '../stores';
import { buildDocketQuery, type DocketFilter } from './queries';
import type { PropertyViolationItem, ViolationSort } from './types';

/** A docket row: the item and what its keyset position is made of. */
export interface DocketRow {
  item: PropertyViolationItem;
  sourceDataset: string;
  sourceId: string;
}

export async function lotExists(store: DataStore, bbl: string): Promise<boolean> {
  const { rowCount } = await store.pg.query('select 1 from property_lots where bbl = $1', [bbl]);
  return (rowCount ?? 0) > 0;
}

export async function docketRows(store: DataStore, filter: DocketFilter, after: Position | null, limit: number): Promise<DocketRow[]> {
  const { rows } = await store.pg.query(buildDocketQuery(filter, after, limit));
  return rows.map((row) => ({
    sourceDataset: row.source_dataset,
    sourceId: row.source_id,
    item: {
      identifier: row.identifier,
      agency: row.agency,
      recordType: row.record_type,
      status: row.status,
      description: row.description,
      isOpen: row.is_open,
      issuedAt: row.issued_at,
      statusAt: row.status_at,
      penaltyImposedCents: Number(row.penalty_imposed_cents),
      penaltyDueCents: Number(row.penalty_due_cents),
    },
  }));
}

export function positionOf(row: DocketRow, sort: ViolationSort): Position {
  const key = sort.endsWith('penalty') ? row.item.penaltyImposedCents : row.item.issuedAt;
  return [key, row.sourceDataset, row.sourceId];
}

/** The PLUTO attributes the deadline rules read; null when the lot is not on record. */
export async function plutoLot(store: DataStore, bbl: string): Promise<PlutoLot | null> {
  const { rows } = await store.pg.query(
    'select bbl, numfloors, bldgclass, unitsres, bldgarea, numbldgs, cd, block, yearbuilt from property_lots where bbl = $1',
    [bbl],
  );
  if (rows.length === 0) return null;
  const row = rows[0];
  const district = row.cd === null ? null : Number(row.cd);
  return {
    bbl: row.bbl,
    numfloors: row.numfloors,
    bldgclass: row.bldgclass,
    unitsres: row.unitsres,
    bldgarea: row.bldgarea,
    numbldgs: row.numbldgs,
    cd: district !== null && Number.isInteger(district) ? district : null,
    block: row.block,
    yearbuilt: row.yearbuilt,
  };
}

/**
 * The lot's DOB safety violations, or undefined when this store has never ingested that
 * dataset (its per-lot digests are written by every load that applies rows): an unloaded
 * dataset must stay absent, or the rules would read "no violation" into it.
 */
export async function safetyViolationsOf(store: DataStore, bbl: string): Promise<SafetyViolation[] | undefined> {
  const { rows: loaded } = await store.pg.query('select exists (select 1 from dob_safety_violations_source_hashes) as loaded');
  if (!loaded[0].loaded) return undefined;
  const { rows } = await store.pg.query(
    `select identifier, description, status, issued_at::text as issued_at from property_violations
     where bbl = $1 and source_dataset = 'dob-safety-violations' order by issued_at, identifier`,
    [bbl],
  );
  // The stored row keeps the violation number (which carries the DOB NOW type code, as in
  // VIO-FTC-VT-CAT1-...) and the remarks, not the type and device columns: both are read
  // for the type words the rules look for (CAT1, BOILER, FACADE...).
  return rows.map((row) => ({
    violationType: [row.identifier, row.description].filter(Boolean).join(' '),
    deviceType: null,
    violationStatus: row.status,
    issuedOn: row.issued_at,
  }));
}
