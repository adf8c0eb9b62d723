import type { RequestOptions, TestApi } from './api';

/** A cursor list followed further than this is taken to loop. */
const MAX_PAGES = 10_000;

/**
 * Every item of a cursor list (cursorPage/searchPage), following meta.nextCursor page by
 * page from `path?params&limit=N`: each page answers 200 with at most `limit` items and
 * meta.returned equal to the items on it.
 */
export async function pageAll<T = any>(api: TestApi, path: string, params: string, limit: number, options?: RequestOptions): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const query = `${params}${params ? '&' : ''}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res: { status: number; body: any } = await api.get(`${path}?${query}`, options);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    expect(res.body.meta.returned).toBe(res.body.data.length);
    items.push(...res.body.data);
    cursor = res.body.meta.nextCursor;
    if (!cursor) return items;
  }
  throw new Error(`${path}?${params}: more than ${MAX_PAGES} pages`);
}
