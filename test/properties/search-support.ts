import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLUTO_LOAD } from '../../ingest/families';
import { ingestDataset, type IngestSummary } from '../../ingest/load/pipeline';
import { PLUTO } from '../../ingest/sources/properties';
import { fileSource } from '../../ingest/sources/source';
import type { DataStore } from '../../src/stores';

export interface SearchLot {
  bbl: string;
  /** As PLUTO writes it (`34-12 31 AVENUE`); '' for a lot without one. */
  address: string;
  zip?: string;
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * Lots into a store through the real ingest path: a PLUTO-format CSV (the columns the reader
 * requires, and zipcode) written to a temporary file and loaded as `npm run ingest -- pluto`
 * would, so the documents come from buildDocuments and the relay.
 */
export async function ingestSearchLots(store: DataStore, lots: SearchLot[]): Promise<IngestSummary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'property-search-'));
  const file = path.join(dir, 'pluto.csv');
  const lines = ['borough,bbl,address,zipcode,bldgclass,landuse'];
  const codes = ['', 'MN', 'BX', 'BK', 'QN', 'SI'];
  for (const lot of lots) lines.push([codes[Number(lot.bbl[0])], lot.bbl, lot.address, lot.zip ?? '', 'R4', '02'].map(csvField).join(','));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  try {
    return await ingestDataset(store, PLUTO_LOAD, fileSource(PLUTO, file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
