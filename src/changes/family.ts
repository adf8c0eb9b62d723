import type { ApiFamily } from '../deps';
import { changesFragment } from './openapi';
import { changeRoutes } from './routes';
import { webhooksFragment } from './webhooks/openapi';
import { webhookRoutes } from './webhooks/routes';

/** What changed (the change feed), and the webhooks that deliver it. */
export const changes: ApiFamily = {
  name: 'changes',
  routes: (deps) => [...changeRoutes(deps), ...webhookRoutes(deps)],
  fragments: [changesFragment, webhooksFragment],
};
