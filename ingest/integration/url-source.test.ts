import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { describeWithSamples, SAMPLES } from '../../src/domain/restaurants/testing/samples';
import { createTestNamespace, TestNamespace } from '../../test/support/namespace';
import { verifyRestaurantStores } from '../index/verify';
import { ingestRestaurants } from '../load/pipeline';
import { storeSnapshot } from './support';
import { urlSource } from '../sources/restaurants/url-source';

/** A stand-in for the SODA API: the API sample as .csv and .json, paged with $limit/$offset. */
function sodaServer(): http.Server {
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
  const asOf = new Date('2026-04-10T00:00:00Z');
  beforeAll(async () => {
    ns = await createTestNamespace();
    server = sodaServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/resource/43nn-pn8j`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ns.cleanup();
  });

  it('pages through the CSV resource and loads every row', async () => {
    const summary = await ingestRestaurants(ns.stores.byMode.live, urlSource(`${base}.csv`, { pageSize: 1000 }), { asOf });
    expect(summary).toMatchObject({ rowsRead: 3667, rowsRejected: 0, establishmentsInFile: 3351 });
    const requests = (server as unknown as { requests: string[] }).requests;
    expect(requests).toHaveLength(4); // 1000 + 1000 + 1000 + 667: the short page ends it
    expect(requests[1]).toContain('%24offset=1000');
    expect(requests[1]).toContain('%24limit=1000');
    expect((await verifyRestaurantStores(ns.stores.byMode.live)).ok).toBe(true);
  });

  it('loads the JSON resource into exactly the same records', async () => {
    const summary = await ingestRestaurants(ns.stores.byMode.test, urlSource(`${base}.json`, { pageSize: 1500 }), { asOf });
    expect(summary).toMatchObject({ rowsRead: 3667, rowsRejected: 0, establishmentsInFile: 3351 });
    expect(await storeSnapshot(ns.stores.byMode.test)).toEqual(await storeSnapshot(ns.stores.byMode.live));
  });
});
