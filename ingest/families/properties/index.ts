import { PLUTO, PlutoRow } from '../../sources/properties';
import type { PoolClient } from 'pg';

import { deadlinesFor } from '../../../src/domain/properties/deadlines';
import { lotFactsOf } from '../../../src/properties/deadlines/store';
import path from 'node:path';
import { FIXTURES_DIR } from '../../../src/platform/fixture-clock';
import type { ChangeStateRow, Family, IngestFamily, KeyedDataset } from '../../load/types';
import { buildDocuments } from './documents';
import { mergeLots, upsertLots } from './lots';
import { rederiveViolations, violationLoads } from './violations';
import { permitLoads, rederivePermits } from './permits';
import { filingLoads } from './filings';
import { padAddressesLoad } from './pad';
import { PROPERTY_CHANGES, type PropertyState } from '../../../src/domain/properties/changes';
import { PROPERTY_DATASETS } from '../../../src/domain/properties/datasets';

/**
 * Properties: tax lots by BBL, with PLUTO's attributes and the violation dockets. A lot a
 * docket names before PLUTO does is created on first sight from its BBL alone.
 */
export const PROPERTIES: Family = {
  name: 'properties',
  entities: 'lots',
  entityTable: 'property_lots',
  key: 'bbl',
  versionSequence: 'property_version_seq',
  outbox: 'property_outbox',
  // Read on every keystroke of the address typeahead: one segment answers fastest.
  indices: [{ name: 'properties', forceMerge: true }],
  legacyAliases: [],
  lockName: 'property',
  buildDocuments,
  // A violation's isOpen moves with the clock (an ECB hearing ahead keeps it open), and a
  // permit's (its expiration date passing). Each part returns the lots it wrote.
  rederive: async (client, bbls, asOf) => [...new Set([...(await rederiveViolations(client, bbls, asOf)), ...(await rederivePermits(client, bbls, asOf))])],
  changes: {
    kinds: PROPERTY_CHANGES,
    sql: `select l.bbl as key, l.zip, l.borough,
            json_build_object('violations', count(v.source_id)::int, 'open', count(v.source_id) filter (where v.is_open)::int) as state
          from property_lots l left join property_violations v on v.bbl = l.bbl
          where l.bbl = any($1) and $2::date is not null group by l.bbl`,
    withClock: addDeadlineStatuses,
  },
};

/**
 * Each lot's deadline statuses on the clock (the engine of GET /properties/{bbl}/deadlines, on
 * the same facts, read for the whole chunk at once): they move with the clock alone, so the
 * daily rederive compares every lot.
 */
async function addDeadlineStatuses(client: PoolClient, rows: ChangeStateRow[], asOf: Date): Promise<void> {
  const facts = await lotFactsOf(client, rows.map((row) => row.key));
  for (const row of rows) {
    const lot = facts.get(row.key);
    if (lot) (row.state as PropertyState).deadlines = Object.fromEntries(deadlinesFor(lot, asOf).map((item) => [item.kind, item.status]));
  }
}

/** PLUTO into the properties family: one lot per BBL. */
export const PLUTO_LOAD: KeyedDataset<PlutoRow> = {
  family: PROPERTIES,
  source: PLUTO,
  keyOf: (row) => row.bbl,
  // The row holds nothing that changes with every release (PLUTO's `version` column is not read).
  stagedJson: (row) => JSON.stringify(row),
  // Bump when the way rows become lots changes: every lot is then applied again on the next load.
  digestSalt: 'pluto-v1',
  sourceHashes: 'pluto_source_hashes',
  async apply(client, rows) {
    const { lots, duplicateLines } = mergeLots(rows);
    return { duplicateLines, changed: await upsertLots(client, lots) };
  },
};

/** The violation dockets into the properties family: keyed by the lot (BBL), stored in property_violations. */
export const { DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, DOB_SAFETY_VIOLATIONS_LOAD, HPD_VIOLATIONS_LOAD } = violationLoads(PROPERTIES);

/** The compliance-evidence datasets into the properties family: keyed by the lot (by BIN through property_buildings where a row names only its building), stored in property_filings. */
export const {
  DOB_COMPLAINTS_LOAD,
  FACADE_FILINGS_LOAD,
  ELEVATORS_LOAD,
  ENERGY_BENCHMARKING_LOAD,
  ENERGY_GRADES_LOAD,
  HPD_REGISTRATIONS_LOAD,
  HPD_CONTACTS_LOAD,
  DOB_NOW_FACADES_LOAD,
  DOB_NOW_ELEVATORS_LOAD,
  DOB_NOW_BOILERS_LOAD,
  LL84_DISCLOSURE_LOAD,
} = filingLoads(PROPERTIES);

/** Permits and job filings (BIS and DOB NOW) into the properties family: keyed by the lot (BBL), stored in property_permits. */
export const { DOB_PERMITS_LOAD, DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD } = permitLoads(PROPERTIES);

/** PAD's address ranges into the properties family: keyed by the lot (BBL), stored in property_address_ranges, indexed for the address typeahead. */
export const PAD_ADDRESSES_LOAD = padAddressesLoad(PROPERTIES);

const fixture = (dataset: unknown, file: string) => ({ dataset: dataset as KeyedDataset<unknown>, file: path.join(FIXTURES_DIR, 'properties', file) });

/** The properties family as the ingest knows it. */
export const PROPERTIES_INGEST: IngestFamily = {
  family: PROPERTIES,
  facts: PROPERTY_DATASETS,
  datasets: [
    PLUTO_LOAD, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, DOB_SAFETY_VIOLATIONS_LOAD, HPD_VIOLATIONS_LOAD, DOB_PERMITS_LOAD, DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD,
    DOB_COMPLAINTS_LOAD, FACADE_FILINGS_LOAD, ELEVATORS_LOAD, ENERGY_BENCHMARKING_LOAD, ENERGY_GRADES_LOAD, HPD_REGISTRATIONS_LOAD, HPD_CONTACTS_LOAD,
    DOB_NOW_FACADES_LOAD, DOB_NOW_ELEVATORS_LOAD, DOB_NOW_BOILERS_LOAD, LL84_DISCLOSURE_LOAD, PAD_ADDRESSES_LOAD,
  ].map((dataset) => dataset as KeyedDataset<unknown>),
  // fixtures/properties/README.md: each file in its dataset's real export format, PLUTO first (the
  // lots are described before their dockets name them), the permits before the filings that
  // name only a building (they place the buildings on lots).
  fixture: [
    fixture(PLUTO_LOAD, 'pluto.csv'),
    fixture(DOB_VIOLATIONS_LOAD, 'dob_violations.csv'),
    fixture(ECB_VIOLATIONS_LOAD, 'ecb_violations.csv'),
    fixture(DOB_SAFETY_VIOLATIONS_LOAD, 'dob_safety_violations.csv'),
    fixture(HPD_VIOLATIONS_LOAD, 'hpd_violations.csv'),
    fixture(DOB_PERMITS_LOAD, 'dob_permits.csv'),
    fixture(DOB_NOW_PERMITS_LOAD, 'dob_now_permits.csv'),
    fixture(DOB_JOBS_LOAD, 'dob_jobs.csv'),
    fixture(DOB_NOW_JOBS_LOAD, 'dob_now_jobs.csv'),
    fixture(DOB_COMPLAINTS_LOAD, 'dob_complaints.csv'),
    fixture(FACADE_FILINGS_LOAD, 'facade_filings.csv'),
    fixture(ELEVATORS_LOAD, 'elevators.csv'),
    fixture(ENERGY_BENCHMARKING_LOAD, 'energy_benchmarking.csv'),
    fixture(ENERGY_GRADES_LOAD, 'energy_grades.csv'),
    fixture(HPD_REGISTRATIONS_LOAD, 'hpd_registrations.csv'),
    fixture(HPD_CONTACTS_LOAD, 'hpd_contacts.csv'),
  ],
};

