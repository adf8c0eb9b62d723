/**
 * CSV exports against clients that ask for a long export and stop reading it. Each such
 * export of the violation feed is one COPY on a connection of its mode's pool, blocked on the
 * client: uncapped, enough of them took every connection and every other Postgres route of the
 * mode answered 503 until the clients left. The Postgres here is this file's own, so
 * pg_stat_activity shows this API's sessions only; Elasticsearch is the shared one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Pool } from 'pg';
import { RESTAURANT_INSPECTIONS_LOAD } from '../../ingest/families';
import { generatedFile } from '../../ingest/integration/support';
import { ingestDataset } from '../../ingest/load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../../ingest/sources/restaurants';
import { fileSource } from '../../ingest/sources/source';
import { ExportSlots } from '../../src/contract/export-slots';
import { requestText, stalledRequest, type StalledResponse } from '../support/raw-http';
import { useFaultStand, waitFor } from './traffic';

const STORE_TIMEOUT_MS = 1500;
/** Small, so the test sees the stalled exports ended; large enough for the checks made while they stall. */
const STALL_SECONDS = 6;
const asOf = new Date('2026-04-01T00:00:00Z');

const stand = useFaultStand('postgres', { storeTimeoutMs: STORE_TIMEOUT_MS, seed: 41, asOf }, 120_000);

beforeAll(async () => {
  // Enough violations that one export is several times what the sockets between Postgres, the
  // API and a client buffer: a client that stops reading leaves its COPY blocked mid-statement.
  const file = await generatedFile(20_000, 42);
  try {
    await ingestDataset(stand.store, RESTAURANT_INSPECTIONS_LOAD, fileSource(RESTAURANT_INSPECTIONS, file), { asOf, index: false });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  stand.api.ns.config.exportStallSeconds = STALL_SECONDS;
}, 300_000);

/** The COPY statements running on this file's Postgres: the exports holding a backend. */
async function runningCopies(platform: Pool): Promise<number> {
  const { rows } = await platform.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where state = 'active' and query ilike 'copy (%'`);
  return rows[0].n;
}

const exportRequest = (key: string) => requestText('GET', '/api/v1/violations?format=csv', [['Authorization', `Bearer ${key}`]]);

/** Opens the exports at once, each by its key, stalling every one that is admitted. */
const openStalled = (url: string, keys: string[]) => Promise.all(keys.map((key) => stalledRequest(url, exportRequest(key))));

const statuses = (answers: StalledResponse[]) => answers.map((answer) => answer.status).sort();

describe('CSV exports whose clients stop reading', () => {
  const stalled: StalledResponse[] = [];
  afterEach(() => {
    for (const answer of stalled.splice(0)) answer.socket.destroy();
  });

  it('22 stalled CSV readers: other Postgres routes of that mode keep answering 200', async () => {
    const { api } = stand;
    const platform = api.ns.stores.platform;
    const slots = ExportSlots.forPool(api.ns.config.poolSize);
    // Two exports per key: never over one key's share, so what refuses is the mode's cap.
    const keys = await Promise.all(Array.from({ length: 11 }, () => api.createKeys()));
    const answers = await openStalled(api.url, keys.flatMap(({ live }) => [live, live]));
    stalled.push(...answers);
    const admitted = answers.filter((answer) => answer.status === 200);

    // While the admitted exports stall, every Postgres route of the live mode answers.
    const camis = stand.camis;
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const target = camis[i % camis.length];
        const path = [`/api/v1/restaurants/${target}`, `/api/v1/restaurants/${target}/inspections`, `/api/v1/restaurants/${target}/violations`, '/api/v1/profile'][i % 4];
        return api.get(path, { key: keys[0].live, headers: { 'X-Device-Id': `stalled-exports-device-${i}` } });
      }),
    );
    expect(reads.filter((read) => read.status !== 200).map((read) => `${read.status} ${read.body?.error?.code}`)).toEqual([]);

    // The mode's cap admitted its exports, which really are stalled in Postgres, and refused the rest before any row.
    expect(admitted.length).toBe(slots.perMode);
    expect(await runningCopies(platform)).toBe(slots.perMode);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(statuses(refused)).toEqual(Array(answers.length - slots.perMode).fill(429));
    for (const answer of refused) {
      const { error } = JSON.parse(answer.body);
      expect(error).toMatchObject({ status: 429, code: 'too_many_exports', retryAfterSeconds: Number(answer.headers['retry-after']) });
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.message).toMatch(/^the server already runs \d+ CSV exports for live keys/);
    }

    // EXPORT_STALL_SECONDS after their last progress, the stalled exports are ended and their backends freed.
    await waitFor('the stalled exports to end their COPY statements', async () => (await runningCopies(platform)) === 0, 3 * STALL_SECONDS * 1000 + 10_000);
    // Every slot is free again: the cap's worth of new exports is admitted.
    const again = await openStalled(api.url, keys.slice(0, slots.perMode).map(({ live }) => live));
    stalled.push(...again);
    expect(statuses(again)).toEqual(Array(slots.perMode).fill(200));
  }, 120_000);

  it("gives one key at most its share of the exports, whatever the mode's cap leaves", async () => {
    const { api } = stand;
    const platform = api.ns.stores.platform;
    await waitFor('no export left running', async () => (await runningCopies(platform)) === 0, 3 * STALL_SECONDS * 1000 + 10_000);
    const slots = ExportSlots.forPool(api.ns.config.poolSize);
    const [greedy, other] = await Promise.all([api.createKeys(), api.createKeys()]);
    const answers = await openStalled(api.url, [...Array(slots.perCaller + 1).fill(greedy.live), other.live]);
    stalled.push(...answers);
    expect(statuses(answers)).toEqual([...Array(slots.perCaller + 1).fill(200), 429]);
    const { error } = JSON.parse(answers.find((answer) => answer.status === 429)!.body);
    expect(error).toMatchObject({ code: 'too_many_exports' });
    expect(error.message).toBe(`this key already runs ${slots.perCaller} CSV exports, the most one key may run at once; retry when one of them has ended`);
    // GET <list>.csv is the same export: it counts toward the same share and is refused the same way, in the envelope.
    const viaOperation = await stalledRequest(api.url, requestText('GET', '/api/v1/violations.csv', [['Authorization', `Bearer ${greedy.live}`]]));
    stalled.push(viaOperation);
    expect(viaOperation.status).toBe(429);
    expect(viaOperation.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(viaOperation.body).error).toMatchObject({ code: 'too_many_exports', message: error.message });
  }, 120_000);

  it('gives a slow but steady reader the whole file, though it reads for longer than the stall limit', async () => {
    const { api } = stand;
    const { live } = await api.createKeys();
    const whole = await api.get('/api/v1/violations?format=csv', { key: live });
    expect(whole.status).toBe(200);
    // Far more than the sockets buffer: the client's pace, not the buffers, sets the server's.
    expect(whole.text.length).toBeGreaterThan(40_000_000);
    // A pause after every chunk the socket brings (64 KB at most): over a thousand pauses, several times the stall limit in all.
    const slow = await readSlowly(`${api.url}/api/v1/violations?format=csv`, live, 10);
    expect(slow).toEqual({ status: 200, complete: true, bytes: Buffer.byteLength(whole.text), sha1: sha1(whole.text) });
  }, 180_000);
});

const sha1 = (data: string | Buffer) => createHash('sha1').update(data).digest('hex');

/** Reads an answer through, pausing pauseMs after every chunk the socket brings; complete is false when the server cut it off. */
function readSlowly(url: string, key: string, pauseMs: number): Promise<{ status: number; complete: boolean; bytes: number; sha1: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha1');
    let bytes = 0;
    const request = http.get(url, { headers: { Authorization: `Bearer ${key}` } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
        res.pause();
        setTimeout(() => res.resume(), pauseMs);
      });
      const done = () => resolve({ status: res.statusCode ?? 0, complete: res.complete, bytes, sha1: hash.digest('hex') });
      res.once('end', done);
      res.once('aborted', done);
      res.once('error', done);
    });
    request.on('error', reject);
  });
}
