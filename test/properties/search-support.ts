import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAD_ADDRESSES_LOAD, PLUTO_LOAD } from '../../ingest/families';
import { ingestDataset, type IngestSummary } from '../../ingest/load/pipeline';
import { PAD_ADDRESSES, PLUTO } from '../../ingest/sources/properties';
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

export interface SearchRange {
  bbl: string;
  /** As PAD writes them (`111A`, `34-02`). */
  low: string;
  high: string;
  /** As PAD writes it (`AMSTERDAM AVENUE`). */
  street: string;
}

const PAD_HEADER = ['boro', 'block', 'lot', 'bin', 'lhnd', 'lhns', 'lcontpar', 'lsos', 'hhnd', 'hhns', 'hcontpar', 'hsos', 'scboro', 'sc5', 'sclgc', 'stname', 'addrtype', 'realb7sc', 'validlgcs', 'dapsflag', 'naubflag', 'parity', 'b10sc', 'segid', 'zipcode', 'physical_id'];

/**
 * PAD address ranges into a store through the real ingest path: a bobaadr.txt-format file
 * (quoted, fixed-width fields, CRLF) loaded as `npm run ingest -- pad-addresses` would.
 */
export async function ingestSearchRanges(store: DataStore, ranges: SearchRange[]): Promise<IngestSummary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'property-pad-'));
  const file = path.join(dir, 'bobaadr.txt');
  const lines = [PAD_HEADER.map((name) => `"${name}"`).join(',')];
  for (const range of ranges) {
    const values: Record<string, string> = { boro: range.bbl[0], block: range.bbl.slice(1, 6), lot: range.bbl.slice(6), bin: `${range.bbl[0]}000000`, lhnd: `${range.low} `, hhnd: `${range.high} `, stname: `${range.street} `, addrtype: ' ' };
    lines.push(PAD_HEADER.map((name) => `"${values[name] ?? ''}"`).join(','));
  }
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  try {
    return await ingestDataset(store, PAD_ADDRESSES_LOAD, fileSource(PAD_ADDRESSES, file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
