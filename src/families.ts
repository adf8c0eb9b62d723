import { changesFamily } from './changes/family';
import { community } from './community/family';
import type { Route } from './contract/routes';
import { contractors } from './contractors/family';
import type { ApiFamily, AppDeps } from './deps';
import { changeVocabulary } from './domain/changes';
import { owners } from './owners/family';
import { properties } from './properties/family';
import { restaurants } from './restaurants/family';
import { serviceFamily } from './service/family';

/**
 * Every family of the API, one line each: the app mounts their routes and merges their parts
 * of the document from this list, and the layers test reads their folders from it. A new family
 * is a folder under src/ with a family.ts, and a line here.
 */
const RECORD_FAMILIES: readonly ApiFamily[] = [community, restaurants, properties, contractors, owners];

/** The dataset registry: every family's data sets, in the families' order (each family's in load order). */
export const DATASETS = RECORD_FAMILIES.flatMap((family) => family.datasets ?? []);

/** The change feed's vocabulary: every family's kinds of change, in the families' order. */
export const CHANGE_VOCABULARY = changeVocabulary(RECORD_FAMILIES.flatMap((family) => (family.changes ? [family.changes] : [])));

/** The service (its sources) and the change feed are built from what the record families declare. */
export const FAMILIES: readonly ApiFamily[] = [serviceFamily(DATASETS), ...RECORD_FAMILIES, changesFamily(CHANGE_VOCABULARY)];

/** Every family's routes, in the families' order. */
export const allRoutes = (deps: AppDeps): Route[] => FAMILIES.flatMap((family) => family.routes(deps));
