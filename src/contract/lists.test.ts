import { createCursorCodec, type Position } from '../search/cursor';
import { cursorPage } from './lists';

const cursors = createCursorCodec('test-secret');
const ROWS = [50, 40, 30, 20, 10].map((seq) => ({ seq, text: `row ${seq}` }));

/** A list over ROWS, newest first, keyset by seq: what the community report lists do in SQL. */
function reports(query: { limit: number; cursor?: string; kind?: string }, scope = { camis: '1' }, list = 'restaurant-reports') {
  const fetched: Array<Position | null> = [];
  const page = cursorPage(cursors, 'live', {
    list,
    query,
    scope,
    position: ['integer'],
    async rows(after) {
      fetched.push(after);
      return ROWS.filter((row) => after === null || row.seq < Number(after[0])).slice(0, query.limit + 1);
    },
    positionOf: (row) => [row.seq],
    item: (row) => row.text,
  });
  return { page, fetched };
}

describe('cursorPage', () => {
  it('follows the cursor to the last row, each row once, and ends with a null cursor', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data, meta } = await reports({ limit: 2, cursor }).page;
      expect(meta.returned).toBe(data.length);
      seen.push(...data);
      cursor = meta.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(ROWS.map((row) => row.text));
  });

  it('starts from the decoded position', async () => {
    const first = await reports({ limit: 2 }).page;
    const second = reports({ limit: 2, cursor: first.meta.nextCursor! });
    await second.page;
    expect(second.fetched).toEqual([[40]]);
  });

  it('refuses a cursor of another list, scope or filter before reading any row', async () => {
    const { meta } = await reports({ limit: 2 }).page;
    const cursor = meta.nextCursor!;
    for (const replay of [reports({ limit: 2, cursor }, { camis: '2' }), reports({ limit: 2, cursor }, undefined, 'own-reports'), reports({ limit: 2, cursor, kind: 'pest' })]) {
      await expect(replay.page).rejects.toMatchObject({ code: 'invalid_cursor' });
      expect(replay.fetched).toEqual([]);
    }
  });

  it('keeps the cursor across page sizes: limit does not bind it', async () => {
    const { meta } = await reports({ limit: 2 }).page;
    const { data } = await reports({ limit: 3, cursor: meta.nextCursor! }).page;
    expect(data).toEqual(['row 30', 'row 20', 'row 10']);
  });
});
