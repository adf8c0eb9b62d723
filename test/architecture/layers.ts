/**
 * The layers of src/, as ARCHITECTURE.md draws them. Adding a family: one line in FAMILIES.
 */

/** Families, side by side. A family may span folders: the city-wide feeds are the restaurant inspections seen city-wide. */
export const FAMILIES: Record<string, string[]> = {
  restaurants: ['src/restaurants', 'src/feeds'],
  community: ['src/community'],
  properties: ['src/properties'],
  contractors: ['src/contractors'],
  // The city data sets behind the API and how fresh each is (GET /meta/sources).
  sources: ['src/sources'],
  // The change feed and the webhooks that deliver it.
  changes: ['src/changes', 'src/webhooks'],
  // The platform's own endpoints (/health, /me, /openapi.json) and the store probe behind
  // /health; the rest of src/platform (keys, usage, local secrets, the fixture clock) is core.
  platform: ['src/platform/routes.ts', 'src/platform/openapi.ts', 'src/platform/health.ts'],
};

/** The one module of a family that other families may import: what it shows on their pages. */
export const FIGURES_MODULE = 'figures.ts';

/** The composition root: knows every family, is imported by none of them. */
export const APP = ['src/app.ts', 'src/server.ts', 'src/routes.ts', 'src/openapi.ts'];

/** Shared by every family; imports no family and not the app. */
export const CORE = ['src/http', 'src/contract', 'src/search', 'src/db', 'src/datasets', 'src/nyc', 'src/platform', 'src/errors.ts', 'src/deps.ts', 'src/config.ts', 'src/stores.ts'];

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
 * under src/ ('src/search'), a top-level file ('src/routes.ts'), or the platform's
 * endpoints, which sit in the family layer while the rest of src/platform is core.
 */
export function unitOf(file: string): string {
  if (familyOf(file) === 'platform') return 'src/platform (endpoints)';
  const [top, second] = file.split('/');
  return top === 'src' && second && !second.endsWith('.ts') ? `src/${second}` : top === 'src' ? file : top;
}
