/**
 * Elasticsearch filter clauses every family's query builders share. Each returns a list
 * (empty when the parameter was not given) so a builder can spread it into its filters.
 */

/** Keep documents whose field is one of the values; no clause when none are given. */
export function termsFilter(field: string, values: string[] | undefined): object[] {
  return values?.length ? [{ terms: { [field]: values } }] : [];
}

/**
 * Keep documents whose keyword field is one of the values, compared case-insensitively (a
 * free-text vocabulary such as cuisines: cuisine=pizza keeps Pizza); no clause when none are given.
 */
export function caselessTermsFilter(field: string, values: string[] | undefined): object[] {
  if (!values?.length) return [];
  const terms = values.map((value) => ({ term: { [field]: { value, case_insensitive: true } } }));
  return [terms.length === 1 ? terms[0] : { bool: { should: terms, minimum_should_match: 1 } }];
}

/** Keep documents whose field is within the bounds given (either may be open). */
export function rangeFilter(field: string, gte: unknown, lte: unknown): object[] {
  const range: Record<string, unknown> = {};
  if (gte !== undefined) range.gte = gte;
  if (lte !== undefined) range.lte = lte;
  return Object.keys(range).length ? [{ range: { [field]: range } }] : [];
}
