import fs from 'node:fs';
import path from 'node:path';

/** The three restaurant indices; each is read through the store's alias of the same name. */
export const RESTAURANT_INDICES = ['restaurants', 'restaurant_violations', 'restaurant_inspections'] as const;
/** Aliases of earlier releases (before the family prefix): an upgrade deletes them and their indices. */
export const LEGACY_RESTAURANT_ALIASES = ['violations', 'inspections'] as const;
export type RestaurantIndex = (typeof RESTAURANT_INDICES)[number];

const MAPPINGS_DIR = path.resolve(__dirname, '../../index-mappings');

export interface IndexDefinition {
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
}

export function indexDefinition(name: RestaurantIndex): IndexDefinition {
  return JSON.parse(fs.readFileSync(path.join(MAPPINGS_DIR, `${name}.json`), 'utf8')) as IndexDefinition;
}
