import type { estypes } from '@elastic/elasticsearch';
import { type CursorCodec, pageOf, type Position, type PositionShape, queryBinding } from '../search/cursor';
import type { DataStore } from '../stores';

/** What every cursor list answers: {data, meta: {nextCursor, returned}} (PageMeta in the document). */
export interface Page<Item> {
  data: Item[];
  meta: { nextCursor: string | null; returned: number };
}

/** A cursor list's validated query: its filters, and the paging parameters (pageParams in params.ts). */
export type PageQuery = { limit: number; cursor?: string } & Record<string, unknown>;

export interface CursorList<Row, Item> {
  /** The list's name binds its cursors; it never changes (issued cursors never expire). */
  list: string;
  /** The validated query: everything but limit and cursor binds the cursor too. */
  query: PageQuery;
  /** Whose rows, for a nested list (the camis, the device): a cursor never pages another's. */
  scope?: Record<string, unknown>;
  /** What a decoded position must look like before it reaches a store. */
  position: PositionShape;
  /** At most `count` rows after the position (from the start when null), in list order: limit + 1 for a page, a batch for an export (export.ts). */
  rows(after: Position | null, count: number): Promise<Row[]>;
  positionOf(row: Row): Position;
  item(row: Row): Item;
}

/**
 * One page of a keyset-paged list: the cursor is decoded against its binding and shape, the
 * rows after it fetched, and the extra row only says whether another page exists.
 */
export async function cursorPage<Row, Item>(cursors: CursorCodec, mode: string, list: CursorList<Row, Item>): Promise<Page<Item>> {
  const binding = queryBinding(list.list, mode, list.query, list.scope);
  const after = list.query.cursor ? cursors.decode(list.query.cursor, binding, list.position) : null;
  const page = pageOf(await list.rows(after, list.query.limit + 1), list.query.limit, list.positionOf, (position) => cursors.encode(position, binding));
  return { data: page.rows.map((row) => list.item(row)), meta: { nextCursor: page.nextCursor, returned: page.rows.length } };
}

export type SearchHit = estypes.SearchHit<unknown>;

/** The hits of one search of a family index (none while the index does not exist yet). */
export async function searchHits(store: DataStore, index: string, request: Record<string, unknown>): Promise<SearchHit[]> {
  const response = await store.es.search({ index: store.indexAlias(index), ...request }, { ignore: [404] });
  return response.hits?.hits ?? [];
}

/**
 * The request of one searchPage page: limit + 1 hits (the extra one only says whether more
 * exist), no total, `body` (source, query, sort), and search_after the position.
 */
export function searchAfterRequest(limit: number, body: Record<string, unknown>, after: Position | null): Record<string, unknown> {
  return { size: limit + 1, track_total_hits: false, ...body, ...(after ? { search_after: after } : {}) };
}

/** A cursor list over Elasticsearch: search_after positions are the hits' sort values. */
export function searchPage<Item>(
  cursors: CursorCodec,
  store: DataStore,
  list: Omit<CursorList<SearchHit, Item>, 'rows' | 'positionOf'> & { index: string; request(after: Position | null): Record<string, unknown> },
): Promise<Page<Item>> {
  return cursorPage(cursors, store.mode, {
    ...list,
    rows: (after) => searchHits(store, list.index, list.request(after)),
    positionOf: (hit) => hit.sort as Position,
  });
}
