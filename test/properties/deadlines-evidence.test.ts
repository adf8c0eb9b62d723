import {
  DOB_SAFETY_VIOLATIONS_LOAD,
  ELEVATORS_LOAD,
  ENERGY_BENCHMARKING_LOAD,
  ENERGY_GRADES_LOAD,
  FACADE_FILINGS_LOAD,
  HPD_REGISTRATIONS_LOAD,
  PLUTO_LOAD,
} from '../../ingest/families';
import type { KeyedDataset } from '../../ingest/load/types';
import pLimit from 'p-limit';
import { nycDataPresent } from '../../src/nyc/testing/shared-data';
import { fixtureReferenceDate } from '../../src/platform/fixture-clock';
import { startTestApi, TestApi } from '../support/api';
import { ingestFile } from '../support/ingest-file';

const FILES = {
  plutoMn: 'properties/pluto_16v2_MN__nycdb.csv',
  plutoBk: 'properties/pluto_16v2_BK__nycdb.csv',
  elevators: 'properties/elevator_devices_2015__converted.csv',
  facades: 'properties/facade_hazardous_reinspections__nycdob.csv',
  ll84: 'properties/ll84_municipal_2021.csv',
  ll33: 'properties/ll33_energy_grades_2020_cbl.csv',
  hpd: 'properties/hpd_registrations__nycdb.csv',
  safety: 'properties/dob_safety_violations__nycdb.csv',
};
const present = Object.values(FILES).every((file) => nycDataPresent(file));
const describeWithFiles = present ? describe : describe.skip;

const BASE = '/api/v1/properties';
// Test keys read every date rule as of the fixture's reference date: the values below are computed by hand for that day.
const TODAY = '2026-04-01';

/** Real lots that appear across the files. */
// 870 8 Avenue: PLUTO (D6 elevator apartments, 20 floors, 381 units, 380,441 sq ft, block 1024), 4 active passenger elevators last inspected 2015-09-17, LL33 grade D.
const EIGHTH_AVENUE = '1010240001';
// 370 East 34 Street, Brooklyn: PLUTO (W1 school, 5 floors, no units, 127,175 sq ft), 2 active elevators last inspected 2012-08-29, LL84 (city building K181, figures for 2010 and 2021).
const EAST_34TH = '3049040010';
// 135 Bowery: PLUTO (8 floors, no units, 14,793 sq ft), in no elevator, facade, energy or HPD file.
const BOWERY = '1004237501';
// Not in these PLUTO files: facade ECB 35458585R issued 2020-03-07, re-inspected Compliance 2020-11-02 (block 379: sub-cycle 10A); 2 active elevators (2015-04-27); LL33 grade D.
const FACADE_CORRECTED = '1003790027';
// Facade ECBs 35458449M (2020-03-10) and 35466589Y (2020-06-27), each last re-inspected Not In Compliance (block 348: sub-cycle 10B); 2 active elevators; LL33 grade D.
const FACADE_UNSAFE = '1003480036';

describeWithFiles('GET /properties/{bbl}/deadlines from the compliance-evidence datasets (real lots across files)', () => {
  let api: TestApi;
  const load = <Row>(dataset: KeyedDataset<Row>, file: string) => ingestFile(api.ns.stores.byMode.test, dataset, file, new Date(`${TODAY}T12:00:00Z`));
  const deadlines = async (bbl: string): Promise<Map<string, any>> => {
    const res = await api.get(`${BASE}/${bbl}/deadlines`, { key: api.keys.test });
    expect(res.status).toBe(200);
    return new Map(res.body.data.map((item: any) => [item.kind, item]));
  };

  beforeAll(async () => {
    expect(fixtureReferenceDate().toISOString().slice(0, 10)).toBe(TODAY);
    api = await startTestApi();
    await load(PLUTO_LOAD, FILES.plutoMn);
    await load(PLUTO_LOAD, FILES.plutoBk);
  }, 120_000);
  afterAll(() => api.stop());

  it('before any evidence dataset is loaded, every verifiable obligation is a reminder naming its dataset', async () => {
    const eighth = await deadlines(EIGHTH_AVENUE);
    for (const kind of ['elevator_periodic', 'elevator_cat1', 'hpd_registration', 'benchmarking', 'facade_filing']) {
      expect(eighth.get(kind)).toMatchObject({ status: 'unverifiable', verifiable: false, lastEvidenceAt: null, basis: expect.stringContaining('is not loaded here') });
    }
    // Without the device file, elevators are read from PLUTO: 8 floors makes 135 Bowery likely to have one.
    expect((await deadlines(BOWERY)).get('elevator_periodic')).toMatchObject({ status: 'unverifiable', dueDate: '2027-01-14' });
  });

  describe('with elevators, facade re-inspections, LL84, LL33, HPD registrations and DOB safety violations loaded', () => {
    beforeAll(async () => {
      for (const [dataset, file] of [
        [ELEVATORS_LOAD, FILES.elevators],
        [FACADE_FILINGS_LOAD, FILES.facades],
        [ENERGY_BENCHMARKING_LOAD, FILES.ll84],
        [ENERGY_GRADES_LOAD, FILES.ll33],
        [HPD_REGISTRATIONS_LOAD, FILES.hpd],
        [DOB_SAFETY_VIOLATIONS_LOAD, FILES.safety],
      ] as Array<[KeyedDataset<unknown>, string]>) {
        await load(dataset, file);
      }
    }, 600_000);

    it('870 8 Avenue: the 2015 device file and the 2017 HPD registrations end before the 2025 deadlines, so what they lack is a reminder saying how far each goes, not overdue', async () => {
      const items = await deadlines(EIGHTH_AVENUE);
      // Periodic: the 2025 inspection was owed by 2026-01-14; the latest on file is 2015's, and the file ends on 2015-10-13.
      expect(items.get('elevator_periodic')).toMatchObject({
        status: 'unverifiable', verifiable: false, dueDate: '2026-01-14', lastEvidenceAt: '2015-09-17', evidenceDataset: 'elevators', evidenceAsOf: '2015-10-13',
      });
      expect(items.get('elevator_periodic').basis).toContain('The DOB elevator devices (the 2015 device file) loaded here is known complete only to 2015-10-13, before the due date 2026-01-14, so it cannot show whether this was done');
      // CAT1: owed by 2026-01-21; the 2015 file has no CAT1 column. CAT5: none on file and no date owed.
      expect(items.get('elevator_cat1')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2026-01-21', lastEvidenceAt: null, evidenceAsOf: '2015-10-13' });
      expect(items.get('elevator_cat5')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: null, lastEvidenceAt: null, evidenceAsOf: '2015-10-13' });
      // 381 units, and HPD registrations are loaded without this lot; the sample's newest registration is of 2017-10-30, before the 2025-09-01 due date.
      expect(items.get('hpd_registration')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2025-09-01', lastEvidenceAt: null, evidenceDataset: 'hpd-registrations', evidenceAsOf: '2017-10-30' });
      // The facade extract and the LL84 municipal report list only some lots: silent about this one, both stay reminders naming the current datasets
      // (sub-cycle 10A closes 2027-02-21; 2025 data is due 2026-05-01).
      expect(items.get('facade_filing')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2027-02-21', lastEvidenceAt: null, evidenceDataset: 'dob-now-facades', evidenceAsOf: null });
      expect(items.get('benchmarking')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2026-05-01', lastEvidenceAt: null, evidenceDataset: 'll84-disclosure', evidenceAsOf: null });
      // Grade D on the LL33 list: the label is posted by 2026-10-31 (never verifiable, rests on no data set).
      expect(items.get('energy_grade_label')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2026-10-31', evidenceDataset: null, evidenceAsOf: null });
    });

    it('370 East 34 Street: LL84 shows 2010 and 2021 only, but the municipal report dates none of its records, so the 2024 data due 2025-05-01 is a reminder; elevators last inspected 2012; five floors owe no facade report', async () => {
      const items = await deadlines(EAST_34TH);
      expect(items.get('benchmarking')).toMatchObject({ status: 'unverifiable', verifiable: false, dueDate: '2025-05-01', lastEvidenceAt: null, evidenceDataset: 'energy-benchmarking', evidenceAsOf: null });
      expect(items.get('benchmarking').basis).toContain('The LL84 municipal benchmarking report loaded here dates none of its records, so it is not known complete up to the due date 2025-05-01');
      expect(items.get('elevator_periodic')).toMatchObject({ status: 'unverifiable', dueDate: '2026-01-14', lastEvidenceAt: '2012-08-29' });
      // Not on the LL33 list (energyGrade null), benchmarked by floor area: the label reminder stays.
      expect(items.get('energy_grade_label')).toMatchObject({ status: 'unverifiable', dueDate: '2026-10-31' });
      expect(items.has('facade_filing')).toBe(false);
      // No residential units and no HPD registration: not a registered dwelling.
      expect(items.has('hpd_registration')).toBe(false);
    });

    it('135 Bowery: the device file is loaded and lists no device here, so no elevator obligation; the facade stays a reminder', async () => {
      const items = await deadlines(BOWERY);
      for (const kind of ['elevator_periodic', 'elevator_cat1', 'elevator_cat5']) expect(items.has(kind)).toBe(false);
      // Block 423: sub-cycle 10C closes 2029-02-21.
      expect(items.get('facade_filing')).toMatchObject({ status: 'unverifiable', dueDate: '2029-02-21' });
    });

    it('a corrected hazardous facade (an UNSAFE cycle 9 report, its condition found in compliance) is ok until sub-cycle 10A closes', async () => {
      const items = await deadlines(FACADE_CORRECTED);
      // Cycle 9 satisfied by the report behind the 2020-03-07 violation; 10A closes 2027-02-21, 326 days away: ok.
      // What the extract shows was done stands, however old the extract (it ends 2021-01-08).
      expect(items.get('facade_filing')).toMatchObject({ status: 'ok', verifiable: true, dueDate: '2027-02-21', lastEvidenceAt: '2020-11-02', evidenceDataset: 'facade-filings', evidenceAsOf: '2021-01-08' });
      expect(items.get('elevator_periodic')).toMatchObject({ status: 'unverifiable', dueDate: '2026-01-14', lastEvidenceAt: '2015-04-27' });
      // A lot first seen in these datasets has no PLUTO floor area: LL33 listing makes it benchmarked; LL84 is silent about it.
      expect(items.get('benchmarking')).toMatchObject({ status: 'unverifiable', dueDate: '2026-05-01' });
    });

    it('an uncorrected hazardous facade needs action (its latest re-inspections found it not in compliance)', async () => {
      const items = await deadlines(FACADE_UNSAFE);
      // Block 348: sub-cycle 10B closes 2028-02-21; the latest UNSAFE report is the 2020-06-27 violation's.
      expect(items.get('facade_filing')).toMatchObject({ status: 'action_needed', verifiable: true, dueDate: '2028-02-21', lastEvidenceAt: '2020-06-27' });
    });

    it('filters apply to the evidence-driven items', async () => {
      const res = await api.get(`${BASE}/${EIGHTH_AVENUE}/deadlines?status=unverifiable&dueBefore=2026-01-31`, { key: api.keys.test });
      expect(res.body.data.map((item: any) => item.kind)).toEqual(['hpd_registration', 'elevator_periodic', 'elevator_cat1']);
      expect((await api.get(`${BASE}/${EIGHTH_AVENUE}/deadlines?status=overdue`, { key: api.keys.test })).body.data).toEqual([]);
    });

    /** Every item of these lots, through the API, a few requests at a time. */
    const itemsOf = async (bbls: string[]): Promise<any[]> => {
      const limit = pLimit(8);
      return (await Promise.all(bbls.map((bbl) => limit(async () => [...(await deadlines(bbl)).values()])))).flat();
    };
    const lotsOf = async (dataset: string, every = 1): Promise<string[]> => {
      const { rows } = await api.ns.stores.byMode.test.pg.query('select distinct bbl from property_filings where source_dataset = $1 order by bbl', [dataset]);
      return rows.map((row) => row.bbl as string).filter((_, index) => index % every === 0);
    };
    const overdueVerified = (items: any[]) => items.filter((item) => item.status === 'overdue' && item.verifiable);

    it('the 2021 LL84 municipal report: none of its lots reads benchmarking overdue (it dates none of its records); each says why', async () => {
      const items = (await itemsOf(await lotsOf('energy-benchmarking'))).filter((item) => item.kind === 'benchmarking');
      // The lots with a figure for some report year: benchmarked, each owing the 2024 data by 2025-05-01.
      expect(items).toHaveLength(1_747);
      expect(overdueVerified(items)).toEqual([]);
      const missing = items.filter((item) => item.status === 'unverifiable');
      expect(missing).toHaveLength(1_747);
      for (const item of missing) expect(item).toMatchObject({ verifiable: false, evidenceDataset: 'energy-benchmarking', evidenceAsOf: null, basis: expect.stringContaining('dates none of its records') });
    }, 300_000);

    it('the 2015 elevator file: no active device of it reads overdue; every elevator item carries the file\'s date', async () => {
      const items = (await itemsOf(await lotsOf('elevators', 40))).filter((item) => item.kind.startsWith('elevator_'));
      expect(items.length).toBeGreaterThan(1_000);
      expect(overdueVerified(items)).toEqual([]);
      for (const item of items) expect(item).toMatchObject({ evidenceDataset: 'elevators', evidenceAsOf: '2015-10-13' });
      expect(items.filter((item) => item.status === 'unverifiable' && item.dueDate !== null && item.basis.includes('known complete only to 2015-10-13')).length).toBeGreaterThan(700);
    }, 300_000);

    it('the 2020 facade extract: no lot reads the facade report overdue for a sub-cycle closing after the extract ends (2021-01-08)', async () => {
      const items = (await itemsOf(await lotsOf('facade-filings'))).filter((item) => item.kind === 'facade_filing');
      expect(items.length).toBeGreaterThan(300);
      expect(overdueVerified(items)).toEqual([]);
      const stale = items.filter((item) => item.status === 'unverifiable' && item.evidenceDataset === 'facade-filings');
      // The lots whose cycle 9 sub-cycle (9A 2022, 9B 2023, 9C 2024) closed after the extract ends, with no compliance on file.
      expect(stale).toHaveLength(34);
      for (const item of stale) {
        expect(['2022-02-21', '2023-02-21', '2024-02-21']).toContain(item.dueDate);
        expect(item).toMatchObject({ evidenceAsOf: '2021-01-08', basis: expect.stringContaining(`known complete only to 2021-01-08, before the due date ${item.dueDate}`) });
      }
    }, 300_000);
  });
});
