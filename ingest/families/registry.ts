import { datasetSchedules } from '../../src/datasets/schedule';
import type { IngestFamily } from '../load/types';
import type { SyncDataset } from '../sync/sync';
import { INGEST_FAMILIES } from './index';

/** A registry entry with its reader and keyed load (`load.source` reads its rows). */
export type CityDataset = SyncDataset;

/**
 * A family's data sets as it declares them, in its load order, each with its keyed load; a
 * declared data set without a load, or a load without a declaration, is a bug.
 */
function familyRegistry({ family, facts, datasets: loads }: IngestFamily): CityDataset[] {
  const joined = facts.map((entry) => {
    const load = loads.find((dataset) => dataset.source.name === entry.name);
    if (!load) throw new Error(`${family.name} declares ${entry.name}, which no keyed load of it reads`);
    // What the registry says a full sync does is what the load can do.
    if ((entry.dropped.action === 'removed') !== Boolean(load.removal)) throw new Error(`${entry.name}: the registry says dropped records are ${entry.dropped.action}, its load ${load.removal ? 'removes' : 'keeps'} them`);
    return { ...entry, load };
  });
  for (const load of loads) if (!facts.some((entry) => entry.name === load.source.name)) throw new Error(`${load.source.name} is loaded by ${family.name} but not among its declared data sets`);
  return joined;
}

/** Every family's data sets, in the families' order (each family's in its load order). */
export const REGISTRY: readonly CityDataset[] = INGEST_FAMILIES.flatMap(familyRegistry);

/** The worker's schedules of every data set (src/datasets/schedule.ts). */
export const SCHEDULES = datasetSchedules(REGISTRY);

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
