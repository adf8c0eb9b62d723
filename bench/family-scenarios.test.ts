import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addFigures, exportList, exportSummary, noFigures, probe } from './family-scenarios';
import type { BenchContext } from './types';

/**
 * The family scenarios' shared plumbing on a local server (jest's roots leave bench/ out; run
 * with `npx jest --roots='<rootDir>/bench' --testPathPatterns family-scenarios`).
 */

describe('family scenario plumbing', () => {
  let server: http.Server;
  let ctx: BenchContext;
  const auth: string[] = [];

  beforeAll(async () => {
    // Three pages: a, b | b, c | d; the second page repeats b.
    const pages: Record<string, { data: Array<{ id: string }>; meta: { nextCursor: string | null } }> = {
      '': { data: [{ id: 'a' }, { id: 'b' }], meta: { nextCursor: 'p 2' } },
      'p 2': { data: [{ id: 'b' }, { id: 'c' }], meta: { nextCursor: 'p3' } },
      p3: { data: [{ id: 'd' }], meta: { nextCursor: null } },
    };
    server = http.createServer((req, res) => {
      auth.push(req.headers.authorization ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/missing') return void res.writeHead(404).end('{"error":"no route"}');
      if (url.pathname === '/broken') return void res.writeHead(500).end('boom');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pages[url.searchParams.get('cursor') ?? '']));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx = { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, liveKey: 'live-key' } as BenchContext;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows the cursors to the end and counts missing and repeated rows against the stored multiset', async () => {
    const figures = noFigures();
    await exportList<{ id: string }>(ctx, { path: '/list?limit=2', what: 'the list', idOf: (row) => row.id, storedIds: async () => ['a', 'b', 'c', 'e'] }, figures);
    expect(figures).toMatchObject({ lists: 1, rows: 5, pages: 3, missing: 1, duplicates: 2 });
    expect(auth.every((header) => header === 'Bearer live-key')).toBe(true);
    const twice = addFigures(figures, figures);
    expect(twice).toMatchObject({ lists: 2, rows: 10, pages: 6, missing: 2, duplicates: 4 });
    expect(exportSummary({ ...twice, seconds: 2 }, 'rows', 'dockets')).toBe('10 rows of 2 dockets in 6 pages, 2.0 s: 5 rows/s; 2 missing, 4 repeated (vs Postgres)');
  });

  it('says why a scenario is skipped, or nothing when the endpoint answers', async () => {
    expect(await probe(ctx, '/list', 'GET /list')).toBeUndefined();
    expect(await probe(ctx, '/missing', 'GET /missing')).toBe('GET /missing answers 404 ({"error":"no route"}): the endpoint is not built in this tree yet');
    expect(await probe(ctx, '/broken', 'GET /broken')).toBe('GET /broken answers 500: boom');
  });
});
