import type { ApiFamily } from '../deps';
import type { ChangeVocabulary } from '../domain/changes';
import { changeInputs, changesFragment } from './openapi';
import { changeRoutes } from './routes';
import { webhookInputs, webhooksFragment } from './webhooks/openapi';
import { webhookRoutes } from './webhooks/routes';

/**
 * What changed (the change feed), and the webhooks that deliver it: built from the feed's
 * vocabulary, which the other families declare (src/families.ts), so a family's kinds of
 * change reach the feed's validation and document without a list of them here.
 */
export function changesFamily(vocabulary: ChangeVocabulary): ApiFamily {
  const feed = changeInputs(vocabulary);
  const webhooks = webhookInputs(vocabulary);
  return {
    name: 'changes',
    routes: (deps) => [...changeRoutes(deps, vocabulary, feed), ...webhookRoutes(deps, webhooks)],
    fragments: [changesFragment(vocabulary, feed), webhooksFragment(vocabulary, webhooks)],
  };
}
