import type { ApiFamily } from '../deps';
import type { DatasetFacts } from '../domain/datasets';
import { platformFragment } from './openapi';
import { platformRoutes } from './routes';
import { sourcesFragment } from './sources/openapi';
import { sourceRoutes } from './sources/routes';

/**
 * The service itself: the key's introspection, health, this document, and where its data
 * comes from (meta/sources): built from the data sets the other families declare
 * (src/families.ts), so a family's data sets reach the sources without a list of them here.
 */
export function serviceFamily(datasets: readonly DatasetFacts[]): ApiFamily {
  return {
    name: 'service',
    routes: (deps) => [...platformRoutes(deps), ...sourceRoutes(deps, datasets)],
    fragments: [platformFragment, sourcesFragment(datasets)],
  };
}
