import { PLUTO, PlutoRow } from '../../sources/properties';
import type { Family, KeyedDataset } from '../types';
import { buildDocuments } from './documents';
import { mergeLots, upsertLots } from './lots';
import { rederiveViolations, violationLoads } from './violations';
import { permitLoads, rederivePermits } from './permits';
import { filingLoads } from './filings';
import { padAddressesLoad } from './pad';

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
};

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
export const { DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, DOB_SAFETY_VIOLATIONS_LOAD } = violationLoads(PROPERTIES);

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
