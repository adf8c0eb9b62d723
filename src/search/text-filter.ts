import { normalizeText } from './normalize';

/**
 * Every word of q in one of the fields, the last word as a prefix, on the folded text the
 * index stores. A q that folds to no words at all (emoji, "*:*", zero-width spaces) names
 * nothing, so it matches nothing: the list is empty, on every surface that takes q, as the
 * typeahead answers it, never the unfiltered list.
 */
export function wordsPrefixFilter(fields: string[], q: string): object {
  const text = normalizeText(q);
  if (!text) return { match_none: {} };
  const clauses = fields.map((field) => ({ match_bool_prefix: { [field]: { query: text, operator: 'and' } } }));
  return clauses.length === 1 ? clauses[0] : { bool: { should: clauses, minimum_should_match: 1 } };
}
