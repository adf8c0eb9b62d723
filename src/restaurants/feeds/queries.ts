import { caselessTermsFilter, rangeFilter, termsFilter } from '../../search/filters';
import type { Position, PositionShape } from '../../search/cursor';
import { searchAfterRequest } from '../../contract/lists';
import type { InspectionFeedQuery, ViolationFeedQuery } from './openapi';
import { wordsPrefixFilter } from '../../search/text-filter';

/** The city-wide feeds: newest first, keyset pages over [inspectedAt, id] (id is unique). */
const FEED_SORT = [{ inspectedAt: { order: 'desc' } }, { id: { order: 'desc' } }];
/** A feed row's sort values: inspectedAt as epoch ms, then the row id. */
export const FEED_POSITION: PositionShape = ['integer', 'string'];

export const VIOLATION_SOURCE = [
  'code', 'description', 'critical', 'inspectedAt', 'inspectionType', 'category', 'camis', 'restaurantName', 'address', 'borough', 'latitude', 'longitude', 'zip',
];
export const INSPECTION_SOURCE = ['camis', 'name', 'address', 'borough', 'inspectedAt', 'type', 'score', 'grade', 'closedRestaurant'];

function page(filter: object[], source: string[], limit: number, after: Position | null): Record<string, unknown> {
  return searchAfterRequest(limit, { _source: source, query: { bool: { filter } }, sort: FEED_SORT }, after);
}

export function violationFilters(query: Omit<ViolationFeedQuery, 'limit'>): object[] {
  const filter: object[] = [
    ...termsFilter('code', query.code?.map((code) => code.toUpperCase())),
    ...termsFilter('category', query.category),
    ...termsFilter('borough', query.borough),
    ...termsFilter('zip', query.zip),
    ...caselessTermsFilter('cuisine', query.cuisine),
    ...rangeFilter('inspectedAt', query.since, query.until),
  ];
  if (query.critical !== undefined) filter.push({ term: { critical: query.critical } });
  if (query.q !== undefined) filter.push(wordsPrefixFilter(['nameNorm'], query.q));
  if (query.lat !== undefined && query.lng !== undefined) {
    filter.push({ geo_distance: { distance: `${query.radius}m`, distance_type: 'arc', location: { lat: query.lat, lon: query.lng } } });
  }
  return filter;
}

export function buildViolationFeedRequest(query: ViolationFeedQuery, after: Position | null): Record<string, unknown> {
  return page(violationFilters(query), VIOLATION_SOURCE, query.limit, after);
}

export function buildInspectionFeedRequest(query: InspectionFeedQuery, after: Position | null): Record<string, unknown> {
  const filter: object[] = [
    ...termsFilter('borough', query.borough),
    ...termsFilter('grade', query.grade),
    ...rangeFilter('score', query.minScore, undefined),
    ...rangeFilter('inspectedAt', query.since, query.until),
  ];
  if (query.closedRestaurant !== undefined) filter.push({ term: { closedRestaurant: query.closedRestaurant } });
  return page(filter, INSPECTION_SOURCE, query.limit, after);
}

/*
 * The feeds' CSV exports read Postgres, the canonical rows the indices are built from
 * (ingest/families/restaurants/documents.ts): a feed row is a visit or citation of an
 * establishment that has a profile. Each statement keeps the rows the Elasticsearch request
 * above keeps, filter for filter, in the same order (date descending, then the document id
 * in byte order, as the keyword sort compares it), and selects the declared CSV columns as the
 * JSON has them: dates YYYY-MM-DD, booleans true/false, '' as null (the documents store '' types
 * as null; an empty text field is an empty cell either way), floats in shortest round-trip form.
 */

/** The document id (camis|date|type[|code]) as the keyword sort orders it: bytes, collation C. */
const VISIT_ID = `(i.camis || '|' || to_char(i.inspected_at, 'YYYY-MM-DD') || '|' || i.inspection_type) collate "C"`;
const CITATION_ID = `(c.camis || '|' || to_char(c.inspected_at, 'YYYY-MM-DD') || '|' || c.inspection_type || '|' || c.code) collate "C"`;

/**
 * The feed order in SQL: date descending, then the id without its date. Within one day every id
 * has the same date after the same camis (digits, no '|'), so the rest orders the ids as the
 * whole id does; without the date the key is an index expression (to_char is not immutable).
 * Migration 601_restaurant_feed_export_order indexes the citations in exactly this order: the
 * violation feed's export walks it and streams from its first row, with no sort of the whole feed.
 */
const VISIT_ORDER = `i.inspected_at desc, (i.camis || '|' || i.inspection_type) collate "C" desc`;
const CITATION_ORDER = `c.inspected_at desc, (c.camis || '|' || c.inspection_type || '|' || c.code) collate "C" desc`;

/** Filters of a feed statement: each adds its condition with its value as the next $n. */
class Conditions {
  readonly where: string[] = [];
  readonly params: unknown[] = [];
  add(condition: (placeholder: string) => string, value: unknown): void {
    this.params.push(value);
    this.where.push(condition(`$${this.params.length}`));
  }
  list(column: string, values: string[] | undefined): void {
    if (values?.length) this.add((p) => `${column} = any(${p}::text[])`, values);
  }
  /** After a position [inspectedAt epoch ms, id], newest first: an older day, or the same day and a smaller id. */
  after(date: string, id: string, after: Position | null): void {
    if (!after) return;
    this.params.push(new Date(after[0] as number).toISOString().slice(0, 10), after[1]);
    const [day, last] = [`$${this.params.length - 1}::date`, `$${this.params.length}::text`];
    this.where.push(`${date} <= ${day}`, `(${date} < ${day} or ${id} < ${last})`);
  }
  text(): string {
    return this.where.length ? `where ${this.where.join(' and ')}` : '';
  }
}

const textCell = (column: string) => `nullif(${column}, '')`;
/** A date as YYYY-MM-DD: every pooled session has DateStyle ISO (src/db/pool.ts), and the cast costs Postgres less than to_char. */
const dateCell = (column: string) => `${column}::text`;
/**
 * The establishment of a feed row (the columns the statements select or filter on), when it has
 * a profile (the documents skip the others). One lateral lookup of both tables, kept apart from
 * the outer query by `offset 0`, so Postgres memoizes the pair per camis in one cache, where two
 * joins probed two caches per row: with the ISO cast, the violation export's backend CPU
 * 2.34 -> 1.88 s on the bench's 329,875 rows (alternated, five runs each).
 */
const establishmentOf = (camis: string) => `cross join lateral (
      select e.name, e.address, e.borough, e.zip, e.cuisine, e.latitude, e.longitude
      from restaurant_establishments e join restaurant_profiles p on p.camis = e.camis
      where e.camis = ${camis} offset 0) e`;
/** A visit of an establishment with a profile. */
const VISITS = `restaurant_inspections i ${establishmentOf('i.camis')}`;
/**
 * A citation of an establishment with a profile. Its visit is not joined: the citation's foreign
 * key names it, and the citation has its camis, date and type (the join took 2.7 CPU s against
 * 1.7 without it, unordered, on the bench's 329,875 rows).
 */
const CITATIONS = `restaurant_citations c ${establishmentOf('c.camis')}`;

/** Can the violation feed's CSV come from Postgres? q (the index's text folding and name words) and the circle (its geo arithmetic) are the index's own matching: those exports walk the index. */
export const violationExportFromPostgres = (query: ViolationFeedQuery) => query.q === undefined && query.lat === undefined && query.lng === undefined;

export function violationFeedStatement(query: Omit<ViolationFeedQuery, 'limit'>, after: Position | null): { sql: string; params: unknown[] } {
  if (!violationExportFromPostgres(query as ViolationFeedQuery)) throw new Error('q and the circle are filtered by the index only');
  const where = new Conditions();
  where.list('c.code', query.code?.map((code) => code.toUpperCase()));
  where.list('c.category', query.category);
  where.list('e.borough', query.borough);
  where.list('e.zip', query.zip);
  where.list('lower(e.cuisine)', query.cuisine?.map((cuisine) => cuisine.toLowerCase()));
  if (query.since !== undefined) where.add((p) => `c.inspected_at >= ${p}::date`, query.since);
  if (query.until !== undefined) where.add((p) => `c.inspected_at <= ${p}::date`, query.until);
  if (query.critical !== undefined) where.add((p) => `c.critical = ${p}::boolean`, query.critical);
  where.after('c.inspected_at', CITATION_ID, after);
  const sql = `select ${textCell('c.code')} as "code", ${textCell('c.description')} as "description", c.critical::text as "critical",
      ${dateCell('c.inspected_at')} as "inspectedAt", ${textCell('c.inspection_type')} as "inspectionType", c.category as "category",
      c.camis as "camis", ${textCell('e.name')} as "restaurantName", ${textCell('e.address')} as "address", ${textCell('e.borough')} as "borough",
      e.latitude as "latitude", e.longitude as "longitude", ${textCell('e.zip')} as "zip"
    from ${CITATIONS}
    ${where.text()}
    order by ${CITATION_ORDER}`;
  return { sql, params: where.params };
}

export function inspectionFeedStatement(query: Omit<InspectionFeedQuery, 'limit'>, after: Position | null): { sql: string; params: unknown[] } {
  const where = new Conditions();
  where.list('e.borough', query.borough);
  where.list('i.grade', query.grade);
  if (query.minScore !== undefined) where.add((p) => `i.score >= ${p}::integer`, query.minScore);
  if (query.since !== undefined) where.add((p) => `i.inspected_at >= ${p}::date`, query.since);
  if (query.until !== undefined) where.add((p) => `i.inspected_at <= ${p}::date`, query.until);
  if (query.closedRestaurant !== undefined) where.add((p) => `(coalesce(i.closure in ('closed', 'reclosed'), false)) = ${p}::boolean`, query.closedRestaurant);
  where.after('i.inspected_at', VISIT_ID, after);
  const sql = `select i.camis as "camis", ${textCell('e.name')} as "name", ${textCell('e.address')} as "address", ${textCell('e.borough')} as "borough",
      ${dateCell('i.inspected_at')} as "inspectedAt", ${textCell('i.inspection_type')} as "type", i.score as "score", i.grade as "grade",
      (coalesce(i.closure in ('closed', 'reclosed'), false))::text as "closedRestaurant"
    from ${VISITS}
    ${where.text()}
    order by ${VISIT_ORDER}`;
  return { sql, params: where.params };
}
