import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { PORTAL_HEADER, portalLine, type PortalRow } from '../generate/csv-writer';
import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { rederive } from '../load/rederive';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { fileSource } from '../sources/source';
import { generatedFile } from './support';

const asOf = new Date('2026-04-01T00:00:00Z');

/** Every document id of an index with its external version. */
async function indexedVersions(ns: TestNamespace, index: string): Promise<Map<string, number>> {
  const store = ns.stores.byMode.live;
  const alias = store.indexAlias(index);
  await store.es.indices.refresh({ index: alias });
  const found = await store.es.search({ index: alias, size: 10_000, version: true, query: { match_all: {} }, _source: false });
  return new Map(found.hits.hits.map((hit) => [hit._id!, hit._version!]));
}

const moved = (before: Map<string, number>, after: Map<string, number>) => [...after].filter(([id, version]) => before.get(id) !== version).map(([id]) => id).sort();

describe('a restaurant load re-indexes only the documents it changed', () => {
  let ns: TestNamespace;
  let file: string;
  let records: PortalRow[];
  beforeAll(async () => {
    ns = await createTestNamespace();
    file = await generatedFile(20, 11);
    records = parse(fs.readFileSync(file), { columns: true }) as PortalRow[];
  });
  afterAll(() => ns.cleanup());

  const store = () => ns.stores.byMode.live;
  const loadRecords = (name: string, rows: PortalRow[], clock = asOf) => {
    const changed = path.join(path.dirname(file), name);
    fs.writeFileSync(changed, [`${PORTAL_HEADER.join(',')}\n`, ...rows.map(portalLine)].join(''));
    return ingestDataset(store(), RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, changed), { asOf: clock });
  };
  const snapshot = async () => ({
    restaurants: await indexedVersions(ns, 'restaurants'),
    violations: await indexedVersions(ns, 'restaurant_violations'),
    inspections: await indexedVersions(ns, 'restaurant_inspections'),
  });

  it('sends one amended citation and its establishment, then every feed document of a renamed one, and nothing of the feeds on a rederive', async () => {
    const first = await loadRecords('first.csv', records);
    expect(first.entitiesChanged).toBe(20);
    const loaded = await snapshot();
    expect(first.documentsIndexed).toBe(loaded.restaurants.size + loaded.violations.size + loaded.inspections.size);

    // One citation's description amended: that citation and its establishment's summary document.
    const amendedIndex = records.findIndex((record) => record['VIOLATION CODE']);
    const amended = { ...records[amendedIndex], 'VIOLATION DESCRIPTION': `${records[amendedIndex]['VIOLATION DESCRIPTION']} (amended)` };
    const camis = String(amended.CAMIS);
    const second = await loadRecords('amended.csv', records.map((record, index) => (index === amendedIndex ? amended : record)));
    expect(second).toMatchObject({ entitiesChanged: 1, documentsIndexed: 2 });
    const afterAmend = await snapshot();
    expect(moved(loaded.restaurants, afterAmend.restaurants)).toEqual([camis]);
    expect(moved(loaded.inspections, afterAmend.inspections)).toEqual([]);
    const [citation] = moved(loaded.violations, afterAmend.violations);
    expect(moved(loaded.violations, afterAmend.violations)).toHaveLength(1);
    const indexed = await store().es.get({ index: store().indexAlias('restaurant_violations'), id: citation });
    expect((indexed._source as { description: string }).description).toMatch(/\(amended\)$/);
    expect((await verifyStores(store(), RESTAURANTS)).ok).toBe(true);

    // The establishment renamed: each of its feed documents repeats the name, so all of them go again.
    const renamed = records.map((record, index) => {
      const row = index === amendedIndex ? amended : record;
      return String(row.CAMIS) === camis ? { ...row, DBA: `${row.DBA} RENAMED` } : row;
    });
    const third = await loadRecords('renamed.csv', renamed);
    const afterRename = await snapshot();
    const own = (ids: Map<string, number>) => [...ids.keys()].filter((id) => id.startsWith(`${camis}|`)).sort();
    expect(moved(afterAmend.violations, afterRename.violations)).toEqual(own(afterRename.violations));
    expect(moved(afterAmend.inspections, afterRename.inspections)).toEqual(own(afterRename.inspections));
    expect(third.documentsIndexed).toBe(1 + own(afterRename.violations).length + own(afterRename.inspections).length);
    expect((await verifyStores(store(), RESTAURANTS)).ok).toBe(true);

    // A year later every establishment's recency weights move: summaries only, the feeds stay as indexed.
    const { changed } = await rederive(store(), RESTAURANTS, new Date('2027-04-01T00:00:00Z'));
    expect(changed).toBeGreaterThan(0);
    const afterRederive = await snapshot();
    expect(moved(afterRename.restaurants, afterRederive.restaurants)).toHaveLength(changed);
    expect(moved(afterRename.violations, afterRederive.violations)).toEqual([]);
    expect(moved(afterRename.inspections, afterRederive.inspections)).toEqual([]);
    expect((await verifyStores(store(), RESTAURANTS)).ok).toBe(true);
  });
});
