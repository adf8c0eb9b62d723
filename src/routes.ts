import { changeRoutes } from './changes/routes';
import { communityRoutes } from './community/routes';
import { contractorRoutes } from './contractors/routes';
import type { Route } from './contract/routes';
import type { AppDeps } from './deps';
import { feedRoutes } from './feeds/routes';
import { platformRoutes } from './platform/routes';
import { propertyRoutes } from './properties/routes';
import { restaurantRoutes } from './restaurants/routes';
import { sourceRoutes } from './sources/routes';
import { webhookRoutes } from './webhooks/routes';

/** Every family's routes; a family adds one line here. */
export function allRoutes(deps: AppDeps): Route[] {
  return [...platformRoutes(deps), ...communityRoutes(deps), ...restaurantRoutes(deps), ...feedRoutes(deps), ...sourceRoutes(deps), ...propertyRoutes(deps), ...contractorRoutes(deps), ...changeRoutes(deps), ...webhookRoutes(deps)];
}
