import type { PoolClient } from 'pg';
import { upsertSql } from '../../load/upsert';
import type { DatasetSpec } from '../../sources/dataset';
import {
  DOB_COMPLAINTS,
  ELEVATORS,
  elevatorUnknownValues,
  ENERGY_BENCHMARKING,
  ENERGY_GRADES,
  FACADE_FILINGS,
  FilingRow,
  HPD_REGISTRATIONS,
  municipalUnknownValues,
} from '../../sources/properties';
import type { Family, KeyedDataset, NumberedRows } from '../types';
import { joinByBin, lotOrBuildingKey, recordBuildings } from './buildings';
import { createUnseenLots } from './unseen-lots';

type StoredFiling = FilingRow<unknown> & { bbl: string };

const FILING_COLUMNS: Array<[string, string, (filing: StoredFiling, dataset: string) => unknown]> = [
  ['source_dataset', 'text', (_, dataset) => dataset],
  ['source_id', 'text', (filing) => filing.sourceId],
  ['bbl', 'text', (filing) => filing.bbl],
  ['bin', 'text', (filing) => filing.bin],
  ['filed_on', 'date', (filing) => filing.filedOn],
  ['end_on', 'date', (filing) => filing.endOn],
  ['status', 'text', (filing) => filing.status],
  ['category', 'text', (filing) => filing.category],
  ['facts', 'jsonb', (filing) => JSON.stringify(filing.facts)],
  ['fields', 'jsonb', (filing) => JSON.stringify(filing.fields)],
];

const UPSERT_FILINGS = upsertSql('property_filings', FILING_COLUMNS.map(([name, type]) => [name, type]), ['source_dataset', 'source_id'], 'bbl');

/**
 * Writes the filings of these entities' staged rows: rows that name only their building
 * joined to its lot by BIN (an unknown BIN rejects the row), one filing per source id (a
 * later row of the same id is a merged duplicate), lots named before PLUTO created, the
 * buildings the rows place on lots recorded. Changed: the lots whose filings were written,
 * and the lot a filing moved away from.
 */
export async function applyFilings(
  client: PoolClient,
  dataset: string,
  rows: NumberedRows<FilingRow<unknown>>,
): Promise<{ duplicateLines: number[]; changed: string[]; rejected: Array<{ line: number; reason: string }> }> {
  const { joined, rejected } = await joinByBin(client, rows);
  const bySourceId = new Map<string, StoredFiling>();
  const duplicateLines: number[] = [];
  for (const { line, row } of joined) {
    if (bySourceId.has(row.sourceId)) duplicateLines.push(line);
    else bySourceId.set(row.sourceId, row);
  }
  const filings = [...bySourceId.values()];
  const changed = new Set(await createUnseenLots(client, [...new Set(filings.map((filing) => filing.bbl))]));
  // Only what the rows themselves say places a building: not the lots just found by BIN.
  await recordBuildings(client, dataset, rows.map(({ row }) => row));

  const { rows: moved } = await client.query(
    `select stored.bbl from property_filings stored
     join unnest($2::text[], $3::text[]) as incoming (source_id, bbl) using (source_id)
     where stored.source_dataset = $1 and stored.bbl <> incoming.bbl`,
    [dataset, filings.map((filing) => filing.sourceId), filings.map((filing) => filing.bbl)],
  );
  for (const { bbl } of moved) changed.add(bbl);
  if (filings.length) {
    const { rows: written } = await client.query(UPSERT_FILINGS, FILING_COLUMNS.map(([, , get]) => filings.map((filing) => get(filing, dataset))));
    for (const { bbl } of written) changed.add(bbl);
  }
  return { duplicateLines, changed: [...changed], rejected };
}

/** A compliance-evidence dataset as a keyed dataset of the properties family: the entity is the lot. */
function filingLoad<Facts>(family: Family, source: DatasetSpec<FilingRow<Facts>>, options: { unknownValues?: (row: FilingRow<Facts>) => string[] } = {}): KeyedDataset<FilingRow<Facts>> {
  return {
    family,
    source,
    keyOf: lotOrBuildingKey,
    // The parsers leave out what changes with every export (DOB complaints' DOBRunDate, LL33's PDFIndex).
    stagedJson: (row) => JSON.stringify(row),
    // Bump when the way rows become filings changes.
    digestSalt: `${source.name}-v1`,
    sourceHashes: `${source.name.replace(/-/g, '_')}_source_hashes`,
    apply: (client, rows) => applyFilings(client, source.name, rows as NumberedRows<FilingRow<unknown>>),
    ...(options.unknownValues && { unknownValues: options.unknownValues }),
  };
}

export function filingLoads(family: Family) {
  return {
    DOB_COMPLAINTS_LOAD: filingLoad(family, DOB_COMPLAINTS),
    FACADE_FILINGS_LOAD: filingLoad(family, FACADE_FILINGS),
    ELEVATORS_LOAD: filingLoad(family, ELEVATORS, { unknownValues: elevatorUnknownValues }),
    ENERGY_BENCHMARKING_LOAD: filingLoad(family, ENERGY_BENCHMARKING, { unknownValues: municipalUnknownValues }),
    ENERGY_GRADES_LOAD: filingLoad(family, ENERGY_GRADES),
    HPD_REGISTRATIONS_LOAD: filingLoad(family, HPD_REGISTRATIONS),
  };
}
