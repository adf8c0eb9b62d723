import type { Route } from '../../contract/routes';
import type { AppDeps } from '../../deps';

export function contractorProfileRoutes(_deps: AppDeps): Route[] {
  return [];
}
