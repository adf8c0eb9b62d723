import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ECB_VIOLATIONS_LOAD } from '../../ingest/families';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import { isoDate } from '../../src/nyc';
import { NYC_DATA_DIR } from '../../src/nyc/testing/shared-data';
import { propertyProfiles } from '../../src/properties/profile/store';
import { startTestApi, TestApi } from '../support/api';
import { DOCKET_FILES, docketsPresent, loadRealDockets } from './support';

const BASE = '/api/v1/properties';
const FIELDS = ['bbl', 'address', 'borough', 'riskLevel', 'riskScore', 'openViolations', 'totalRecords', 'finesImposedCents', 'finesDueCents', 'defaultedHearings', 'agencies', 'riskFactors'];

interface Row {
  dataset: 'dob-violations' | 'ecb-violations' | 'dob-safety-violations';
  id: string;
  isOpen: boolean;
  issuedAt: string | null;
  statusAt?: string | null;
  imposed?: number;
  due?: number;
  hearingStatus?: string;
}
const AGENCY = { 'dob-violations': ['DOB', 'dob_violation'], 'ecb-violations': ['ECB', 'ecb_violation'], 'dob-safety-violations': ['DOB_NOW', 'dob_safety_violation'] };

/** A lot and its violations written straight into the live tables (status columns as the ECB load keeps them). */
async function insertLot(api: TestApi, bbl: string, address: string | null, rows: Row[]): Promise<void> {
  const pg = api.ns.stores.byMode.live.pg;
  await pg.query(`insert into property_lots (bbl, borough, block, lot, address) values ($1, 'Brooklyn', 1, 1, $2)`, [bbl, address]);
  for (const v of rows) {
    const statusColumns = v.dataset === 'ecb-violations' ? { violationStatus: v.isOpen ? 'ACTIVE' : 'RESOLVE', hearingStatus: v.hearingStatus ?? 'IN VIOLATION', hearingDate: v.statusAt ?? null } : {};
    await pg.query(
      `insert into property_violations (source_dataset, source_id, bbl, identifier, agency, record_type, status, description, issued_at, status_at, status_columns, is_open, penalty_imposed_cents, penalty_due_cents)
       values ($1, $2, $3, $2, $4, $5, 'S', 'D', $6, $7, $8, $9, $10, $11)`,
      [v.dataset, v.id, bbl, ...AGENCY[v.dataset], v.issuedAt, v.statusAt ?? null, JSON.stringify(statusColumns), v.isOpen, v.imposed ?? 0, v.due ?? 0],
    );
  }
}

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => isoDate(new Date(Date.now() - days * DAY_MS));

// A lot made for hand computation against today's clock: fresh findings weigh 1.
const LOT = '3000010001';
const ROWS: Row[] = [
  { dataset: 'dob-violations', id: 'D1', isOpen: true, issuedAt: daysAgo(0) },
  { dataset: 'dob-violations', id: 'D2', isOpen: false, issuedAt: '2001-01-01' },
  { dataset: 'ecb-violations', id: 'E1', isOpen: true, issuedAt: daysAgo(0), statusAt: daysAgo(0), imposed: 250_000, due: 300_000, hearingStatus: 'DEFAULT' },
  { dataset: 'ecb-violations', id: 'E2', isOpen: false, issuedAt: '1999-05-05', statusAt: null, imposed: 125_000, due: 0, hearingStatus: 'DISMISSED' },
  { dataset: 'dob-safety-violations', id: 'S1', isOpen: true, issuedAt: null },
];
const EMPTY = '3000010002';

describe('GET /properties/{bbl} and POST /properties/batch', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    await insertLot(api, LOT, '12 TEST STREET', ROWS);
    await insertLot(api, EMPTY, null, []);
  });
  afterAll(() => api.stop());

  it('answers every field of the profile, computed as documented (by hand)', async () => {
    const res = await api.get(`${BASE}/${LOT}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(FIELDS);
    // open: D1 (w 1), E1 (w 1), S1 (undated, w 0.25): 4 x 2.25 = 9; fines due $3,000: 5 x log2(4) = 10;
    // default: E1 heard today, 6 x 1 = 6; recent: D1 and E1 today, 1.5 x 2 = 3. 28: MODERATE.
    expect(res.body.data).toEqual({
      bbl: LOT,
      address: '12 TEST STREET',
      borough: 'Brooklyn',
      riskLevel: 'MODERATE',
      riskScore: 28,
      openViolations: 3,
      totalRecords: 5,
      finesImposedCents: 375_000,
      finesDueCents: 300_000,
      defaultedHearings: 1,
      agencies: [
        { agency: 'DOB', openCount: 1 },
        { agency: 'DOB_NOW', openCount: 1 },
        { agency: 'ECB', openCount: 1 },
      ],
      riskFactors: [
        { key: 'open_violations', label: 'Open violations', count: 3, points: 9, detail: '9 of 40 points: 3 open violations; 4 points per recency-weighted violation (weighted 2.25)' },
        { key: 'fines_due', label: 'Penalties due', count: 1, points: 10, detail: '10 of 25 points: $3,000.00 due on 1 violation; 5 x log2(1 + dollars due / 1,000)' },
        { key: 'defaulted_hearings', label: 'Defaulted hearings', count: 1, points: 6, detail: '6 of 20 points: 1 hearing defaulted; 6 points per recency-weighted default (weighted 1.00)' },
        {
          key: 'recent_violations', label: 'Violations issued in the last 3 years', count: 2, points: 3,
          detail: '3 of 15 points: 2 violations issued in the last 1095 days; 1.5 points per recency-weighted violation (weighted 2.00)',
        },
      ],
    });
  });

  it('answers a lot with no violation (and no PLUTO row yet) with zeros, an empty address and no agencies', async () => {
    const res = await api.get(`${BASE}/${EMPTY}`);
    expect(res.body.data).toMatchObject({ bbl: EMPTY, address: '', borough: 'Brooklyn', riskLevel: 'LOW', riskScore: 0, openViolations: 0, totalRecords: 0, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0, agencies: [] });
  });

  it('answers 404 for a lot not on record (a test key reads the test store), 400 for a malformed bbl, and ignores unknown query parameters', async () => {
    expect((await api.get(`${BASE}/1999999999`)).body.error).toMatchObject({ status: 404, code: 'not_found' });
    expect((await api.get(`${BASE}/${LOT}`, { key: api.keys.test })).status).toBe(404);
    for (const bad of ['123', '30000100011', '300001000A']) expect((await api.get(`${BASE}/${bad}`)).body.error).toMatchObject({ status: 400, code: 'invalid_parameter', param: 'bbl' });
    expect((await api.get(`${BASE}/${LOT}?foo=bar`)).status).toBe(200);
  });

  describe('the 6-hour cache', () => {
    const CACHED = '3000010003';
    const pg = () => api.ns.stores.byMode.live.pg;
    const profile = async () => (await api.get(`${BASE}/${CACHED}`)).body.data;
    const bumpVersion = () => pg().query(`update property_lots set version = nextval('property_version_seq'), updated_at = now() where bbl = $1`, [CACHED]);

    beforeAll(async () => {
      await insertLot(api, CACHED, '1 CACHE PLACE', [{ dataset: 'dob-violations', id: 'C1', isOpen: false, issuedAt: '2010-01-01' }]);
    });

    it('serves the cached profile: a row changed behind the cache\'s back is not seen before expiry, then is after 6 hours', async () => {
      expect(await profile()).toMatchObject({ openViolations: 0, riskScore: 0 });
      const entry = await pg().query('select version, computed_at from property_profile_cache where bbl = $1', [CACHED]);
      expect(entry.rows).toHaveLength(1);
      // Behind the cache's back: no new version, as no ingest made the change.
      await pg().query(`update property_violations set is_open = true where source_id = 'C1'`);
      expect(await profile()).toMatchObject({ openViolations: 0, riskScore: 0 });
      // 5 h 59 min old: still served.
      await pg().query(`update property_profile_cache set computed_at = now() - interval '5 hours 59 minutes' where bbl = $1`, [CACHED]);
      expect(await profile()).toMatchObject({ openViolations: 0 });
      // 6 hours old: computed again, and the new entry is fresh.
      await pg().query(`update property_profile_cache set computed_at = now() - interval '6 hours' where bbl = $1`, [CACHED]);
      expect(await profile()).toMatchObject({ openViolations: 1, agencies: [{ agency: 'DOB', openCount: 1 }] });
      const again = await pg().query('select computed_at from property_profile_cache where bbl = $1', [CACHED]);
      expect(Date.now() - again.rows[0].computed_at.getTime()).toBeLessThan(60_000);
      await pg().query(`update property_violations set is_open = false where source_id = 'C1'`);
    });

    it('never serves an entry computed by an older formula (a release that changed the computation)', async () => {
      await pg().query(`update property_profile_cache set computed_at = now() - interval '6 hours' where bbl = $1`, [CACHED]);
      expect(await profile()).toMatchObject({ openViolations: 0 });
      await pg().query(`update property_violations set is_open = true where source_id = 'C1'`);
      expect(await profile()).toMatchObject({ openViolations: 0 });
      await pg().query('update property_profile_cache set formula = formula - 1 where bbl = $1', [CACHED]);
      expect(await profile()).toMatchObject({ openViolations: 1 });
      await pg().query(`update property_violations set is_open = false where source_id = 'C1'`);
      await pg().query(`update property_profile_cache set computed_at = now() - interval '6 hours' where bbl = $1`, [CACHED]);
    });

    it('refreshes at once when the lot gets a new version (what every ingest that changes its records does)', async () => {
      await pg().query(`update property_violations set is_open = true where source_id = 'C1'`);
      await bumpVersion();
      expect(await profile()).toMatchObject({ openViolations: 1 });
      await pg().query(`update property_violations set is_open = false where source_id = 'C1'`);
      expect(await profile()).toMatchObject({ openViolations: 1 });
      await bumpVersion();
      expect(await profile()).toMatchObject({ openViolations: 0 });
    });

    it('reads the clock it is given: an entry is served up to 6 hours after it was computed, never before it', async () => {
      const store = api.ns.stores.byMode.live;
      const at = (iso: string) => () => new Date(iso);
      await pg().query('delete from property_profile_cache where bbl = $1', [CACHED]);
      await propertyProfiles(store, [CACHED], at('2030-01-01T00:00:00Z'));
      await pg().query(`update property_violations set is_open = true where source_id = 'C1'`);
      expect((await propertyProfiles(store, [CACHED], at('2030-01-01T05:59:59Z'))).get(CACHED)!.openViolations).toBe(0);
      expect((await propertyProfiles(store, [CACHED], at('2030-01-01T06:00:00Z'))).get(CACHED)!.openViolations).toBe(1);
      // An entry from a later clock than the reader's is not trusted either.
      await pg().query(`update property_violations set is_open = false where source_id = 'C1'`);
      expect((await propertyProfiles(store, [CACHED], at('2029-12-31T23:00:00Z'))).get(CACHED)!.openViolations).toBe(0);
    });
  });

  describe('a lot with more finding groups than the read lists', () => {
    const BIG = '3000010004';
    const NOW = new Date('2026-06-01T12:00:00Z');
    const before = (days: number) => isoDate(new Date(NOW.getTime() - days * DAY_MS));
    // Twelve findings on twelve issue dates, so twelve groups: fresh and old, open and closed,
    // defaulted at a hearing or not, a balance due or not, one undated and one after the clock.
    const rows: Row[] = [
      ...[0, 30, 200, 700, 1094, 1095, 2000, 4000].map((days, i): Row => ({ dataset: 'dob-violations', id: `B${i}`, isOpen: i % 3 !== 2, issuedAt: before(days) })),
      { dataset: 'ecb-violations', id: 'BE1', isOpen: true, issuedAt: before(3000), statusAt: before(2900), due: 120_000, hearingStatus: 'DEFAULT' },
      { dataset: 'ecb-violations', id: 'BE2', isOpen: false, issuedAt: before(6000), statusAt: null, due: 0, hearingStatus: 'DEFAULT' },
      { dataset: 'ecb-violations', id: 'BE3', isOpen: true, issuedAt: before(-10), statusAt: before(-5), due: 50_000, hearingStatus: 'DEFAULT' },
      { dataset: 'dob-safety-violations', id: 'BS1', isOpen: true, issuedAt: null },
    ];
    const profileWith = async (maxFindingGroups?: number) => {
      const store = api.ns.stores.byMode.live;
      await store.pg.query('delete from property_profile_cache where bbl = $1', [BIG]);
      return (await propertyProfiles(store, [BIG], () => NOW, maxFindingGroups)).get(BIG)!;
    };
    const factor = (profile: { riskFactors: Array<{ key: string; count: number }> }, key: string) => profile.riskFactors.find((f) => f.key === key)!;

    beforeAll(() => insertLot(api, BIG, '4 MANY STREET', rows));

    it('counts and weighs every finding: the factors are those of the whole lot, whatever the cap', async () => {
      const whole = await profileWith();
      expect(whole).toMatchObject({ openViolations: 9, defaultedHearings: 3 });
      for (const cap of [1, 3, 11]) {
        const capped = await profileWith(cap);
        expect([cap, factor(capped, 'open_violations').count, factor(capped, 'defaulted_hearings').count]).toEqual([cap, capped.openViolations, capped.defaultedHearings]);
        expect([cap, capped]).toEqual([cap, whole]);
      }
    });
  });

  describe('batch', () => {
    it('answers found lots in request order, duplicates once, unknown and malformed bbls in notFound (request order, once)', async () => {
      const res = await api.post(`${BASE}/batch`, { bbls: [EMPTY, '123', LOT, EMPTY, '1999999999', '', '123', 'abcdefghij', '30000100011'] });
      expect(res.status).toBe(200);
      expect(res.body.data.map((item: any) => item.bbl)).toEqual([EMPTY, LOT]);
      expect(res.body.meta).toEqual({ returned: 2, notFound: ['123', '1999999999', '', 'abcdefghij', '30000100011'] });
      expect(res.body.data[1]).toEqual((await api.get(`${BASE}/${LOT}`)).body.data);
    });

    it('takes 25 bbls, duplicates counted as sent; 26 is 400 batch_too_large naming the maximum', async () => {
      expect((await api.post(`${BASE}/batch`, { bbls: Array(25).fill(LOT) })).body.meta).toEqual({ returned: 1, notFound: [] });
      const res = await api.post(`${BASE}/batch`, { bbls: Array(26).fill(LOT) });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'batch_too_large', param: 'bbls' });
      expect(res.body.error.message).toContain('25');
    });

    it.each([
      ['an empty list', { bbls: [] }],
      ['a number among the bbls', { bbls: [LOT, 3000010001] }],
      ['a bare array', [LOT]],
      ['another field', { bbls: [LOT], extra: 1 }],
      ['no bbls', { camis: [LOT] }],
    ])('refuses %s with 400 invalid_body', async (_case, body) => {
      const res = await api.post(`${BASE}/batch`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_body');
    });

    it('rejects unknown query parameters and answers the test store to a test key', async () => {
      expect((await api.post(`${BASE}/batch?limit=5`, { bbls: [LOT] })).body.error.code).toBe('unknown_parameter');
      expect((await api.post(`${BASE}/batch`, { bbls: [LOT] }, { key: api.keys.test })).body.meta).toEqual({ returned: 0, notFound: [LOT] });
    });
  });
});

const describeWithDockets = docketsPresent ? describe : describe.skip;

describeWithDockets('property profiles on the real files', () => {
  let api: TestApi;
  const ASOF = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    api = await startTestApi();
    await loadRealDockets(api, ASOF);
  });
  afterAll(() => api.stop());

  it('serves lots as read by hand from the files, on a fixed clock', async () => {
    const profiles = await propertyProfiles(api.ns.stores.byMode.live, ['5040880013', '1002850008', '1007937507', '2054720027', '3006390137'], () => ASOF);
    const brief = (bbl: string) => {
      const { riskFactors, ...rest } = profiles.get(bbl)!;
      return { ...rest, points: riskFactors.map((factor) => factor.points) };
    };
    // 166 Roma Avenue (ECB 34936466L): ACTIVE, defaulted at the 2013-07-03 hearing, $8,000 imposed and due.
    // open: issued 2013-05-11 (4,944 days: w 0.2569) -> 4 x 0.2569 = 1; due 5 x log2(9) = 15.8 -> 16;
    // default: heard 2013-07-03 (w 0.2572) -> 6 x 0.2572 = 1.5 -> 2; nothing in 3 years. 19: MODERATE.
    expect(brief('5040880013')).toEqual({
      bbl: '5040880013', address: '', borough: 'Staten Island', riskLevel: 'MODERATE', riskScore: 19, openViolations: 1, totalRecords: 1,
      finesImposedCents: 800_000, finesDueCents: 800_000, defaultedHearings: 1, agencies: [{ agency: 'ECB', openCount: 1 }], points: [1, 16, 2, 0],
    });
    // 193 Henry Street: DOB VP*061517CBS03MC01 (dismissed) and ECB 35299809L (resolved, cured, $0).
    expect(brief('1002850008')).toEqual({
      bbl: '1002850008', address: '', borough: 'Manhattan', riskLevel: 'LOW', riskScore: 0, openViolations: 0, totalRecords: 2,
      finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0, agencies: [{ agency: 'DOB', openCount: 0 }, { agency: 'ECB', openCount: 0 }], points: [0, 0, 0, 0],
    });
    // 605 6 Avenue: the DOB safety failure to file CAT1 correction, Active, issued 2023-10-23 (1,127 days: w 0.507):
    // 4 x 0.507 = 2; 1,127 days is outside the 1,095-day window.
    expect(brief('1007937507')).toEqual({
      bbl: '1007937507', address: '', borough: 'Manhattan', riskLevel: 'LOW', riskScore: 2, openViolations: 1, totalRecords: 1,
      finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0, agencies: [{ agency: 'DOB_NOW', openCount: 1 }], points: [2, 0, 0, 0],
    });
    // A PLUTO lot with no violation: 811 Vincent Avenue.
    expect(brief('2054720027')).toEqual({
      bbl: '2054720027', address: '811 VINCENT AVENUE', borough: 'Bronx', riskLevel: 'LOW', riskScore: 0, openViolations: 0, totalRecords: 0,
      finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0, agencies: [], points: [0, 0, 0, 0],
    });
    // ECB 35029747P: ACTIVE, DEFAULT at the 2014-01-27 hearing, $2,500 due: 1 + round(5 x log2(3.5) = 9.04) + round(6 x 0.2588 = 1.55) = 1 + 9 + 2.
    expect(brief('3006390137')).toMatchObject({ riskScore: 12, openViolations: 1, finesDueCents: 250_000, defaultedHearings: 1, points: [1, 9, 2, 0] });
  });

  it('answers the API with the same figures (the old findings weigh the floor on any later day)', async () => {
    await api.ns.stores.byMode.live.pg.query('delete from property_profile_cache');
    const res = await api.get(`${BASE}/5040880013`);
    expect(res.body.data).toMatchObject({ riskScore: 19, riskLevel: 'MODERATE', finesDueCents: 800_000, defaultedHearings: 1 });
  });

  it('refreshes a cached profile as soon as an ingest changes one of the lot\'s records', async () => {
    const before = await api.get(`${BASE}/5040880013`);
    expect(before.body.data.finesDueCents).toBe(800_000);
    // The lot's ECB row as a later export shows it: $6,000 paid, $2,000 still due.
    const lines = fs.readFileSync(path.join(NYC_DATA_DIR, DOCKET_FILES.ecb), 'utf8').split('\n');
    const row = lines.find((line) => line.includes('"34936466L"'))!;
    const paid = row.replace('"8000.00",".00","8000.00"', '"8000.00","6000.00","2000.00"');
    expect(paid).not.toBe(row);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-'));
    const file = path.join(dir, 'ecb_violations.csv');
    fs.writeFileSync(file, `${lines[0]}\n${paid}\n`);
    try {
      const store = api.ns.stores.byMode.live;
      const summary = await ingestDataset(store, ECB_VIOLATIONS_LOAD, fileSource(ECB_VIOLATIONS_LOAD.source, file), { asOf: ASOF });
      expect(summary.entitiesChanged).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // 1 + round(5 x log2(3) = 7.9) + 2 = 11: LOW.
    const after = await api.get(`${BASE}/5040880013`);
    expect(after.body.data).toMatchObject({ finesDueCents: 200_000, finesImposedCents: 800_000, riskScore: 11, riskLevel: 'LOW' });
  });
});
