import { CONTRACTORS } from '../../ingest/families/contractors';
import { verifyStores } from '../../ingest/index/verify';
import { startTestApi, TestApi } from '../support/api';
import { loadOath, oathCsv, paidLine } from './support';

const BASE = '/api/v1/contractors';

/** Each load one day after the last, a month before the test keys' clock (2026-04-01). */
const day = (n: number) => new Date(`2026-03-${String(n).padStart(2, '0')}T12:00:00Z`);

describe('contractor slugs across successive loads (ingest + API + change feed)', () => {
  let api: TestApi;
  const get = (path: string) => api.get(path, { key: api.keys.test });
  const companyOf = async (ticket: string) =>
    (await api.ns.stores.byMode.test.pg.query('select company from contractor_tickets where ticket = $1', [ticket])).rows[0].company as string;
  const slugChanges = async () =>
    (await get('/api/v1/changes?family=contractor&kinds=tickets_moved,merged_into,split_from&limit=100')).body.data.map((change: any) => [change.entityId, change.kind, change.detail]);

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  it('ZEBRA TILE, then ZEBRA TILE LLC, then ZEBRA TILE INC: zebra-tile stays with ZEBRA TILE, the LLC moves to a new slug and the feed says so', async () => {
    const store = api.ns.stores.byMode.test;
    await loadOath(store, oathCsv([paidLine('0400000001', 'ZEBRA TILE', '2025-01-10')]), day(1));
    expect(await companyOf('0400000001')).toBe('zebra-tile');

    // The formless spelling joins the one kind of entity docketed under its name.
    await loadOath(store, oathCsv([paidLine('0400000002', 'ZEBRA TILE LLC', '2025-01-11')]), day(2));
    expect(await companyOf('0400000002')).toBe('zebra-tile');
    expect((await get(`${BASE}/zebra-tile`)).body.data).toMatchObject({ slug: 'zebra-tile', tickets: 2 });

    // A second kind of entity under the name: the formless spelling joins neither. zebra-tile
    // was made from ZEBRA TILE, so it stays there; the LLC's ticket gets a new slug, in the feed.
    await loadOath(store, oathCsv([paidLine('0400000003', 'ZEBRA TILE INC', '2025-01-12')]), day(3));
    expect([await companyOf('0400000001'), await companyOf('0400000002'), await companyOf('0400000003')]).toEqual(['zebra-tile', 'zebra-tile-llc', 'zebra-tile-inc']);
    const zebra = await get(`${BASE}/zebra-tile`);
    expect(zebra.status).toBe(200);
    expect(zebra.body.data).toMatchObject({ slug: 'zebra-tile', name: 'ZEBRA TILE', tickets: 1, spellings: ['ZEBRA TILE'] });
    expect(zebra.headers.get('link')).toBeNull();
    expect((await get(`${BASE}/zebra-tile-llc`)).body.data).toMatchObject({ slug: 'zebra-tile-llc', name: 'ZEBRA TILE LLC', tickets: 1 });
    expect((await get(`${BASE}/zebra-tile-llc/tickets`)).body.data.map((ticket: any) => ticket.ticket)).toEqual(['0400000002']);
    expect(await slugChanges()).toEqual([['zebra-tile', 'tickets_moved', { from: 'zebra-tile', to: 'zebra-tile-llc', count: 1 }]]);

    // The same files again move nothing.
    await loadOath(store, oathCsv([paidLine('0400000001', 'ZEBRA TILE', '2025-01-10'), paidLine('0400000002', 'ZEBRA TILE LLC', '2025-01-11')]), day(4));
    expect(await companyOf('0400000002')).toBe('zebra-tile-llc');
    expect(await slugChanges()).toHaveLength(1);
  });

  it('a merge: the later slug answers 200 with the surviving company, names it as canonical (Link), and the feed says so', async () => {
    const store = api.ns.stores.byMode.test;
    await loadOath(store, oathCsv([paidLine('0400000011', 'ZEBRA GROUTING & MARBLE', '2025-02-10')]), day(5));
    // Cut at 25 characters: it starts no other spelling yet, so it is a company of its own.
    await loadOath(store, oathCsv([paidLine('0400000012', 'ZEBRA GROUTING & MARBLE C', '2025-02-11')]), day(6));
    expect([await companyOf('0400000011'), await companyOf('0400000012')]).toEqual(['zebra-grouting-and-marble', 'zebra-grouting-and-marble-c']);

    // Both join the corporation: the earlier slug survives, the cut spelling's slug is absorbed.
    await loadOath(store, oathCsv([paidLine('0400000013', 'ZEBRA GROUTING & MARBLE CORP', '2025-02-12'), paidLine('0400000014', 'ZEBRA GROUTING & MARBLE CORP', '2025-02-13')]), day(7));
    expect(await companyOf('0400000012')).toBe('zebra-grouting-and-marble');
    const absorbed = await get(`${BASE}/zebra-grouting-and-marble-c?x=1`);
    expect(absorbed.status).toBe(200);
    expect(absorbed.body.data).toMatchObject({ slug: 'zebra-grouting-and-marble', tickets: 4 });
    expect(absorbed.headers.get('link')).toBe('</api/v1/contractors/zebra-grouting-and-marble?x=1>; rel="canonical"');
    const tickets = await get(`${BASE}/zebra-grouting-and-marble-c/tickets?limit=2`);
    expect(tickets.status).toBe(200);
    expect(tickets.headers.get('link')).toBe('</api/v1/contractors/zebra-grouting-and-marble/tickets?limit=2>; rel="canonical"');
    const batch = await api.post(`${BASE}/batch`, { slugs: ['zebra-grouting-and-marble-c', 'zebra-grouting-and-marble'] }, { key: api.keys.test });
    expect(batch.body.data.map((profile: any) => profile.slug)).toEqual(['zebra-grouting-and-marble', 'zebra-grouting-and-marble']);
    expect((await slugChanges()).slice(1)).toEqual([
      ['zebra-grouting-and-marble-c', 'merged_into', { from: 'zebra-grouting-and-marble-c', to: 'zebra-grouting-and-marble' }],
      ['zebra-grouting-and-marble-c', 'tickets_moved', { from: 'zebra-grouting-and-marble-c', to: 'zebra-grouting-and-marble', count: 1 }],
    ]);
  });

  it('a later split gives the absorbed slug its company back: it holds the spelling it was made from', async () => {
    const store = api.ns.stores.byMode.test;
    // A second kind of entity under the name: the formless spelling joins neither, so the
    // corporation and the cut spelling (it starts the corporation only) leave it.
    await loadOath(store, oathCsv([paidLine('0400000015', 'ZEBRA GROUTING & MARBLE LLC', '2025-02-14')]), day(8));
    expect([await companyOf('0400000011'), await companyOf('0400000012'), await companyOf('0400000013'), await companyOf('0400000015')])
      .toEqual(['zebra-grouting-and-marble', 'zebra-grouting-and-marble-c', 'zebra-grouting-and-marble-c', 'zebra-grouting-and-marble-llc']);
    const restored = await get(`${BASE}/zebra-grouting-and-marble-c`);
    expect(restored.body.data).toMatchObject({ slug: 'zebra-grouting-and-marble-c', name: 'ZEBRA GROUTING & MARBLE CORP', tickets: 3 });
    expect(restored.headers.get('link')).toBeNull();
    expect((await get(`${BASE}/zebra-grouting-and-marble`)).body.data).toMatchObject({ slug: 'zebra-grouting-and-marble', tickets: 1 });
    expect((await slugChanges()).slice(3)).toEqual([
      ['zebra-grouting-and-marble-c', 'split_from', { from: 'zebra-grouting-and-marble', to: 'zebra-grouting-and-marble-c' }],
      ['zebra-grouting-and-marble', 'tickets_moved', { from: 'zebra-grouting-and-marble', to: 'zebra-grouting-and-marble-c', count: 3 }],
    ]);
  });

  it('a summons the city re-dockets under a spelling of another company moves too, in the feed', async () => {
    await loadOath(api.ns.stores.byMode.test, oathCsv([paidLine('0400000001', 'ZEBRA TILE INC', '2025-01-10')]), day(9));
    expect(await companyOf('0400000001')).toBe('zebra-tile-inc');
    expect((await slugChanges()).slice(5)).toEqual([['zebra-tile', 'tickets_moved', { from: 'zebra-tile', to: 'zebra-tile-inc', count: 1 }]]);
    // Its old company keeps its slug and answers, now without tickets.
    expect((await get(`${BASE}/zebra-tile`)).body.data).toMatchObject({ slug: 'zebra-tile', tickets: 0 });
  });

  it('every slug ever issued still answers, and the ledger refuses to forget one', async () => {
    const pg = api.ns.stores.byMode.test.pg;
    const { rows } = await pg.query('select slug, company from contractor_slugs order by slug');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const { slug, company } of rows) {
      const res = await get(`${BASE}/${slug}`);
      expect([slug, res.status, res.body.data.slug]).toEqual([slug, 200, company]);
    }
    // Absorbed and restored companies' documents agree with Postgres (listed or not).
    expect(await verifyStores(api.ns.stores.byMode.test, CONTRACTORS)).toMatchObject({ ok: true });
    await expect(pg.query("delete from contractor_slugs where slug = 'zebra-tile'")).rejects.toThrow(/never deleted/);
    await expect(pg.query("update contractor_slugs set spelling = 'OTHER' where slug = 'zebra-tile'")).rejects.toThrow(/only the company/);
  });
});
