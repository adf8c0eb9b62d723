import type { ApiFamily } from '../deps';
import { PROPERTY_DATASETS } from '../domain/properties/datasets';
import { PROPERTY_CHANGES } from '../domain/properties/changes';
import { propertiesFragment } from './openapi';
import { permitsFragment } from './permits/openapi';
import { profileFragment } from './profile/openapi';
import { propertyRoutes } from './routes';
import { propertySearchFragment } from './search/openapi';

/** Tax lots: address search, profiles, dockets, permits, deadlines, batch. */
export const properties: ApiFamily = {
  name: 'properties',
  routes: propertyRoutes,
  fragments: [propertiesFragment, permitsFragment, propertySearchFragment, profileFragment],
  changes: PROPERTY_CHANGES,
  datasets: PROPERTY_DATASETS,
};
