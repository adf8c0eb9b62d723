import * as properties from './properties';
import * as restaurants from './restaurants';
import * as contractors from './contractors';
import * as owners from './owners';
import type { Family, IngestFamily, KeyedDataset } from '../load/types';

/**
 * Every family of the ingest, one line each: what the indexing, the load, the registry, the
 * command line and the test-mode fixture iterate. A new family is a folder here and a line.
 */
export const INGEST_FAMILIES: readonly IngestFamily[] = [restaurants.RESTAURANTS_INGEST, properties.PROPERTIES_INGEST, contractors.CONTRACTORS_INGEST, owners.OWNERS_INGEST];

export const FAMILIES: readonly Family[] = INGEST_FAMILIES.map(({ family }) => family);

const DERIVED = INGEST_FAMILIES.flatMap(({ derived }) => derived ?? []);
for (const step of DERIVED) {
  for (const name of step.from) {
    if (!INGEST_FAMILIES.some(({ datasets }) => datasets.some((dataset) => dataset.source.name === name))) throw new Error(`${step.family.name} derives from ${name}, which no family loads`);
  }
}

/**
 * Every data set `npm run ingest -- <name>` loads, by its source name, with what other
 * families derive from it (run after each of its loads, wherever it is loaded from).
 */
export const DATASETS: readonly KeyedDataset<unknown>[] = INGEST_FAMILIES.flatMap(({ datasets }) => datasets).map((dataset) => {
  const derived = DERIVED.filter((step) => step.from.includes(dataset.source.name));
  if (derived.length) (dataset as { derived?: typeof derived }).derived = derived;
  return dataset;
});

export function familyNamed(name: string): Family {
  const family = FAMILIES.find((candidate) => candidate.name === name);
  if (!family) throw new Error(`unknown family "${name}"; known: ${FAMILIES.map((f) => f.name).join(', ')}`);
  return family;
}

export function datasetNamed(name: string): KeyedDataset<unknown> | undefined {
  return DATASETS.find((dataset) => dataset.source.name === name);
}

export * from './properties';
export * from './restaurants';
export * from './contractors';
export * from './owners';
export type { Family, KeyedDataset };
