import type { Route } from '../contract/routes';
import type { AppDeps } from '../deps';
import { deviceRoutes } from './devices/routes';
import { reportRoutes } from './reports/routes';

/** Every community route; each part of the family (reports, devices) spreads its own in here. */
export function communityRoutes(deps: AppDeps): Route[] {
  return [...reportRoutes(deps), ...deviceRoutes(deps)];
}
