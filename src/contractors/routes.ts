import type { Route } from '../contract/routes';
import type { AppDeps } from '../deps';
import { contractorBrowseRoutes } from './browse/routes';
import { contractorProfileRoutes } from './profile/routes';
import { contractorTicketRoutes } from './tickets/routes';

/** Every contractor route; each part of the family (profile, tickets, browse and search) spreads its own in here. */
export function contractorRoutes(deps: AppDeps): Route[] {
  return [...contractorProfileRoutes(deps), ...contractorTicketRoutes(deps), ...contractorBrowseRoutes(deps)];
}
