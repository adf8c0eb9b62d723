import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { describeWithSamples, SAMPLES } from '../../src/domain/restaurants/testing/samples';
import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { storeSnapshot } from './support';
import { RESTAURANTS, RESTAURANT_INSPECTIONS_LOAD } from '../families';
import { verifyStores } from '../index/verify';
import { ingestDataset } from '../load/pipeline';
import { RESTAURANT_INSPECTIONS } from '../sources/restaurants';
import { urlSource } from '../sources/url-source';

/** How a page request fails, and how many more times it will. */
interface PageFault {
  times: number;
  how: 'unavailable' | 'cut short';
}

/**
 * A stand-in for the SODA API: the API sample as .csv and .json, paged with $limit/$offset.
 * `faults` (keyed "<path>@<offset>") make a page answer 503, or send half its body and drop
 * the connection, the given number of times.
 */
function sodaServer(faults: Map<string, PageFault>): http.Server {
  const text = fs.readFileSync(SAMPLES.api, 'utf8');
  const header = text.slice(0, text.indexOf('\n') + 1);
  const records: Array<{ raw: string; record: Record<string, string> }> = parse(text, { columns: true, raw: true });
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost');
    requests.push(url.search);
    const offset = Number(url.searchParams.get('$offset') ?? 0);
    const limit = Number(url.searchParams.get('$limit') ?? 1000);
    const page = records.slice(offset, offset + limit);
    const fault = faults.get(`${url.pathname}@${offset}`);
    if (fault && fault.times > 0) {
      fault.times -= 1;
      if (fault.how === 'unavailable') {
        response.writeHead(503).end();
        return;
      }
      const body = header + page.map((item) => item.raw.replace(/\r?\n$/, '')).join('\n');
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.write(body.slice(0, body.length / 2), () => response.destroy());
      return;
    }
    if (url.pathname === '/resource/43nn-pn8j.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(header + page.map((item) => item.raw.replace(/\r?\n$/, '')).join('\n') + (page.length ? '\n' : ''));
    } else if (url.pathname === '/resource/43nn-pn8j.json') {
      // SODA JSON leaves out empty fields and writes every value as a string.
      const objects = page.map(({ record }) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== '')));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(objects));
    } else {
      response.writeHead(404).end();
    }
  });
  (server as unknown as { requests: string[] }).requests = requests;
  return server;
}

describeWithSamples('URL mode against a local SODA stand-in', () => {
  let ns: TestNamespace;
  let server: http.Server;
  let base: string;
  const faults = new Map<string, PageFault>();
  const asOf = new Date('2026-04-10T00:00:00Z');
  beforeAll(async () => {
    ns = await createTestNamespace();
    server = sodaServer(faults);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/resource/43nn-pn8j`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ns.cleanup();
  });

  it('pages through the CSV resource and loads every row', async () => {
    const summary = await ingestDataset(ns.stores.byMode.live, RESTAURANT_INSPECTIONS_LOAD, urlSource(RESTAURANT_INSPECTIONS, `${base}.csv`, { pageSize: 1000 }), { asOf });
    expect(summary).toMatchObject({ rowsRead: 3667, rowsRejected: 0, entitiesInFile: 3351 });
    const requests = (server as unknown as { requests: string[] }).requests;
    expect(requests).toHaveLength(4); // 1000 + 1000 + 1000 + 667: the short page ends it
    expect(requests[1]).toContain('%24offset=1000');
    expect(requests[1]).toContain('%24limit=1000');
    expect((await verifyStores(ns.stores.byMode.live, RESTAURANTS)).ok).toBe(true);
  });

  it('loads the JSON resource into exactly the same records', async () => {
    const summary = await ingestDataset(ns.stores.byMode.test, RESTAURANT_INSPECTIONS_LOAD, urlSource(RESTAURANT_INSPECTIONS, `${base}.json`, { pageSize: 1500 }), { asOf });
    expect(summary).toMatchObject({ rowsRead: 3667, rowsRejected: 0, entitiesInFile: 3351 });
    expect(await storeSnapshot(ns.stores.byMode.test)).toEqual(await storeSnapshot(ns.stores.byMode.live));
  });

  it('asks again for a page that failed, after a pause, and resumes where it stopped', async () => {
    const requests = (server as unknown as { requests: string[] }).requests;
    requests.length = 0;
    faults.set('/resource/43nn-pn8j.csv@1000', { times: 1, how: 'unavailable' });
    faults.set('/resource/43nn-pn8j.csv@2000', { times: 2, how: 'cut short' });
    const source = urlSource(RESTAURANT_INSPECTIONS, `${base}.csv`, { pageSize: 1000, backoffMs: 5 });
    const summary = await ingestDataset(ns.stores.byMode.test, RESTAURANT_INSPECTIONS_LOAD, source, { asOf });
    // Every row once: the same records as before, so nothing changes.
    expect(summary).toMatchObject({ rowsRead: 3667, rowsLoaded: 3667 - summary.rowsMerged, rowsRejected: 0, entitiesInFile: 3351, entitiesChanged: 0 });
    expect(requests.filter((search) => search.includes('%24offset=1000&'))).toHaveLength(2);
    expect(requests.filter((search) => search.includes('%24offset=2000&'))).toHaveLength(3);
    expect(requests).toHaveLength(4 + 3);
  });

  it('ends the load with a clear error when a page keeps failing', async () => {
    faults.set('/resource/43nn-pn8j.json@1500', { times: Infinity, how: 'unavailable' });
    const source = urlSource(RESTAURANT_INSPECTIONS, `${base}.json`, { pageSize: 1500, attempts: 3, backoffMs: 5 });
    await expect(ingestDataset(ns.stores.byMode.test, RESTAURANT_INSPECTIONS_LOAD, source, { asOf })).rejects.toThrow(
      /^GET http:\/\/127\.0\.0\.1:\d+\/resource\/43nn-pn8j\.json\?\S*%24offset=1500\S* failed 3 times; last: GET \S+ answered 503$/,
    );
    expect(await storeSnapshot(ns.stores.byMode.test)).toEqual(await storeSnapshot(ns.stores.byMode.live));
  });
});
