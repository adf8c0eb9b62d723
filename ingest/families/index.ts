import * as properties from './properties';
import * as restaurants from './restaurants';
import * as contractors from './contractors';
import type { Family, KeyedDataset } from './types';

/** Every family the generic indexing runs on; a new family adds one line here. */
export const FAMILIES: readonly Family[] = [restaurants.RESTAURANTS, properties.PROPERTIES, contractors.CONTRACTORS];

/** Every data set `npm run ingest -- <name>` loads, by its source name; a new data set adds one line here. */
export const DATASETS: readonly KeyedDataset<unknown>[] = [
  restaurants.RESTAURANT_INSPECTIONS_LOAD,
  properties.PLUTO_LOAD,
  properties.DOB_VIOLATIONS_LOAD,
  properties.ECB_VIOLATIONS_LOAD,
  properties.DOB_SAFETY_VIOLATIONS_LOAD,
  properties.DOB_PERMITS_LOAD,
  properties.DOB_JOBS_LOAD,
  properties.DOB_NOW_JOBS_LOAD,
  properties.DOB_NOW_PERMITS_LOAD,
  properties.DOB_COMPLAINTS_LOAD,
  properties.FACADE_FILINGS_LOAD,
  properties.ELEVATORS_LOAD,
  properties.ENERGY_BENCHMARKING_LOAD,
  properties.ENERGY_GRADES_LOAD,
  properties.HPD_REGISTRATIONS_LOAD,
  properties.HPD_CONTACTS_LOAD,
  properties.DOB_NOW_FACADES_LOAD,
  properties.DOB_NOW_ELEVATORS_LOAD,
  properties.DOB_NOW_BOILERS_LOAD,
  properties.LL84_DISCLOSURE_LOAD,
  properties.PAD_ADDRESSES_LOAD,
  contractors.OATH_LOAD,
].map((dataset) => dataset as KeyedDataset<unknown>);

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
export type { Family, KeyedDataset };
