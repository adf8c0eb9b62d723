import { createHmac } from 'node:crypto';
import { startTestApi, TestApi } from '../support/api';
import { pageAll } from '../support/pages';
import { docketsPresent, insertLot, type InlineViolation, loadRealDockets } from './support';

const BASE = '/api/v1/properties';
const SORTS = ['-date', 'date', '-penalty', 'penalty'] as const;

/** Every item of a docket, following nextCursor page by page. */
const pageThrough = (api: TestApi, bbl: string, params: string, limit: number) => pageAll(api, `${BASE}/${bbl}/violations`, params, limit);

/** The documented order, computed here from the items: key, then dataset and id, nulls after dates both ways. */
function expectedOrder(items: any[], sort: (typeof SORTS)[number], datasetOf: (identifier: string) => string): string[] {
  const sign = sort.startsWith('-') ? -1 : 1;
  const keyOf = (item: any) => (sort.endsWith('penalty') ? item.penaltyImposedCents : item.issuedAt);
  const compare = (a: any, b: any): number => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    if (ka !== kb) {
      if (ka === null) return 1;
      if (kb === null) return -1;
      return (ka < kb ? -1 : 1) * sign;
    }
    const [ta, tb] = [`${datasetOf(a.identifier)}|${a.identifier}`, `${datasetOf(b.identifier)}|${b.identifier}`];
    return ta === tb ? 0 : (ta < tb ? -1 : 1) * sign;
  };
  return [...items].sort(compare).map((item) => item.identifier);
}

// A lot made for the edges: equal dates and penalties across datasets, missing issue dates.
const LOT = '1000010001';
const ROWS: InlineViolation[] = [
  { dataset: 'dob-violations', id: 'D1', agency: 'DOB', recordType: 'dob_violation', isOpen: true, issuedAt: '2020-01-05', penalty: 0 },
  { dataset: 'dob-violations', id: 'D2', agency: 'DOB', recordType: 'dob_violation', isOpen: false, issuedAt: null, penalty: 0 },
  { dataset: 'ecb-violations', id: 'E1', agency: 'ECB', recordType: 'ecb_violation', isOpen: true, issuedAt: '2020-01-05', penalty: 50_000 },
  { dataset: 'ecb-violations', id: 'E2', agency: 'ECB', recordType: 'ecb_violation', isOpen: false, issuedAt: '2019-03-01', penalty: 50_000 },
  { dataset: 'ecb-violations', id: 'E3', agency: 'ECB', recordType: 'ecb_violation', isOpen: true, issuedAt: '2021-07-30', penalty: 125_000 },
  { dataset: 'dob-safety-violations', id: 'S1', agency: 'DOB_NOW', recordType: 'dob_safety_violation', isOpen: true, issuedAt: null, penalty: 0 },
  { dataset: 'dob-safety-violations', id: 'S2', agency: 'DOB_NOW', recordType: 'dob_safety_violation', isOpen: false, issuedAt: '2020-01-05', penalty: 0 },
];
const DATASET_OF = new Map(ROWS.map((row) => [row.id, row.dataset]));

describe('GET /properties/{bbl}/violations', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await insertLot(api, LOT, ROWS);
    await insertLot(api, '1000010002', []);
  });
  afterAll(() => api.stop());

  it('answers items with exactly the contract fields, in contract order, newest first by default', async () => {
    const res = await api.get(`${BASE}/${LOT}/violations?limit=100`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data[0])).toEqual(['identifier', 'agency', 'recordType', 'status', 'description', 'isOpen', 'issuedAt', 'statusAt', 'penaltyImposedCents', 'penaltyDueCents', 'class']);
    // -date: 2021-07-30, then the three 2020-01-05 by dataset desc (ecb, dob-violations, dob-safety), 2019, then the undated (dob-violations before dob-safety, descending).
    expect(res.body.data.map((item: any) => item.identifier)).toEqual(['E3', 'E1', 'D1', 'S2', 'E2', 'D2', 'S1']);
    expect(res.body.meta).toEqual({ nextCursor: null, returned: 7 });
  });

  it.each(SORTS)('pages through the whole docket in sort %s with limits 1..3, every row once, in the documented order', async (sort) => {
    for (const limit of [1, 2, 3]) {
      const items = await pageThrough(api, LOT, `sort=${sort}`, limit);
      expect(items.map((item) => item.identifier)).toEqual(expectedOrder(items, sort, (id) => DATASET_OF.get(id)!));
      expect(new Set(items.map((item) => item.identifier)).size).toBe(ROWS.length);
    }
  });

  it('filters by agency, status and issue dates', async () => {
    const ids = async (params: string) => (await pageThrough(api, LOT, `sort=date&${params}`, 100)).map((item) => item.identifier).sort();
    expect(await ids('agency=ECB,DOB_NOW')).toEqual(['E1', 'E2', 'E3', 'S1', 'S2']);
    expect(await ids('status=open')).toEqual(['D1', 'E1', 'E3', 'S1']);
    expect(await ids('status=closed')).toEqual(['D2', 'E2', 'S2']);
    expect(await ids('since=2020-01-05')).toEqual(['D1', 'E1', 'E3', 'S2']);
    expect(await ids('until=2020-01-05')).toEqual(['D1', 'E1', 'E2', 'S2']);
    expect(await ids('since=2020-01-05&until=2020-01-05&agency=DOB,DOB_NOW&status=closed')).toEqual(['S2']);
  });

  it('answers an empty docket for a known lot without violations, and 404 for an unknown lot (test keys read the empty test store)', async () => {
    expect((await api.get(`${BASE}/1000010002/violations`)).body).toEqual({ data: [], meta: { nextCursor: null, returned: 0 } });
    const unknown = await api.get(`${BASE}/1999999999/violations`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await api.get(`${BASE}/${LOT}/violations`, { key: api.keys.test })).status).toBe(404);
  });

  it.each([
    ['malformed bbl', '/123/violations', 'invalid_parameter'],
    ['bbl with letters', '/100001000A/violations', 'invalid_parameter'],
    ['unknown agency', `/${LOT}/violations?agency=DOB,FDNY`, 'invalid_parameter'],
    ['unknown status', `/${LOT}/violations?status=pending`, 'invalid_parameter'],
    ['unknown sort', `/${LOT}/violations?sort=-issued`, 'invalid_parameter'],
    ['unreal date', `/${LOT}/violations?since=2021-02-30`, 'invalid_parameter'],
    // RFC 3339's grammar allows it; Postgres has no year 0 and failed the query (a 500).
    ['date in year 0', `/${LOT}/violations?since=0000-01-01`, 'invalid_parameter'],
    ['permits date in year 0', `/${LOT}/permits?until=0000-12-31`, 'invalid_parameter'],
    ['since after until', `/${LOT}/violations?since=2021-01-02&until=2021-01-01`, 'invalid_parameter'],
    ['limit over 100', `/${LOT}/violations?limit=101`, 'invalid_parameter'],
    ['unknown parameter', `/${LOT}/violations?severity=high`, 'unknown_parameter'],
    ['repeated parameter', `/${LOT}/violations?limit=5&limit=6`, 'invalid_parameter'],
    ['forged cursor', `/${LOT}/violations?cursor=eyJwIjpbMV19.AAAA`, 'invalid_cursor'],
  ])('refuses a %s with 400 in the envelope', async (_case, path, code) => {
    const res = await api.get(`${BASE}${path}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, code });
  });

  it('refuses a cursor replayed with another sort, filter or lot', async () => {
    const first = await api.get(`${BASE}/${LOT}/violations?limit=1&sort=date`);
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    for (const query of [`sort=-date`, `sort=date&status=open`]) {
      expect((await api.get(`${BASE}/${LOT}/violations?limit=1&${query}&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
    }
    expect((await api.get(`${BASE}/1000010002/violations?limit=1&sort=date&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
  });

  it('refuses a correctly signed cursor whose date is not a date, before Postgres reads it', async () => {
    const first = await api.get(`${BASE}/${LOT}/violations?limit=1&sort=date`);
    const [payload] = (first.body.meta.nextCursor as string).split('.');
    const { p, b } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    for (const date of ['abc', '2024-02-30', 20240101]) {
      const forged = Buffer.from(JSON.stringify({ p: [date, p[1], p[2]], b })).toString('base64url');
      const signature = createHmac('sha256', api.ns.config.cursorSecret).update(forged).digest().subarray(0, 16).toString('base64url');
      const res = await api.get(`${BASE}/${LOT}/violations?limit=1&sort=date&cursor=${forged}.${signature}`);
      expect([date, res.status, res.body.error?.code]).toEqual([date, 400, 'invalid_cursor']);
    }
  });
});

const describeWithDockets = docketsPresent ? describe : describe.skip;

describeWithDockets('GET /properties/{bbl}/violations on the real dockets', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await loadRealDockets(api, new Date('2026-11-23T12:00:00Z'));
  });
  afterAll(() => api.stop());

  it('serves a lot in two files as read by hand from them (193 Henry Street)', async () => {
    const res = await api.get(`${BASE}/1002850008/violations`);
    expect(res.body.data).toEqual([
      {
        identifier: '35299809L', agency: 'ECB', recordType: 'ecb_violation', status: 'RESOLVE / CURED/IN-VIO / CURE ACCEPTED', description: expect.any(String),
        isOpen: false, issuedAt: '2018-01-30', statusAt: '2018-03-22', penaltyImposedCents: 0, penaltyDueCents: 0, class: null,
      },
      {
        identifier: 'VP*061517CBS03MC01', agency: 'DOB', recordType: 'dob_violation', status: 'VP*-VIOLATION UNSERVED ECB- DISMISSED', description: expect.any(String),
        isOpen: false, issuedAt: '2017-06-15', statusAt: '2017-06-28', penaltyImposedCents: 0, penaltyDueCents: 0, class: null,
      },
    ]);
  });

  it('pages through real lots in every sort with limit 1, every row once, in the documented order', async () => {
    const { rows } = await api.ns.stores.byMode.live.pg.query('select bbl, identifier, source_dataset from property_violations');
    const datasetOf = new Map(rows.map((row) => [row.identifier, row.source_dataset]));
    for (const bbl of ['1002850008', '5040880013', '1017570001']) {
      const count = rows.filter((row) => row.bbl === bbl).length;
      for (const sort of SORTS) {
        const items = await pageThrough(api, bbl, `sort=${sort}`, 1);
        expect(items).toHaveLength(count);
        expect(items.map((item) => item.identifier)).toEqual(expectedOrder(items, sort, (id) => datasetOf.get(id)!));
      }
    }
  });

  it('a penalty due is never above zero for a closed ECB violation, and the filters agree with the rows', async () => {
    const ecb = await pageThrough(api, '5040880013', 'agency=ECB&status=open', 100);
    expect(ecb).toMatchObject([{ identifier: '34936466L', isOpen: true, penaltyImposedCents: 800_000, penaltyDueCents: 800_000 }]);
    expect(await pageThrough(api, '5040880013', 'status=closed', 100)).toEqual([]);
  });
});
