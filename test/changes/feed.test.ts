import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadPropertiesFixture } from '../../ingest/fixture';
import { RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families/restaurants';
import { FIXTURE_FILE } from '../../ingest/fixture';
import { recordChangeFeed } from '../../ingest/changes/feed';
import { ingestDataset } from '../../ingest/load/pipeline';
import { fileSource } from '../../ingest/sources/source';
import type { DataStore } from '../../src/stores';
import { startTestApi, TestApi } from '../support/api';
import { pageAll } from '../support/pages';

/** The ingest's load of a restaurant file, without Elasticsearch: the change feed and webhooks read Postgres only. */
const loadFile = (store: DataStore, file: string, asOf: Date) =>
  ingestDataset(store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS_LOAD.source, file), { asOf, index: false });


/** The restaurant fixture, then the same file with a new graded inspection of 41000001 (B, one critical citation). */
function laterFile(dir: string): string {
  const lines = fs.readFileSync(FIXTURE_FILE, 'utf8').trimEnd().split('\n');
  const joes = lines.find((line) => line.startsWith('41000001,'))!;
  const later = joes.replace('06/14/2023,Violations', '03/02/2026,Violations').replace(',9,A,06/14/2023,', ',18,B,03/02/2026,');
  expect(later).not.toBe(joes);
  const file = path.join(dir, 'later.csv');
  fs.writeFileSync(file, `${[...lines, later].join('\n')}\n`);
  return file;
}

describe('GET /api/v1/changes', () => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    api = await startTestApi();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'changes-'));
    const live = api.ns.stores.byMode.live;
    await loadFile(live, FIXTURE_FILE, new Date('2026-03-01T00:00:00Z'));
    await loadFile(live, laterFile(dir), new Date('2026-03-03T00:00:00Z'));
  });
  afterAll(async () => {
    await api?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records nothing for a first load, and the kinds of a later one', async () => {
    const res = await api.get('/api/v1/changes');
    expect(res.status).toBe(200);
    const kinds = res.body.data.map((change: any) => change.kind).sort();
    expect(kinds).toEqual(['grade_change', 'new_citation', 'new_inspection']);
    for (const change of res.body.data) {
      expect(change).toMatchObject({ family: 'restaurant', entityId: '41000001', at: '2026-03-03T00:00:00.000Z', link: '/api/v1/restaurants/41000001' });
    }
    const grade = res.body.data.find((change: any) => change.kind === 'grade_change');
    expect(grade.detail).toEqual({ from: 'A', to: 'B' });
    expect(res.body.data.find((change: any) => change.kind === 'new_inspection').detail).toEqual({ to: '2026-03-02' });
  });

  it('the same file again records nothing more', async () => {
    await loadFile(api.ns.stores.byMode.live, path.join(dir, 'later.csv'), new Date('2026-03-03T00:00:00Z'));
    expect((await api.get('/api/v1/changes')).body.data).toHaveLength(3);
  });

  it('keeps a state that did not move as it was: no row of change_states is rewritten', async () => {
    const live = api.ns.stores.byMode.live;
    const states = () => live.pg.query<{ entity_id: string; xmin: string }>(`select entity_id, xmin::text from change_states where family = 'restaurant' order by 1`);
    const before = (await states()).rows;
    expect(before.length).toBeGreaterThan(1);
    const client = await live.pg.connect();
    try {
      await recordChangeFeed(client, RESTAURANT_INSPECTIONS_LOAD.family, before.map((row) => row.entity_id), new Date('2026-03-03T00:00:00Z'));
    } finally {
      client.release();
    }
    expect((await states()).rows).toEqual(before);
    expect((await api.get('/api/v1/changes')).body.data).toHaveLength(3);
  });

  it('filters by kind and family, pages with cursors and resumes after an id', async () => {
    expect((await api.get('/api/v1/changes?kinds=grade_change,closure')).body.data.map((c: any) => c.kind)).toEqual(['grade_change']);
    expect((await api.get('/api/v1/changes?family=property')).body.data).toEqual([]);
    expect((await api.get('/api/v1/changes?since=2026-03-04T00:00:00Z')).body.data).toEqual([]);
    // Any RFC 3339 offset (Postgres reads only up to 15:59) and years past Postgres's range once in UTC (the fuzzer's finds).
    expect((await api.get(`/api/v1/changes?since=${encodeURIComponent('2026-03-03T20:00:00-18:08')}`)).body.data).toEqual([]);
    expect((await api.get(`/api/v1/changes?since=${encodeURIComponent('2026-03-01T18:00:00+18:08')}`)).body.data).toHaveLength(3);
    expect((await api.get(`/api/v1/changes?since=${encodeURIComponent('9999-12-31T23:00:00-23:00')}`)).body.data).toEqual([]);
    expect((await api.get(`/api/v1/changes?since=${encodeURIComponent('0000-01-01T00:00:00+23:59')}`)).body.data).toHaveLength(3);
    // Offsets as the date-time validator also accepts them (hours only, no colon).
    expect((await api.get(`/api/v1/changes?since=${encodeURIComponent('2026-03-03T20:00:00-18')}`)).body.data).toEqual([]);
    expect((await api.get(`/api/v1/changes?since=${encodeURIComponent('2016-12-31T23:59:60+0000')}`)).body.data).toHaveLength(3);
    const all = await pageAll(api, '/api/v1/changes', '', 1);
    expect(all).toHaveLength(3);
    const ids = all.map((c: any) => Number(c.id.slice(4)));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const rest = await api.get(`/api/v1/changes?after=${all[0].id}`);
    expect(rest.body.data.map((c: any) => c.id)).toEqual(all.slice(1).map((c: any) => c.id));
  });

  it('test keys see the test mode only', async () => {
    expect((await api.get('/api/v1/changes', { key: api.keys.test })).body.data).toEqual([]);
  });

  it('refuses bad input in the envelope', async () => {
    for (const query of ['kinds=nope', 'family=restaurants', 'since=yesterday', 'after=12', 'limit=0', 'limit=501', 'cursor=abc', 'camis=1']) {
      const res = await api.get(`/api/v1/changes?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body.error.code).toMatch(/invalid_parameter|unknown_parameter|invalid_cursor/);
    }
  });

  it('the test-mode properties fixture records the violations its dockets bring to the lots PLUTO described, and the deadline statuses its evidence moves', async () => {
    await loadPropertiesFixture(api.ns.stores.byMode.test);
    const changes = await pageAll(api, '/api/v1/changes', 'family=property', 500, { key: api.keys.test });
    expect(changes.some((c: any) => c.kind === 'new_violation')).toBe(true);
    for (const change of changes) expect(['new_violation', 'status_change', 'deadline_status_change']).toContain(change.kind);
    // A dataset loaded after PLUTO moves a lot's obligations (a reminder becomes verifiable, an open violation needs action).
    for (const change of changes.filter((c: any) => c.kind === 'deadline_status_change')) {
      expect(change.detail).toEqual({ obligation: expect.any(String), from: expect.any(String), to: expect.any(String) });
      expect(change.detail.from).not.toBe(change.detail.to);
    }
    expect(changes[0].link).toBe(`/api/v1/properties/${changes[0].entityId}`);
  });
});
