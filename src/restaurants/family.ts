import type { ApiFamily } from '../deps';
import { RESTAURANT_DATASETS } from '../domain/restaurants/datasets';
import { RESTAURANT_CHANGES } from '../domain/restaurants/changes';
import { feedsFragment } from './feeds/openapi';
import { feedRoutes } from './feeds/routes';
import { restaurantsFragment } from './openapi';
import { restaurantRoutes } from './routes';

/** Restaurants and their inspections, and the same inspections seen city-wide (feeds, meta, stats). */
export const restaurants: ApiFamily = {
  name: 'restaurants',
  routes: (deps) => [...restaurantRoutes(deps), ...feedRoutes(deps)],
  fragments: [restaurantsFragment, feedsFragment],
  changes: RESTAURANT_CHANGES,
  datasets: RESTAURANT_DATASETS,
};
