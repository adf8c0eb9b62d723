import { FAMILIES as API_FAMILIES } from '../../src/families';

/**
 * The layers of src/, as ARCHITECTURE.md draws them. The families are read from the app's
 * one list (src/families.ts): each is its folder, src/<name>.
 */

/** Families, side by side, each its folder. */
export const FAMILIES: Record<string, string[]> = Object.fromEntries(API_FAMILIES.map((family) => [family.name, [`src/${family.name}`]]));

/** The one module of a family that other families may import: what it shows on their pages. */
export const FIGURES_MODULE = 'figures.ts';

/** The composition root: knows every family, is imported by none of them. */
export const APP = ['src/app.ts', 'src/server.ts', 'src/families.ts', 'src/openapi.ts'];

/** Shared by every family; imports no family and not the app. */
export const CORE = ['src/http', 'src/contract', 'src/search', 'src/db', 'src/datasets', 'src/nyc', 'src/platform', 'src/errors.ts', 'src/deps.ts', 'src/config.ts', 'src/stores.ts'];

/** A family's routes and OpenAPI files: the API's surface, which the ingest never reads. */
export const API_SURFACE = /^src\/.*\/(routes|openapi)\.ts$/;

/** The ingest's pipeline: generic machinery that runs on the families' descriptors and never imports them. */
export const PIPELINE = ['ingest/load', 'ingest/index', 'ingest/changes', 'ingest/sync'];

/** The ingest's readers of city files and portal rows: below the pipeline and the families. */
export const READERS = ['ingest/sources'];

/** Pure rules: no I/O, no routes, no stores, no family's modules; they import only from this set. */
export const PURE = ['src/domain', 'src/nyc'];

/** The city module is pure and stands alone: it imports nothing else of the project. */
export const CITY = ['src/nyc'];

export function isUnder(file: string, places: string[]): boolean {
  return places.some((place) => file === place || file.startsWith(`${place}/`));
}

/** The family a file belongs to, or null. */
export function familyOf(file: string): string | null {
  return Object.entries(FAMILIES).find(([, places]) => isUnder(file, places))?.[0] ?? null;
}

/** A family's declared interface: src/<folder>/figures.ts of one of its folders. */
export function isFiguresModule(file: string): boolean {
  const family = familyOf(file);
  return family !== null && FAMILIES[family].some((place) => file === `${place}/${FIGURES_MODULE}`);
}

/**
 * The node a file is in the folder graph that must have no cycles: its top-level folder
 * under src/ ('src/search') or a top-level file ('src/families.ts').
 */
export function unitOf(file: string): string {
  const [top, second] = file.split('/');
  return top === 'src' && second && !second.endsWith('.ts') ? `src/${second}` : top === 'src' ? file : top;
}
