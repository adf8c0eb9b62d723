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

/** A contractor's slug as a path parameter. */
export const slugParam = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: SLUG_PATTERN.source,
  description:
    "The contractor's slug: lowercase kebab of its primary docket spelling, with a numeric suffix on collision (abc-construction-corp, abc-construction-corp-2), and when the kebab is a word of these paths (a company docketed as SEARCH is search-2: /contractors/search is the search). Never changes once issued; an absorbed company's slug answers for the company that absorbed it (the answer carries that company's own slug). A malformed slug is 400 invalid_parameter; an unknown one is 404 not_found.",
  'x-message': 'slug must be lowercase letters and digits in words joined by single hyphens',
});
