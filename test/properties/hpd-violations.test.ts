/**
 * HPD Housing Maintenance Code Violations through the whole path: the real sample synced from a
 * local server that speaks the portal's API (SODA JSON, floating timestamps), then read on a
 * lot's docket, its CSV export and its profile; a later sync that closes a violation moves the
 * counts.
 */
import path from 'node:path';
import { PROPERTIES } from '../../ingest/families';
import { registered } from '../../ingest/families/registry';
import { verifyStores } from '../../ingest/index/verify';
import { syncDataset } from '../../ingest/sync/sync';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { startTestApi, type TestApi } from '../support/api';
import { csvRows, type PortalRow, type SodaServer, startSodaServer } from '../support/soda-server';
import { ingestFile } from '../support/ingest-file';
import { HPD_VIOLATIONS_LOAD } from '../../ingest/families';

const SAMPLE = 'properties/hpd_violations__nycdb.csv';
const describeWithSample = nycDataPresent(SAMPLE) ? describe : describe.skip;
const BASE = '/api/v1/properties';
const AS_OF = new Date('2026-11-23T12:00:00Z');
/** 1019540043: three violations of 2013 in the sample, ViolationID 10000091 still open (NOT COMPLIED WITH), 10000098 and 10000101 closed. */
const LOT = '1019540043';

/** The portal serves dates as floating timestamps, where the nycdb export writes MM/DD/YYYY. */
function asServed(row: PortalRow): PortalRow {
  const served: PortalRow = {};
  for (const [key, value] of Object.entries(row)) {
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    served[key] = us ? `${us[3]}-${us[1]}-${us[2]}T00:00:00.000` : value;
  }
  return served;
}

describeWithSample('HPD violations on the docket and the profile (real sample, synced from a portal)', () => {
  let api: TestApi;
  let portal: SodaServer;
  const hpd = registered('hpd-violations')!;
  const sync = () => syncDataset(api.ns.stores.byMode.live, hpd, { base: portal.url, asOf: AS_OF, pageSize: 40, backoffMs: 10 });

  beforeAll(async () => {
    api = await startTestApi();
    portal = await startSodaServer();
    portal.publish(hpd.socrataId!, csvRows(path.join(NYC_DATA_DIR, SAMPLE)).map(asServed));
  });
  afterAll(async () => {
    await portal.close();
    await api.stop();
  });

  it('is a registered data set of the portal, read incrementally', () => {
    expect(hpd).toMatchObject({ name: 'hpd-violations', socrataId: 'wvxf-dwi5', incremental: true, cadence: 'daily', family: 'properties' });
  });

  it('syncs all 100 rows in pages, every status value known, and the stores agree', async () => {
    expect(await sync()).toMatchObject({ status: 'synced', rowsFetched: 100, rowsApplied: 100, rowsRejected: 0 });
    const { rows } = await api.ns.stores.byMode.live.pg.query(
      `select count(*)::int as n, count(*) filter (where is_open)::int as open, count(distinct bbl)::int as lots,
              count(*) filter (where agency = 'HPD' and record_type = 'hpd_violation')::int as hpd, array_agg(distinct violation_class order by violation_class) as classes
         from property_violations where source_dataset = 'hpd-violations'`,
    );
    expect(rows[0]).toEqual({ n: 100, open: 27, lots: 55, hpd: 100, classes: ['A', 'B', 'C'] });
    expect((await verifyStores(api.ns.stores.byMode.live, PROPERTIES)).ok).toBe(true);
  });

  it('serves them on the lot\'s docket with agency=HPD, their class and the city\'s status line', async () => {
    const res = await api.get(`${BASE}/${LOT}/violations?agency=HPD&sort=date`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        identifier: '10000091', agency: 'HPD', recordType: 'hpd_violation', status: 'NOT COMPLIED WITH', description: expect.stringMatching(/^SECTION 27-/),
        isOpen: true, issuedAt: '2013-10-10', statusAt: '2014-10-07', penaltyImposedCents: 0, penaltyDueCents: 0, class: 'B',
      },
      expect.objectContaining({ identifier: '10000098', isOpen: false, status: 'VIOLATION CLOSED', statusAt: '2014-05-12', class: 'B' }),
      expect.objectContaining({ identifier: '10000101', isOpen: false, status: 'VIOLATION CLOSED', statusAt: '2014-05-12', class: 'B' }),
    ]);
    expect((await api.get(`${BASE}/${LOT}/violations?agency=HPD&status=open`)).body.data.map((item: any) => item.identifier)).toEqual(['10000091']);
    expect((await api.get(`${BASE}/${LOT}/violations?agency=DOB,ECB`)).body.data).toEqual([]);
    // The class filter: its letters in any case, only HPD's violations have one.
    expect((await api.get(`${BASE}/${LOT}/violations?class=b`)).body.data.map((item: any) => item.identifier)).toEqual(['10000101', '10000098', '10000091']);
    expect((await api.get(`${BASE}/${LOT}/violations?class=A,C`)).body.data).toEqual([]);
    const bad = await api.get(`${BASE}/${LOT}/violations?class=D`);
    expect([bad.status, bad.body.error.param]).toEqual([400, 'class']);
    const csv = await api.get(`${BASE}/${LOT}/violations.csv?status=open`);
    expect(csv.status).toBe(200);
    const [header, line] = csv.text.split('\r\n');
    expect(header).toBe('identifier,agency,recordType,status,description,isOpen,issuedAt,statusAt,penaltyImposedCents,penaltyDueCents,class');
    expect(line).toMatch(/^10000091,HPD,hpd_violation,NOT COMPLIED WITH,.*,true,2013-10-10,2014-10-07,0,0,B$/);
  });

  it('counts them in the profile: open violations, the HPD agency, totalRecords, the risk factors', async () => {
    const { body: { data } } = await api.get(`${BASE}/${LOT}`);
    expect(data).toMatchObject({ openViolations: 1, totalRecords: 3, finesImposedCents: 0, finesDueCents: 0, defaultedHearings: 0, agencies: [{ agency: 'HPD', openCount: 1 }] });
    expect(data.riskFactors.find((factor: any) => factor.key === 'open_violations')).toMatchObject({ count: 1, points: 1 });
  });

  it('a later sync that closes the open one reads it closed everywhere; the same rows again change nothing', async () => {
    expect(portal.change(hpd.socrataId!, (row) => row.violationid === '10000091', (row) => ({
      ...row, currentstatus: 'VIOLATION CLOSED', currentstatusid: '19', currentstatusdate: '2026-11-02T00:00:00.000', violationstatus: 'Close',
    }))).toBe(1);
    expect(await sync()).toMatchObject({ status: 'synced', rowsFetched: 1, rowsApplied: 1 });
    expect((await api.get(`${BASE}/${LOT}/violations?agency=HPD&status=open`)).body.data).toEqual([]);
    expect((await api.get(`${BASE}/${LOT}`)).body.data).toMatchObject({ openViolations: 0, agencies: [{ agency: 'HPD', openCount: 0 }] });
    const { rows: [lot] } = await api.ns.stores.byMode.live.pg.query('select version from property_lots where bbl = $1', [LOT]);
    // The same rows from a file (the nycdb export, its own date format) write nothing but the one the sync closed.
    const again = await ingestFile(api.ns.stores.byMode.live, HPD_VIOLATIONS_LOAD, SAMPLE, AS_OF);
    expect(again).toMatchObject({ rowsRead: 100, rowsLoaded: 100, rowsRejected: 0, unknownValues: {}, entitiesChanged: 1 });
    const { rows: [after] } = await api.ns.stores.byMode.live.pg.query('select version from property_lots where bbl = $1', [LOT]);
    expect(Number(after.version)).toBeGreaterThan(Number(lot.version));
    expect(await ingestFile(api.ns.stores.byMode.live, HPD_VIOLATIONS_LOAD, SAMPLE, AS_OF)).toMatchObject({ entitiesChanged: 0, documentsIndexed: 0 });
    expect((await verifyStores(api.ns.stores.byMode.live, PROPERTIES)).ok).toBe(true);
  });
});
