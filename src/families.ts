import { changes } from './changes/family';
import { community } from './community/family';
import type { Route } from './contract/routes';
import { contractors } from './contractors/family';
import type { ApiFamily, AppDeps } from './deps';
import { properties } from './properties/family';
import { restaurants } from './restaurants/family';
import { service } from './service/family';

/**
 * Every family of the API, one line each: the app mounts their routes and merges their parts
 * of the document from this list, and the layers test reads their folders from it. A new family
 * is a folder under src/ with a family.ts, and a line here.
 */
export const FAMILIES: readonly ApiFamily[] = [service, community, restaurants, properties, contractors, changes];

/** Every family's routes, in the families' order. */
export const allRoutes = (deps: AppDeps): Route[] => FAMILIES.flatMap((family) => family.routes(deps));
