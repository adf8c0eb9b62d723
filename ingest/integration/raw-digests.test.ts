import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { PORTAL_HEADER, portalLine, type PortalRow } from '../generate/csv-writer';
import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';
import { generatedFile, storeSnapshot, versions } from './support';

const asOf = new Date('2026-04-01T00:00:00Z');

describe('a re-ingest of a data set digested from its raw records (restaurants)', () => {
  let ns: TestNamespace;
  let file: string;
  beforeAll(async () => {
    ns = await createTestNamespace();
    file = await generatedFile(60, 5);
  });
  afterAll(() => ns.cleanup());

  const load = (store = ns.stores.byMode.live, from = file) => ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, from), { asOf });

  it('applies only the establishments whose rows changed, accounts for every row, and reports rejections every run', async () => {
    const first = await load();
    expect(first.entitiesChanged).toBe(60);
    const before = await versions(ns.stores.byMode.live);

    // One establishment's violation amended, another's row made unreadable, every row's
    // RECORD DATE moved (the export's date: not a change of the records).
    const records = parse(fs.readFileSync(file), { columns: true }) as PortalRow[];
    const amended = String(records[0].CAMIS);
    const brokenIndex = records.findIndex((record) => record.CAMIS !== amended);
    const broken = String(records[brokenIndex].CAMIS);
    records[0]['VIOLATION DESCRIPTION'] = `${records[0]['VIOLATION DESCRIPTION'] ?? ''} (amended)`;
    records[brokenIndex]['INSPECTION DATE'] = '02/31/2024';
    for (const record of records) record['RECORD DATE'] = '11/30/2026';
    const changedFile = path.join(path.dirname(file), 'changed.csv');
    fs.writeFileSync(changedFile, [`${PORTAL_HEADER.join(',')}\n`, ...records.map(portalLine)].join(''));
    // No field of the generated export spans lines: record i is on line i + 2.
    const brokenLine = brokenIndex + 2;

    const second = await load(ns.stores.byMode.live, changedFile);
    expect(second.rowsRead).toBe(first.rowsRead);
    expect(second.rowsLoaded + second.rowsMerged + second.rowsRejected).toBe(second.rowsRead);
    expect(second.rejections.map((r) => r.line)).toEqual([brokenLine]);
    expect(second.entitiesInFile).toBe(60);
    const after = await versions(ns.stores.byMode.live);
    const moved = Object.keys(after).filter((camis) => after[camis] !== before[camis]).sort();
    // The broken row's establishment is applied again, but a row missing from an export removes nothing: no new version.
    expect(moved).toEqual([amended]);

    // Again: nothing changes, and the establishment with the rejected row is read again, so its rejection is reported again.
    const third = await load(ns.stores.byMode.live, changedFile);
    expect(third.entitiesChanged).toBe(0);
    expect(third.rejections.map((r) => r.line)).toEqual([brokenLine]);
    expect(third.rowsLoaded + third.rowsMerged + third.rowsRejected).toBe(third.rowsRead);
    expect(third.rowsLoaded).toBe(second.rowsLoaded);

    // The same stores as the same two loads with every establishment applied (no digests kept).
    const full = ns.stores.byMode.test;
    await load(full);
    await full.pg.query('delete from restaurant_source_hashes');
    const applied = await load(full, changedFile);
    expect(applied.entitiesChanged).toBe(1);
    expect(applied.rowsLoaded).toBe(third.rowsLoaded);
    expect(await storeSnapshot(ns.stores.byMode.live)).toEqual(await storeSnapshot(ns.stores.byMode.test));
    expect((await verifyStores(ns.stores.byMode.live, RESTAURANTS)).ok).toBe(true);
  });
});
