import { sharedFragment } from './contract/components';
import { buildDocument } from './contract/document';
import { Examples, withExamples } from './contract/examples';
import examples from './contract/examples.json';
import type { ApiFragment, OpenApiDocument } from './contract/types';
import { FAMILIES } from './families';

/**
 * The API's contract as the app serves it: the shared components, then every family's parts
 * (src/families.ts). Here, not in src/contract: the contract machinery is core and knows no
 * family; the app knows them all.
 */
export const fragments: ApiFragment[] = [sharedFragment, ...FAMILIES.flatMap((family) => family.fragments)];

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
