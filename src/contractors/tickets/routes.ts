import type { Route } from '../../contract/routes';
import type { AppDeps } from '../../deps';

export function contractorTicketRoutes(_deps: AppDeps): Route[] {
  return [];
}
