import { DOB_JOBS_LOAD, DOB_NOW_JOBS_LOAD, DOB_NOW_PERMITS_LOAD, DOB_PERMITS_LOAD } from '../../ingest/families';
import type { KeyedDataset } from '../../ingest/load/types';
import { nycDataPresent } from '../../src/nyc/testing/shared-data';
import { startTestApi, TestApi } from '../support/api';
import { ingestFile } from '../support/ingest-file';
import { pageAll } from '../support/pages';

const BASE = '/api/v1/properties';
const FILES: Array<[KeyedDataset<unknown>, string]> = [
  [DOB_PERMITS_LOAD as KeyedDataset<unknown>, 'properties/dob_permit_issuance__1000.csv'],
  [DOB_JOBS_LOAD as KeyedDataset<unknown>, 'properties/dobjobs__nycdb.csv'],
  [DOB_NOW_JOBS_LOAD as KeyedDataset<unknown>, 'properties/dob_now_jobs__nycdb.csv'],
  [DOB_NOW_PERMITS_LOAD as KeyedDataset<unknown>, 'properties/dob_now_approved_permits__anhd_mock.csv'],
];
const describeWithPermits = FILES.every(([, file]) => nycDataPresent(file)) ? describe : describe.skip;

// The day the files are loaded as of: permits expiring on it are still in force, those of the day before are not.
const AS_OF = new Date('2023-05-01T12:00:00Z');

/** Every item of a lot's permit list, following nextCursor page by page. */
const pageThrough = (api: TestApi, bbl: string, params: string, limit: number) => pageAll(api, `${BASE}/${bbl}/permits`, params, limit);

describeWithPermits('GET /properties/{bbl}/permits on the real files', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const store = api.ns.stores.byMode.live;
    for (const [dataset, file] of FILES) await ingestFile(store, dataset, file, AS_OF);
    await store.pg.query("insert into property_lots (bbl, borough, block, lot) values ('1000010003', 'Manhattan', 1, 3)");
  });
  afterAll(() => api.stop());

  it('serves a lot in two files as read by hand from them, fields in contract order (Brooklyn block 6035 lot 56)', async () => {
    const res = await api.get(`${BASE}/3060350056/permits`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data[0])).toEqual(['identifier', 'agency', 'recordType', 'status', 'description', 'isOpen', 'issuedAt', 'expiresAt', 'statusAt']);
    expect(res.body).toEqual({
      data: [
        // dob_permit_issuance__1000.csv line 48: a renewal issued 05/10/2022, expiring 04/01/2023: lapsed by the load's clock.
        {
          identifier: '340785662-01-AL', agency: 'DOB', recordType: 'permit', status: 'ISSUED / RENEWAL',
          description: 'Alteration; job A1, alteration type 1 (change of use, egress or occupancy)',
          isOpen: false, issuedAt: '2022-05-10', expiresAt: '2023-04-01', statusAt: '2022-05-10',
        },
        // dobjobs__nycdb.csv line 13: filed 05/13/2021, signed off 04/12/2022.
        {
          identifier: '340812311-01', agency: 'DOB', recordType: 'job_filing', status: 'SIGNED OFF',
          description: 'FILING FOR BPP AS PER PLANS FILED HEREWITH ALT-1 FILING.', isOpen: false, issuedAt: '2021-05-13', expiresAt: null, statusAt: '2022-04-12',
        },
      ],
      meta: { nextCursor: null, returned: 2 },
    });
  });

  it("counts the lot's permits and job filings in the profile's totalRecords", async () => {
    const res = await api.get(`${BASE}/3060350056`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ bbl: '3060350056', totalRecords: 2 });
    expect((await api.get(`${BASE}/1011680056`)).body.data).toMatchObject({ totalRecords: 20 });
  });

  it('puts a permit not yet issued after the dated records in both directions (Bronx block 5076 lot 21)', async () => {
    const job = { identifier: '220657518-01', recordType: 'job_filing', status: 'PERMIT ISSUED - PARTIAL JOB', isOpen: true, issuedAt: '2018-07-05', statusAt: '2021-05-03' };
    const permit = { identifier: '220657518-01-PL', recordType: 'permit', status: 'IN PROCESS / INITIAL', isOpen: true, issuedAt: null, expiresAt: null, statusAt: '2022-05-11' };
    for (const sort of ['-date', 'date']) {
      expect((await api.get(`${BASE}/2050760021/permits?sort=${sort}`)).body.data).toMatchObject([job, permit]);
    }
  });

  // Manhattan block 1168 lot 56: 20 BIS permits, 18 issued 2022-05-10 (expiring 2023-05-01 or 2023-05-10: in force on
  // the clock's day) and 2 issued 2022-05-11 (expiring 2023-04-30: lapsed). Same date and dataset: the permit's
  // PERMIT_SI_NO breaks the tie.
  const LOT = '1011680056';
  const MAY_10 = ['3905929', '3905932', '3905936', '3905940', '3905942', '3905947', '3905955', '3906028', '3906033', '3906037', '3906041', '3906044', '3906048', '3906050', '3906053', '3906057', '3906060', '3906068'];
  const MAY_11 = ['3906183', '3906185'];
  const identifiers = async (params: string, limit = 100) => (await pageThrough(api, LOT, params, limit)).map((item) => item.identifier);

  it('pages through 20 permits with limits 1, 3 and 7 in both sorts: every one once, in the documented order', async () => {
    const all = await pageThrough(api, LOT, 'sort=-date', 100);
    expect(all).toHaveLength(20);
    // The identifier is not unique here (renewals of one job); the order is checked through the issue dates and the
    // identifiers' sequence, which the PERMIT_SI_NO order fixes: read from the file, newest first.
    expect(all.map((item) => item.issuedAt)).toEqual([...MAY_11.map(() => '2022-05-11'), ...MAY_10.map(() => '2022-05-10')]);
    const newestFirst = all.map((item) => item.identifier);
    expect(newestFirst.slice(0, 3)).toEqual(['122548822-02-EW-OT', '122548822-01-EW-MH', '122842692-02-EW-OT']);
    expect(newestFirst[19]).toBe('110344226-01-EW-OT');
    for (const limit of [1, 3, 7]) {
      expect(await identifiers('sort=-date', limit)).toEqual(newestFirst);
      expect(await identifiers('sort=date', limit)).toEqual([...newestFirst].reverse());
    }
  });

  it('filters by status and issue dates, each agreeing with the rows read by hand', async () => {
    const open = await pageThrough(api, LOT, 'status=open', 100);
    expect(open).toHaveLength(MAY_10.length);
    expect(open.every((item) => item.isOpen && item.issuedAt === '2022-05-10')).toBe(true);
    expect(await pageThrough(api, LOT, 'status=closed', 100)).toMatchObject([
      { identifier: '122548822-02-EW-OT', isOpen: false, expiresAt: '2023-04-30' },
      { identifier: '122548822-01-EW-MH', isOpen: false, expiresAt: '2023-04-30' },
    ]);
    expect(await pageThrough(api, LOT, 'since=2022-05-11', 100)).toHaveLength(2);
    expect(await pageThrough(api, LOT, 'until=2022-05-10', 100)).toHaveLength(18);
    expect(await pageThrough(api, LOT, 'since=2022-05-11&until=2022-05-11&status=open', 100)).toEqual([]);
    expect(await pageThrough(api, LOT, 'since=2022-05-12', 100)).toEqual([]);
    // A permit never issued matches no date filter.
    expect((await pageThrough(api, '2050760021', 'since=2000-01-01', 100)).map((item) => item.identifier)).toEqual(['220657518-01']);
  });

  it('serves DOB NOW filings and permits under agency DOB_NOW', async () => {
    expect((await api.get(`${BASE}/1009780001/permits`)).body.data).toMatchObject([
      { identifier: 'M00885045-I1', agency: 'DOB_NOW', recordType: 'job_filing', status: 'LOC Issued', isOpen: false, issuedAt: '2023-06-18', statusAt: '2023-10-13' },
      { identifier: '123897907-01-PL', agency: 'DOB', recordType: 'permit', isOpen: true, issuedAt: '2022-05-10', expiresAt: '2023-05-10' },
    ]);
    expect((await api.get(`${BASE}/1013197501/permits`)).body.data).toEqual([
      {
        identifier: 'M00002285-I1-SF', agency: 'DOB_NOW', recordType: 'permit', status: 'Issued / Initial Permit',
        description: 'INSTALLATION OF PIPE SCAFFOLD AS PER PLANS. NO CHANGE IN USE, EGRESS OR OCCUPANCY.',
        isOpen: false, issuedAt: '2018-01-16', expiresAt: '2018-04-24', statusAt: '2018-01-16',
      },
    ]);
  });

  it('answers an empty list for a known lot without permits, and 404 for an unknown lot (test keys read the empty test store)', async () => {
    expect((await api.get(`${BASE}/1000010003/permits`)).body).toEqual({ data: [], meta: { nextCursor: null, returned: 0 } });
    const unknown = await api.get(`${BASE}/1999999999/permits`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ status: 404, code: 'not_found' });
    expect((await api.get(`${BASE}/${LOT}/permits`, { key: api.keys.test })).status).toBe(404);
  });

  it.each([
    ['malformed bbl', '/123/permits', 'invalid_parameter'],
    ['unknown status', `/${LOT}/permits?status=expired`, 'invalid_parameter'],
    ['unknown sort', `/${LOT}/permits?sort=-penalty`, 'invalid_parameter'],
    ['unreal date', `/${LOT}/permits?until=2023-02-29`, 'invalid_parameter'],
    ['since after until', `/${LOT}/permits?since=2022-05-11&until=2022-05-10`, 'invalid_parameter'],
    ['limit 0', `/${LOT}/permits?limit=0`, 'invalid_parameter'],
    ['limit over 100', `/${LOT}/permits?limit=101`, 'invalid_parameter'],
    ['unknown parameter', `/${LOT}/permits?agency=DOB`, 'unknown_parameter'],
    ['repeated parameter', `/${LOT}/permits?status=open&status=closed`, 'invalid_parameter'],
    ['forged cursor', `/${LOT}/permits?cursor=eyJwIjpbMV19.AAAA`, 'invalid_cursor'],
  ])('refuses a %s with 400 in the envelope', async (_case, requestPath, code) => {
    const res = await api.get(`${BASE}${requestPath}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, code });
  });

  it('refuses a cursor replayed with another sort, filter or lot, or from the violations docket', async () => {
    const first = await api.get(`${BASE}/${LOT}/permits?limit=1&sort=date`);
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    for (const query of ['sort=-date', 'sort=date&status=open', 'sort=date&since=2022-01-01']) {
      expect((await api.get(`${BASE}/${LOT}/permits?limit=1&${query}&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
    }
    expect((await api.get(`${BASE}/3060350056/permits?limit=1&sort=date&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
    expect((await api.get(`${BASE}/${LOT}/violations?limit=1&sort=date&cursor=${cursor}`)).body.error.code).toBe('invalid_cursor');
  });
});
