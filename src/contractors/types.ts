import { Type } from '@sinclair/typebox';

/** The contractors family's OpenAPI tag: every contractor operation carries it. */
export const CONTRACTORS_TAG = 'Contractors';

/**
 * The literal words of the family's paths below /contractors/: never issued as slugs, since
 * the route would answer instead of the company (slugs.ts issueSlug). A route with a new word
 * adds it here; routes.test.ts fails until it does.
 */
export const CONTRACTOR_PATH_WORDS: ReadonlySet<string> = new Set(['batch', 'search', 'tickets']);

/** What a slug can look like: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * How a slug answers once its company was grouped with another, for the document: every
 * operation taking a slug says it the same way.
 */
export const SLUG_ANSWERS =
  "a slug stays with the company holding the spelling it was made from. When a later load groups that spelling with an earlier slug's company, the slug is absorbed: it answers 200 with the surviving company (never a redirect, since a later load can split the spelling off again and give the slug back its own company), the answer's slug field is the canonical slug, and a Link header <...>; rel=\"canonical\" names the same resource under it (cache and link under the canonical slug). When a company splits, its slug stays with the part holding its spelling and the other part gets a new slug. Either way the change feed says so (contractor kinds tickets_moved, merged_into, split_from). A malformed slug is 400 invalid_parameter; one never issued is 404 not_found.";

/** The Link header value naming the canonical resource when a slug answers for another company (the requested path with the canonical slug), or null when it answers for its own. */
export function canonicalLink(path: string, requested: string, canonical: string, querystring = ''): string | null {
  if (requested === canonical) return null;
  const prefix = `/api/v1/contractors/${requested}`;
  if (!path.startsWith(prefix)) return null;
  return `<${`/api/v1/contractors/${canonical}${path.slice(prefix.length)}`}${querystring ? `?${querystring}` : ''}>; rel="canonical"`;
}

/** The Link header of an answer under an absorbed slug, as declared on each {slug} operation's 200. */
export const CANONICAL_LINK_HEADER = {
  Link: {
    description: 'Only when the requested slug was absorbed into another company: <the same path and query under the canonical slug>; rel="canonical".',
    schema: { type: 'string' },
  },
};

/** A contractor's slug as a path parameter. */
export const slugParam = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: SLUG_PATTERN.source,
  description:
    "The contractor's slug: lowercase kebab of the docket spelling it was made from (the company's primary spelling when first seen), with a numeric suffix on collision (abc-construction-corp, abc-construction-corp-2), and when the kebab is a word of these paths (a company docketed as SEARCH is search-2: /contractors/search is the search). Never changes, never reused, and always answers: " + SLUG_ANSWERS,
  'x-message': 'slug must be lowercase letters and digits in words joined by single hyphens',
});
