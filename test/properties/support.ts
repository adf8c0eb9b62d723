import { DOB_SAFETY_VIOLATIONS_LOAD, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, PLUTO_LOAD } from '../../ingest/families';
import { nycDataPresent } from '../../src/nyc/testing/shared-data';
import type { TestApi } from '../support/api';
import { ingestFile } from '../support/ingest-file';

export const DOCKET_FILES = {
  dob: 'properties/dob_violations__wow.csv',
  ecb: 'properties/ecb_violations__wow.csv',
  safety: 'properties/dob_safety_violations__nycdb.csv',
  pluto: 'properties/pluto_latest__nycdb.csv',
};
export const docketsPresent = Object.values(DOCKET_FILES).every((file) => nycDataPresent(file));

const load = ingestFile;

/** The real PLUTO and docket files into the live store, the way `npm run ingest` loads them. */
export async function loadRealDockets(api: TestApi, asOf: Date): Promise<void> {
  const store = api.ns.stores.byMode.live;
  await load(store, PLUTO_LOAD, DOCKET_FILES.pluto, asOf);
  await load(store, DOB_VIOLATIONS_LOAD, DOCKET_FILES.dob, asOf);
  await load(store, ECB_VIOLATIONS_LOAD, DOCKET_FILES.ecb, asOf);
  await load(store, DOB_SAFETY_VIOLATIONS_LOAD, DOCKET_FILES.safety, asOf);
}

export interface InlineViolation {
  dataset: string;
  id: string;
  agency: string;
  recordType: string;
  isOpen: boolean;
  issuedAt: string | null;
  penalty: number;
}

/** A lot and its violations written straight into the live tables, for cases the real files lack (ties, missing dates). */
export async function insertLot(api: TestApi, bbl: string, violations: InlineViolation[]): Promise<void> {
  const pg = api.ns.stores.byMode.live.pg;
  await pg.query(`insert into property_lots (bbl, borough, block, lot, numfloors, bldgclass, cd) values ($1, 'Manhattan', 1, 1, 8, 'D4', '101')`, [bbl]);
  for (const v of violations) {
    await pg.query(
      `insert into property_violations (source_dataset, source_id, bbl, identifier, agency, record_type, status, description, issued_at, status_columns, is_open, penalty_imposed_cents, penalty_due_cents)
       values ($1, $2, $3, $2, $4, $5, 'S', 'D', $6, '{}', $7, $8, 0)`,
      [v.dataset, v.id, bbl, v.agency, v.recordType, v.issuedAt, v.isOpen, v.penalty],
    );
  }
}
