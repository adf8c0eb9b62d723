import type { ApiFamily } from '../deps';
import { platformFragment } from './openapi';
import { platformRoutes } from './routes';
import { sourcesFragment } from './sources/openapi';
import { sourceRoutes } from './sources/routes';

/** The service itself: the key's introspection, health, this document, and where its data comes from (meta/sources). */
export const service: ApiFamily = {
  name: 'service',
  routes: (deps) => [...platformRoutes(deps), ...sourceRoutes(deps)],
  fragments: [platformFragment, sourcesFragment],
};
