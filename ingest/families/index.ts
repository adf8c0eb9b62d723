import { DOB_SAFETY_VIOLATIONS_LOAD, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, PLUTO_LOAD, PROPERTIES } from './properties';
import { DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD, DOB_PERMITS_LOAD } from './properties';
import { DOB_COMPLAINTS_LOAD, ELEVATORS_LOAD, ENERGY_BENCHMARKING_LOAD, ENERGY_GRADES_LOAD, FACADE_FILINGS_LOAD, HPD_REGISTRATIONS_LOAD } from './properties';
import { PAD_ADDRESSES_LOAD } from './properties';
import { PAD_ADDRESSES_LOAD } from './properties';
import { RESTAURANT_INSPECTIONS_LOAD, RESTAURANTS } from './restaurants';
import { CONTRACTORS, OATH_LOAD } from './contractors';
import type { Family, KeyedDataset } from './types';

/** Every family the generic indexing runs on; a new family adds one line here. */
export const FAMILIES: readonly Family[] = [RESTAURANTS, PROPERTIES, CONTRACTORS];

/** Every data set `npm run ingest -- <name>` loads, by its source name; a new data set adds one line here. */
export const DATASETS: readonly KeyedDataset<unknown>[] = [
  RESTAURANT_INSPECTIONS_LOAD as KeyedDataset<unknown>,
  PLUTO_LOAD as KeyedDataset<unknown>,
  DOB_VIOLATIONS_LOAD as KeyedDataset<unknown>,
  ECB_VIOLATIONS_LOAD as KeyedDataset<unknown>,
  DOB_SAFETY_VIOLATIONS_LOAD as KeyedDataset<unknown>,
  DOB_PERMITS_LOAD as KeyedDataset<unknown>,
  DOB_JOBS_LOAD as KeyedDataset<unknown>,
  DOB_NOW_JOBS_LOAD as KeyedDataset<unknown>,
  DOB_NOW_PERMITS_LOAD as KeyedDataset<unknown>,
  DOB_COMPLAINTS_LOAD as KeyedDataset<unknown>,
  FACADE_FILINGS_LOAD as KeyedDataset<unknown>,
  ELEVATORS_LOAD as KeyedDataset<unknown>,
  ENERGY_BENCHMARKING_LOAD as KeyedDataset<unknown>,
  ENERGY_GRADES_LOAD as KeyedDataset<unknown>,
  HPD_REGISTRATIONS_LOAD as KeyedDataset<unknown>,
  PAD_ADDRESSES_LOAD as KeyedDataset<unknown>,
  PAD_ADDRESSES_LOAD as KeyedDataset<unknown>,
  OATH_LOAD as KeyedDataset<unknown>,
];

export function familyNamed(name: string): Family {
  const family = FAMILIES.find((candidate) => candidate.name === name);
  if (!family) throw new Error(`unknown family "${name}"; known: ${FAMILIES.map((f) => f.name).join(', ')}`);
  return family;
}

export function datasetNamed(name: string): KeyedDataset<unknown> | undefined {
  return DATASETS.find((dataset) => dataset.source.name === name);
}

export { DOB_COMPLAINTS_LOAD, ELEVATORS_LOAD, ENERGY_BENCHMARKING_LOAD, ENERGY_GRADES_LOAD, FACADE_FILINGS_LOAD, HPD_REGISTRATIONS_LOAD };
export { DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD, DOB_PERMITS_LOAD };
export { DOB_SAFETY_VIOLATIONS_LOAD, DOB_VIOLATIONS_LOAD, ECB_VIOLATIONS_LOAD, PLUTO_LOAD, PROPERTIES, RESTAURANT_INSPECTIONS_LOAD, RESTAURANTS };
export { CONTRACTORS, OATH_LOAD };
export { PAD_ADDRESSES_LOAD };
export { PAD_ADDRESSES_LOAD };
export type { Family, KeyedDataset };
