import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NYC_DATA_DIR, nycDataPresent } from '../../src/nyc/testing/shared-data';
import { TestNamespace, useTestNamespace } from '../../test/support/namespace';
import { PLUTO_LOAD, PROPERTIES } from '../families';
import { aliasTargets } from '../index/indices';
import { upgradeIndices } from '../index/rebuild';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { PLUTO } from '../sources/properties';
import { fileSource } from '../sources/source';

const SAMPLE = 'properties/pluto_16v2_BX__nycdb.csv';
const LATEST = 'properties/pluto_latest__nycdb.csv';
const describeWithPluto = nycDataPresent(SAMPLE) && nycDataPresent(LATEST) ? describe : describe.skip;
const load = (file: string) => fileSource(PLUTO, path.join(NYC_DATA_DIR, file));

async function lotVersions(ns: TestNamespace): Promise<Record<string, number>> {
  const { rows } = await ns.stores.byMode.test.pg.query('select bbl, version from property_lots');
  return Object.fromEntries(rows.map((row) => [row.bbl, Number(row.version)]));
}

describeWithPluto('ingest of real PLUTO (Postgres + Elasticsearch)', () => {
  const ns = useTestNamespace();

  it('loads every lot of the 16v2 Bronx file into both stores, and the same file again changes nothing', async () => {
    const store = ns.stores.byMode.test;
    const summary = await ingestDataset(store, PLUTO_LOAD, load(SAMPLE));
    expect(summary).toMatchObject({ rowsRead: 100, rowsLoaded: 100, rowsMerged: 0, rowsRejected: 0, entitiesInFile: 100, entitiesChanged: 100, documentsIndexed: 100 });

    // Read by hand from the file's lines 2 and 3.
    const { rows } = await store.pg.query("select * from property_lots where bbl in ('2029580065', '2055360087') order by bbl");
    expect(rows[0]).toMatchObject({
      bbl: '2029580065', borough: 'Bronx', block: 2958, lot: 65, address: '871 EAST 175 STREET', zip: '10460', bldgclass: 'S2', landuse: '04',
      numfloors: 2, unitsres: 2, unitstotal: 3, bldgarea: 2175, lotarea: 2061, numbldgs: 1, yearbuilt: 1931, cd: '206',
      ownername: '871 E. 175TH STREET R', latitude: null, longitude: null,
    });
    expect(rows[1]).toMatchObject({ bbl: '2055360087', address: '903 BRINSMADE AVENUE', zip: '10465', bldgclass: 'A5', ownername: 'PALAZZOLO, RICHARD', yearbuilt: 1950 });
    const document = await store.es.get({ index: store.indexAlias('properties'), id: '2029580065' });
    expect(document._source).toEqual({ bbl: '2029580065', address: '871 EAST 175 STREET', borough: 'Bronx', zip: '10460', addressNorm: '871 east 175 street', addressBlocks: ['8:odd east 175 street', '8:odd east 175 stree', '8:odd east 175 stre', '8:odd east 175 str', '8:odd east 175 st', '8:odd east 175 s'], houseNumber: '871', location: null,
      // The typeahead's keys made at index time: the phrase prefixes (the street alone among them) and the one-edit keys.
      addressPhrases: expect.arrayContaining(['871 east 175 street', 'east 175 s', 'east 175 street']),
      addressEditKeys: expect.arrayContaining([expect.any(String)]),
    });

    const report = await verifyStores(store, PROPERTIES);
    expect(report).toMatchObject({ ok: true, differenceCount: 0, counts: { properties: { postgres: 100, elasticsearch: 100 } } });

    const before = await lotVersions(ns);
    const again = await ingestDataset(store, PLUTO_LOAD, load(SAMPLE));
    expect(again).toMatchObject({ rowsRead: 100, rowsLoaded: 100, rowsMerged: 0, rowsRejected: 0, entitiesChanged: 0, documentsIndexed: 0 });
    expect(await lotVersions(ns)).toEqual(before);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('indexes the current export with its coordinates as a geo point', async () => {
    const store = ns.stores.byMode.test;
    expect(await ingestDataset(store, PLUTO_LOAD, load(LATEST))).toMatchObject({ rowsRead: 5, rowsLoaded: 5, entitiesChanged: 5 });
    const document = await store.es.get({ index: store.indexAlias('properties'), id: '2054800111' });
    expect(document._source).toMatchObject({ address: '761 CLARENCE AVENUE', addressNorm: '761 clarence avenue', zip: '10465', location: { lat: 40.830953, lon: -73.8165508 } });
    const near = await store.es.search({
      index: store.indexAlias('properties'),
      query: { geo_distance: { distance: '200m', location: { lat: 40.8309, lon: -73.8166 } } },
    });
    expect(near.hits.hits.map((hit) => hit._id)).toContain('2054800111');
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('loads a file with only some columns, keeping what an earlier file said of the others', async () => {
    const store = ns.stores.byMode.test;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pluto-'));
    const partial = path.join(dir, 'partial.csv');
    fs.writeFileSync(partial, 'borough,bbl,address,bldgclass,landuse,ownername\nBX,2054800111,761 CLARENCE AVENUE,,,NEW OWNER\n');
    expect(await ingestDataset(store, PLUTO_LOAD, fileSource(PLUTO, partial))).toMatchObject({ rowsRead: 1, rowsLoaded: 1, rowsRejected: 0, entitiesChanged: 1 });
    const { rows } = await store.pg.query("select * from property_lots where bbl = '2054800111'");
    expect(rows[0]).toMatchObject({ ownername: 'NEW OWNER', bldgclass: 'A5', landuse: '01', lotarea: 1700, zip: '10465', latitude: 40.830953, longitude: -73.8165508 });
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });

  it('creates the properties index on a deployment that has none yet (an upgrade from a restaurants-only release)', async () => {
    const store = ns.stores.byMode.live;
    expect(await aliasTargets(store.es, store.indexAlias('properties'))).toEqual([]);
    expect(await upgradeIndices(store, PROPERTIES)).toEqual(['properties']);
    expect(await aliasTargets(store.es, store.indexAlias('properties'))).toHaveLength(1);
    expect(await upgradeIndices(store, PROPERTIES)).toEqual([]);
    expect((await verifyStores(store, PROPERTIES)).ok).toBe(true);
  });
});
