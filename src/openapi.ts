import { changesFragment } from './changes/openapi';
import { communityFragment } from './community/openapi';
import { contractorsFragment } from './contractors/openapi';
import { sharedFragment } from './contract/components';
import { buildDocument } from './contract/document';
import { Examples, withExamples } from './contract/examples';
import examples from './contract/examples.json';
import type { ApiFragment, OpenApiDocument } from './contract/types';
import { feedsFragment } from './feeds/openapi';
import { platformFragment } from './platform/openapi';
import { propertiesFragment } from './properties/openapi';
import { permitsFragment } from './properties/permits/openapi';
import { profileFragment } from './properties/profile/openapi';
import { propertySearchFragment } from './properties/search/openapi';
import { restaurantsFragment } from './restaurants/openapi';
import { sourcesFragment } from './sources/openapi';
import { webhooksFragment } from './webhooks/openapi';

/**
 * The API's contract as the app serves it. The list of fragments lives here, beside the
 * list of routes (src/routes.ts), not in src/contract: the contract machinery is core and
 * knows no family; the app knows them all.
 */

/** Every family's part of the contract; a family adds one line here. */
export const fragments: ApiFragment[] = [sharedFragment, platformFragment, communityFragment, restaurantsFragment, feedsFragment, sourcesFragment, propertiesFragment, permitsFragment, propertySearchFragment, profileFragment, contractorsFragment, changesFragment, webhooksFragment];

/** A fresh copy of the whole document (callers may change it), with every operation's example from the test-mode fixture (npm run examples). */
export function buildApiDocument(): OpenApiDocument {
  return withExamples(buildDocument(fragments), examples as Examples);
}

let cached: OpenApiDocument | undefined;
/** The document the app serves and validates with, built once. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildApiDocument();
  return cached;
}
