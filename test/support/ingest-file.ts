import path from 'node:path';
import type { KeyedDataset } from '../../ingest/load/types';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import { NYC_DATA_DIR } from '../../src/nyc/testing/shared-data';
import type { DataStore } from '../../src/stores';

/**
 * Loads one file into a store the way `npm run ingest -- <dataset> --file` does, as of
 * `asOf`: `file` is a name under the shared city data (NYC_DATA_DIR, e.g.
 * `properties/dob_violations__wow.csv`; skip the test when nycDataPresent says it is absent)
 * or an absolute path (a file the test wrote).
 */
export const ingestFile = <Row>(store: DataStore, dataset: KeyedDataset<Row>, file: string, asOf: Date) =>
  ingestDataset(store, dataset, fileSource(dataset.source, path.isAbsolute(file) ? file : path.join(NYC_DATA_DIR, file)), { asOf });
