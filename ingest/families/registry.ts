import { DATASETS } from '../../src/datasets/registry';
import type { SyncDataset } from '../sync/sync';
import { DATASETS as LOADS } from './index';

/** A registry entry with its reader and keyed load (`load.source` reads its rows). */
export type CityDataset = SyncDataset;

/**
 * Every data set of the registry (src/datasets/registry.ts), in its load order, each with
 * its keyed load; a registry entry without a load, or a load without an entry, is a bug.
 */
export const REGISTRY: readonly CityDataset[] = DATASETS.map((facts) => {
  const load = LOADS.find((dataset) => dataset.source.name === facts.name);
  if (!load) throw new Error(`the registry names ${facts.name}, which no keyed load reads`);
  // What the registry says a full sync does is what the load can do.
  if ((facts.dropped.action === 'removed') !== Boolean(load.removal)) throw new Error(`${facts.name}: the registry says dropped records are ${facts.dropped.action}, its load ${load.removal ? 'removes' : 'keeps'} them`);
  return { ...facts, load };
});
for (const load of LOADS) if (!REGISTRY.some((dataset) => dataset.name === load.source.name)) throw new Error(`${load.source.name} is loaded but not in the dataset registry`);

export const nameOf = (dataset: CityDataset) => dataset.name;

export function registered(name: string): CityDataset | undefined {
  return REGISTRY.find((dataset) => dataset.name === name);
}

/**
 * The named data sets (every one when none is named) in registry order, which puts each
 * after those it follows; an unknown name throws, naming the known ones.
 */
export function inLoadOrder(names: readonly string[] = []): CityDataset[] {
  const unknown = names.filter((name) => !registered(name));
  if (unknown.length) throw new Error(`unknown dataset ${unknown.map((name) => `"${name}"`).join(', ')}; known: ${REGISTRY.map(nameOf).join(', ')}`);
  return names.length ? REGISTRY.filter((dataset) => names.includes(dataset.name)) : [...REGISTRY];
}
