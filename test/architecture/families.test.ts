import fs from 'node:fs';
import path from 'node:path';
import { INGEST_FAMILIES } from '../../ingest/families';
import { REGISTRY } from '../../ingest/families/registry';
import { CHANGE_VOCABULARY, DATASETS, FAMILIES } from '../../src/families';

/**
 * Adding a family is a folder and a line on each side: src/<name>/family.ts listed in
 * src/families.ts, and ingest/families/<name>/ listed in ingest/families/index.ts. Every
 * other registry (routes, document, data sets, change kinds, indices, fixture, layers) is read
 * from those two lists; these tests fail when a family is left out of one, or when the two
 * sides declare the same family differently.
 */

const ROOT = path.resolve(__dirname, '../..');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the families', () => {
  it('lists every folder of src/ that has a family.ts, once', () => {
    const declared = folders('src').filter((name) => fs.existsSync(path.join(ROOT, 'src', name, 'family.ts')));
    expect(FAMILIES.map((family) => family.name).sort()).toEqual(declared.sort());
  });

  it('lists every folder of ingest/families, once, each the ingest of an API family of the same name', () => {
    const names = INGEST_FAMILIES.map(({ family }) => family.name);
    expect([...names].sort()).toEqual(folders('ingest/families').sort());
    for (const name of names) expect(FAMILIES.map((family) => family.name)).toContain(name);
  });

  it('declares the same data sets on both sides, and every data set an API family declares is loaded', () => {
    for (const { family, facts } of INGEST_FAMILIES) expect({ family: family.name, facts }).toEqual({ family: family.name, facts: FAMILIES.find((api) => api.name === family.name)!.datasets });
    expect(REGISTRY.map((dataset) => dataset.name)).toEqual(DATASETS.map((dataset) => dataset.name));
  });

  it('records changes with the kinds the feed serves: one declaration per family, used by both sides', () => {
    for (const { family } of INGEST_FAMILIES) {
      const api = FAMILIES.find((candidate) => candidate.name === family.name)!;
      expect({ family: family.name, kinds: family.changes?.kinds }).toEqual({ family: family.name, kinds: api.changes });
    }
    expect(CHANGE_VOCABULARY.families).toEqual(INGEST_FAMILIES.flatMap(({ family }) => (family.changes ? [family.changes.kinds.family] : [])));
  });

  it('has a mapping file for every index a family keeps, and no mapping file of no family', () => {
    const indices = INGEST_FAMILIES.flatMap(({ family }) => family.indices.map((index) => `${index.name}.json`));
    expect(indices.sort()).toEqual(fs.readdirSync(path.join(ROOT, 'index-mappings')).filter((file) => file.endsWith('.json')).sort());
  });

  it('loads a test-mode fixture for every family that loads data sets, each file a data set of its own family', () => {
    for (const { family, datasets, fixture } of INGEST_FAMILIES) {
      expect({ family: family.name, fixtures: fixture.length > 0 }).toEqual({ family: family.name, fixtures: datasets.length > 0 });
      for (const { dataset, file } of fixture) {
        expect(datasets).toContain(dataset);
        expect(fs.existsSync(file)).toBe(true);
      }
    }
  });
});
