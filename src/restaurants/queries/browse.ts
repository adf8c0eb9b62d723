import type { Position, PositionShape } from '../../search/cursor';
import { searchAfterRequest } from '../../contract/lists';
import { caselessTermsFilter, rangeFilter, termsFilter } from '../../search/filters';
import type { BrowseQuery } from '../openapi';
import { wordsPrefixFilter } from '../../search/text-filter';
import { SUMMARY_FETCH } from '../shape';

export type BrowseSort = BrowseQuery['sort'];

/**
 * Never-inspected establishments sort last in both directions: as 9999-12-31 oldest first,
 * as 1900-01-01 newest first (explicit dates rather than _last, whose sort values are
 * Long.MIN/MAX and do not survive a cursor as JSON numbers).
 */
const NEVER_INSPECTED_LAST_ASC_MS = Date.UTC(9999, 11, 31);
const NEVER_INSPECTED_LAST_DESC_MS = Date.UTC(1900, 0, 1);

export function browseFilters(query: Omit<BrowseQuery, 'sort' | 'limit'>): object[] {
  const filter: object[] = [];
  // Name or address fragment: every word in the name, or every word in the address.
  if (query.q !== undefined) filter.push(wordsPrefixFilter(['nameNorm', 'addressNorm'], query.q));
  filter.push(...termsFilter('borough', query.borough), ...termsFilter('zip', query.zip), ...caselessTermsFilter('cuisine', query.cuisine));
  filter.push(...termsFilter('grade', query.grade), ...termsFilter('riskLevel', query.riskLevel));
  filter.push(...rangeFilter('score', query.minScore, query.maxScore));
  if (query.closed !== undefined) filter.push({ term: { closed: query.closed } });
  if (query.hasOpenViolations === true) filter.push({ range: { openViolations: { gt: 0 } } });
  if (query.hasOpenViolations === false) filter.push({ term: { openViolations: 0 } });
  // verminDates holds every vermin citation date: any one on/after the date matches.
  filter.push(...rangeFilter('verminDates', query.verminSince, undefined));
  filter.push(...rangeFilter('lastInspectedAt', query.inspectedSince, query.inspectedUntil));
  return filter;
}

export function browseSort(sort: BrowseSort): object[] {
  const tiebreak = { camis: { order: 'asc' } };
  switch (sort) {
    case 'name':
      return [{ nameExact: { order: 'asc' } }, tiebreak];
    case '-name':
      return [{ nameExact: { order: 'desc' } }, tiebreak];
    case 'lastInspectedAt':
      return [{ lastInspectedAt: { order: 'asc', missing: NEVER_INSPECTED_LAST_ASC_MS } }, tiebreak];
    case '-lastInspectedAt':
      return [{ lastInspectedAt: { order: 'desc', missing: NEVER_INSPECTED_LAST_DESC_MS } }, tiebreak];
  }
}

/** The sort values of a browse row: the name or the inspection date (epoch ms), then the camis. */
export function browsePositionShape(sort: BrowseSort): PositionShape {
  return sort === 'name' || sort === '-name' ? ['string', 'string'] : ['integer', 'string'];
}

/** One page (limit + 1 rows, the extra one only says whether more exist) after `after`. */
export function buildBrowseRequest(query: BrowseQuery, after: Position | null): Record<string, unknown> {
  return searchAfterRequest(query.limit, { ...SUMMARY_FETCH, query: { bool: { filter: browseFilters(query) } }, sort: browseSort(query.sort) }, after);
}
