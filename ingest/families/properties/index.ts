import { PLUTO, PlutoRow } from '../../sources/properties';
import type { Family, KeyedDataset } from '../types';
import { buildDocuments } from './documents';
import { mergeLots, upsertLots } from './lots';

/** Properties: tax lots by BBL, with PLUTO's attributes. */
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
  // Nothing is derived from a lot's attributes yet.
  rederive: async () => [],
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
