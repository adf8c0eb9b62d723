import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { parseHouseNumber } from '../../src/nyc/address';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { datasetNamed } from '../families';
import type { DatasetSpec } from '../sources/dataset';
import { DOB_VIOLATIONS, ECB_VIOLATIONS, HPD_CONTACTS, HPD_REGISTRATIONS, HPD_VIOLATIONS, PLUTO } from '../sources/properties';
import { fileSource } from '../sources/source';
import { FULL_SCALE, PropertySet } from './properties';
import { PROPERTY_FILES, writePropertyFiles } from './properties-files';
import { DOB_PERMITS_HEADER, DOB_VIOLATIONS_HEADER, ECB_VIOLATIONS_HEADER, HPD_CONTACTS_HEADER, HPD_REGISTRATIONS_HEADER, HPD_VIOLATIONS_HEADER, PLUTO_HEADER } from './properties-formats';

const FRACTION = 0.002;
const dirs: string[] = [];

async function generate(seed: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-properties-'));
  dirs.push(dir);
  const counts = await writePropertyFiles(dir, { fraction: FRACTION, seed });
  return { dir, counts, file: (key: keyof typeof PROPERTY_FILES) => path.join(dir, PROPERTY_FILES[key]) };
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function readAll<Row>(spec: DatasetSpec<Row>, file: string): Promise<{ rows: Row[]; rejections: Array<[number, string]> }> {
  const rows: Row[] = [];
  const rejections: Array<[number, string]> = [];
  for await (const item of fileSource(spec, file).items) {
    if ('row' in item) rows.push(item.row);
    else rejections.push([item.line, item.reason]);
  }
  return { rows, rejections };
}

const digest = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('properties generator', () => {
  let set: Awaited<ReturnType<typeof generate>>;
  beforeAll(async () => {
    set = await generate(11);
  });

  it('is deterministic for a seed and different across seeds', async () => {
    const again = await generate(11);
    const other = await generate(12);
    for (const key of Object.keys(PROPERTY_FILES) as Array<keyof typeof PROPERTY_FILES>) {
      expect(digest(again.file(key))).toBe(digest(set.file(key)));
      expect(digest(other.file(key))).not.toBe(digest(set.file(key)));
    }
    expect(again.counts).toEqual(set.counts);
  });

  it('writes files every real source reads with zero rejections, every docket row on a generated lot', async () => {
    const pluto = await readAll(PLUTO, set.file('pluto'));
    expect(pluto.rejections).toEqual([]);
    expect(pluto.rows).toHaveLength(set.counts.lots);
    const bbls = new Set(pluto.rows.map((row) => row.bbl));
    expect(bbls.size).toBe(set.counts.lots);

    const dob = await readAll(DOB_VIOLATIONS, set.file('dobViolations'));
    expect(dob.rejections).toEqual([]);
    expect(dob.rows).toHaveLength(set.counts.dobViolations);
    const ecb = await readAll(ECB_VIOLATIONS, set.file('ecbViolations'));
    expect(ecb.rejections).toEqual([]);
    expect(ecb.rows).toHaveLength(set.counts.ecbViolations);
    for (const row of [...dob.rows, ...ecb.rows]) expect(bbls.has(row.bbl!)).toBe(true);
    expect(new Set(dob.rows.map((row) => row.sourceId)).size).toBe(dob.rows.length);
    expect(new Set(ecb.rows.map((row) => row.sourceId)).size).toBe(ecb.rows.length);
    // Both standings occur: open and closed DOB violations, ECB with and without a balance.
    expect(new Set(dob.rows.map((row) => row.statusColumns.category?.includes('*')))).toEqual(new Set([true, false]));
    expect(ecb.rows.some((row) => (row.statusColumns.balanceDueCents ?? 0) > 0)).toBe(true);

    // HPD violations, in the portal export's format: on the generated lots, every class, open and closed.
    const hpd = await readAll(HPD_VIOLATIONS, set.file('hpdViolations'));
    expect(hpd.rejections).toEqual([]);
    expect(hpd.rows).toHaveLength(set.counts.hpdViolations);
    for (const row of hpd.rows) expect(bbls.has(row.bbl!)).toBe(true);
    expect(new Set(hpd.rows.map((row) => row.sourceId)).size).toBe(hpd.rows.length);
    expect(new Set(hpd.rows.map((row) => row.violationClass))).toEqual(new Set(['A', 'B', 'C']));
    expect(new Set(hpd.rows.map((row) => row.statusColumns.violationStatus))).toEqual(new Set(['Open', 'Close']));

    // Permits load once the dob-permits data set is registered (another engineer adds it).
    const permits = datasetNamed('dob-permits');
    const permitRows = parse(fs.readFileSync(set.file('permits')), { columns: true }) as Array<Record<string, string>>;
    expect(permitRows).toHaveLength(set.counts.permits);
    if (permits) {
      const read = await readAll(permits.source, set.file('permits'));
      expect(read.rejections).toEqual([]);
      expect(read.rows).toHaveLength(set.counts.permits);
    }
  });

  it('writes HPD registrations of the multiple dwellings and their contacts that the real readers load with zero rejections, and the true owner of each', async () => {
    const pluto = new Map((await readAll(PLUTO, set.file('pluto'))).rows.map((row) => [row.bbl, row]));
    const registrations = await readAll(HPD_REGISTRATIONS, set.file('hpdRegistrations'));
    expect(registrations.rejections).toEqual([]);
    expect(registrations.rows).toHaveLength(set.counts.owners.registrations);
    for (const row of registrations.rows) expect(pluto.get(row.bbl!)!.unitsres).toBeGreaterThanOrEqual(3);
    const ids = new Set(registrations.rows.map((row) => row.sourceId));
    expect(ids.size).toBe(registrations.rows.length);
    const contacts = await readAll(HPD_CONTACTS, set.file('hpdContacts'));
    expect(contacts.rejections).toEqual([]);
    expect(contacts.rows).toHaveLength(set.counts.owners.contacts);
    for (const row of contacts.rows) expect(ids.has(row.facts.registrationId)).toBe(true);
    expect(new Set(contacts.rows.map((row) => row.facts.type))).toEqual(new Set(['CorporateOwner', 'HeadOfficer', 'IndividualOwner', 'JointOwner', 'Agent', 'SiteManager', 'Officer']));
    const truth = parse(fs.readFileSync(set.file('ownersTruth')), { columns: true }) as Array<{ bbl: string; landlord: string }>;
    expect(new Set(truth.map((row) => row.bbl))).toEqual(new Set(registrations.rows.map((row) => row.bbl)));
  });

  it('writes the exact headers of the real exports', () => {
    const firstLine = (file: string) => parse(fs.readFileSync(file, 'utf8').split('\n')[0])[0];
    expect(firstLine(set.file('pluto'))).toEqual([...PLUTO_HEADER]);
    expect(firstLine(set.file('dobViolations'))).toEqual([...DOB_VIOLATIONS_HEADER]);
    expect(firstLine(set.file('ecbViolations'))).toEqual([...ECB_VIOLATIONS_HEADER]);
    expect(firstLine(set.file('permits'))).toEqual([...DOB_PERMITS_HEADER]);
    expect(firstLine(set.file('hpdViolations'))).toEqual([...HPD_VIOLATIONS_HEADER]);
    expect(firstLine(set.file('hpdRegistrations'))).toEqual([...HPD_REGISTRATIONS_HEADER]);
    expect(firstLine(set.file('hpdContacts'))).toEqual([...HPD_CONTACTS_HEADER]);
    const fixtureHeader = (file: string) => parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'properties', file), 'utf8').split('\n')[0])[0];
    expect([...HPD_REGISTRATIONS_HEADER]).toEqual(fixtureHeader('hpd_registrations.csv'));
    expect([...HPD_CONTACTS_HEADER]).toEqual(fixtureHeader('hpd_contacts.csv'));
  });

  const real = (file: string) => (nycDataPresent(`properties/${file}`) ? it : it.skip);
  real('pluto_latest__nycdb.csv')('headers equal the real files of ../shared/data/nyc', () => {
    const header = (file: string) => parse(fs.readFileSync(path.join(NYC_DATA_DIR, 'properties', file), 'utf8').split('\n')[0])[0];
    expect([...PLUTO_HEADER]).toEqual(header('pluto_latest__nycdb.csv'));
    expect([...DOB_VIOLATIONS_HEADER]).toEqual(header('dob_violations__wow.csv'));
    expect([...ECB_VIOLATIONS_HEADER]).toEqual(header('ecb_violations__wow.csv'));
    expect([...DOB_PERMITS_HEADER]).toEqual(header('dob_permit_issuance__1000.csv'));
    expect([...HPD_VIOLATIONS_HEADER]).toEqual(header('hpd_violations__nycdb.csv'));
    expect([...HPD_REGISTRATIONS_HEADER]).toEqual(header('hpd_registrations__nycdb.csv'));
    expect([...HPD_CONTACTS_HEADER]).toEqual(header('hpd_contacts__nycdb.csv'));
  });

  it('skews records as the city does: most lots none, a long tail, a few heavy lots with thousands', async () => {
    const perLot = new Map<string, number>();
    for (const row of (await readAll(DOB_VIOLATIONS, set.file('dobViolations'))).rows) perLot.set(row.bbl!, (perLot.get(row.bbl!) ?? 0) + 1);
    const lots = set.counts.lots;
    expect(lots - perLot.size).toBeGreaterThan(lots / 2);
    expect(set.counts.heavyLots).toHaveLength(3);
    for (const bbl of set.counts.heavyLots) expect(perLot.get(bbl)).toBeGreaterThanOrEqual(1000);
    const ordinary = [...perLot].filter(([bbl]) => !set.counts.heavyLots.includes(bbl)).map(([, count]) => count).sort((a, b) => b - a);
    expect(ordinary[0]).toBeGreaterThan(40);
    expect(ordinary[Math.floor(ordinary.length / 2)]).toBeLessThanOrEqual(3);
  });

  it('gives realistic, distinct addresses: Queens numbers hyphenated, every house number readable, all five boroughs', async () => {
    const rows = (await readAll(PLUTO, set.file('pluto'))).rows;
    const queens = rows.filter((row) => row.borough === 'Queens' && row.address !== null);
    expect(queens.filter((row) => /^\d+-\d{2} /.test(row.address!)).length / queens.length).toBeGreaterThan(0.85);
    for (const row of rows.filter((r) => r.address !== null)) expect(parseHouseNumber(row.address!.split(' ')[0])).not.toBeNull();
    const addresses = rows.filter((row) => row.address !== null).map((row) => `${row.borough}|${row.address}`);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(new Set(rows.map((row) => row.borough)).size).toBe(5);
    expect(rows.filter((row) => row.address === null).length).toBeGreaterThan(0);
  });

  it('comes out at the stated totals per lot at full scale (the layout, without writing it)', () => {
    const layout = new PropertySet(1, 1);
    expect(layout.lots).toBe(FULL_SCALE.lots);
    expect(layout.heavyCount).toBe(50);
    // A sample of every 200th lot: within 10% of 2.33 DOB, 1.74 ECB, 1.16 permits and 3.49 HPD violations per lot.
    const sums = [0, 0, 0, 0];
    let sampled = 0;
    for (let index = 0; index < layout.lots; index += 200) {
      const lot = layout.lot(index);
      if (lot.heavy) continue;
      lot.records.forEach((count, docket) => (sums[docket] += count));
      sampled += 1;
    }
    const heavy = [3000, 1950, 800, 3750].map((mean) => (mean * layout.heavyCount) / layout.lots);
    const perLot = sums.map((sum, docket) => sum / sampled + heavy[docket]);
    expect(perLot[0]).toBeGreaterThan(0.9 * (FULL_SCALE.dobViolations / FULL_SCALE.lots));
    expect(perLot[0]).toBeLessThan(1.1 * (FULL_SCALE.dobViolations / FULL_SCALE.lots));
    expect(perLot[1]).toBeGreaterThan(0.9 * (FULL_SCALE.ecbViolations / FULL_SCALE.lots));
    expect(perLot[1]).toBeLessThan(1.1 * (FULL_SCALE.ecbViolations / FULL_SCALE.lots));
    expect(perLot[2]).toBeGreaterThan(0.9 * (FULL_SCALE.permits / FULL_SCALE.lots));
    expect(perLot[2]).toBeLessThan(1.1 * (FULL_SCALE.permits / FULL_SCALE.lots));
    expect(perLot[3]).toBeGreaterThan(0.9 * (FULL_SCALE.hpdViolations / FULL_SCALE.lots));
    expect(perLot[3]).toBeLessThan(1.1 * (FULL_SCALE.hpdViolations / FULL_SCALE.lots));
  });
});
