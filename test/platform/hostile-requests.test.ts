/**
 * Requests an attacker or a careless client sends: the case of the path, NUL characters,
 * unknown methods, forged cursors, malformed text in bodies, repeated headers, and what
 * Node's own parser refuses. Each must end in a clear 4xx in the envelope, never a 200
 * without a key and never a 500.
 */
import { createHmac } from 'node:crypto';
import { openApiDocument } from '../../src/openapi';
import type { Operation, Parameter } from '../../src/contract/types';
import { loadVisibleFixture } from '../restaurants/support';
import { startTestApi, TestApi } from '../support/api';
import { rawRequest, requestText } from '../support/raw-http';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await loadVisibleFixture(api.ns.stores.byMode.test);
});
afterAll(() => api.stop());

const doc = openApiDocument();
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as Operation })),
);
const resolve = (parameter: Parameter | { $ref: string }): Parameter =>
  '$ref' in parameter ? doc.components.parameters[parameter.$ref.replace('#/components/parameters/', '')] : parameter;
/** A concrete path of an operation: every {param} filled with a plain value. */
const FIXTURE_CAMIS = '41000001';
/** Path parameters with a shape of their own get a value of that shape (a bbl is 10 digits). */
const PLAIN_PATH_VALUES: Record<string, string> = { bbl: '1000010001' };
/** A webhook subscription's id has its own shape (whk_...); a portfolio's is a BBL. */
const WEBHOOK_ID = 'whk_aaaaaaaaaaaaaaaa';
const concrete = (path: string) =>
  path.replace('/webhooks/{id}', `/webhooks/${WEBHOOK_ID}`).replace('/portfolios/{id}', '/portfolios/1000010001').replace(/\{(\w+)\}/g, (_, name: string) => PLAIN_PATH_VALUES[name] ?? FIXTURE_CAMIS);

describe('letter case of the path', () => {
  /** Variants that differ from the documented path only in the case of its letters. */
  const variants = (path: string) => [
    path.toUpperCase(),
    path.replace('/api/v1', '/API/V1'),
    path.replace(/\/([a-z])/g, (_m, letter: string) => `/${letter.toUpperCase()}`),
  ].filter((variant) => variant !== path);

  test('every operation of the document, in another case, without a key: 401, never served', async () => {
    expect(operations.length).toBeGreaterThan(15);
    for (const { path, method } of operations) {
      for (const variant of variants(concrete(path))) {
        const res = await api.request(method.toUpperCase(), variant, { key: null, body: method === 'get' || method === 'delete' ? undefined : {} });
        // The probes are keyless by design: in another case they are simply not there.
        const expected = path.startsWith('/api/v1') ? 401 : 404;
        expect([method, variant, res.status]).toEqual([method, variant, expected]);
        expect(res.body.error.code).toBe(expected === 401 ? 'missing_key' : 'not_found');
      }
    }
  });

  test('every operation of the document, in another case, with a key: 404 and counted, never served', async () => {
    for (const { path, method } of operations) {
      for (const variant of variants(concrete(path))) {
        const res = await api.request(method.toUpperCase(), variant, { body: method === 'get' || method === 'delete' ? undefined : {} });
        expect([method, variant, res.status]).toEqual([method, variant, 404]);
        if (path.startsWith('/api/v1')) expect(res.headers.get('x-ratelimit-reset')).toEqual(expect.any(String));
      }
    }
  });

  test('the unauthenticated probes answer only in their own case', async () => {
    expect((await api.get('/livez', { key: null })).status).toBe(200);
    expect((await api.get('/LIVEZ', { key: null })).status).toBe(404);
    expect((await api.get('/Readyz', { key: null })).status).toBe(404);
  });
});

describe('NUL characters', () => {
  test('in any query or path parameter of any operation: 400 naming it, before any store', async () => {
    let checked = 0;
    for (const { path, method, operation } of operations) {
      for (const parameter of (operation.parameters ?? []).map(resolve)) {
        if (parameter.in === 'header') continue;
        const target =
          parameter.in === 'path'
            ? concrete(path.replace(`{${parameter.name}}`, 'a%00b'))
            : `${concrete(path)}?${parameter.name}=a%00b`;
        if (parameter.in === 'path' && !path.includes(`{${parameter.name}}`)) continue;
        const res = await api.request(method.toUpperCase(), target, { key: api.keys.test, body: method === 'get' || method === 'delete' ? undefined : {} });
        expect([method, target, res.status, res.body.error?.param]).toEqual([method, target, 400, parameter.name]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  test('the cases found by hand: a {camis} segment, stats?cuisine=, a batch id, a report body', async () => {
    const device = { 'X-Device-Id': 'device-nul-1' };
    for (const [method, path] of [
      ['GET', '/api/v1/restaurants/4100%000001'],
      ['GET', '/api/v1/restaurants/%00/reports'],
      ['GET', '/api/v1/stats/restaurants?cuisine=Pizza%00'],
    ]) {
      const res = await api.request(method, path, { key: api.keys.test, headers: device });
      expect([path, res.status, res.body.error.code]).toEqual([path, 400, 'invalid_parameter']);
    }
    const report = await api.request('POST', '/api/v1/restaurants/%00/reports', { key: api.keys.test, headers: device, body: { kind: 'praise_taste', body: 'Lovely soup, fast and friendly.' } });
    expect([report.status, report.body.error.code]).toEqual([400, 'invalid_parameter']);
    const batch = await api.post('/api/v1/restaurants/batch', { camis: [FIXTURE_CAMIS, 'x\u0000y'] }, { key: api.keys.test });
    expect([batch.status, batch.body.error.code, batch.body.error.param]).toEqual([400, 'invalid_body', 'camis.1']);
    const body = await api.post(`/api/v1/restaurants/${FIXTURE_CAMIS}/reports`, { kind: 'praise_taste', body: 'Lovely soup\u0000, fast and friendly.' }, { key: api.keys.test, headers: device });
    expect([body.status, body.body.error.code, body.body.error.param]).toEqual([400, 'invalid_body', 'body']);
  });
});

describe('HTTP methods', () => {
  test('an unknown or unsupported method on a known path: 405 in the envelope with Allow', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'SEARCH', 'QUERY', 'PUT', 'PATCH', 'DELETE']) {
      const res = await rawRequest(api.url, requestText(method, '/api/v1/restaurants', [['Authorization', `Bearer ${api.keys.test}`]]));
      expect([method, res.status]).toEqual([method, 405]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.allow).toContain('GET');
      expect(JSON.parse(res.body).error).toMatchObject({ status: 405, code: 'method_not_allowed' });
    }
  });

  test('an unknown method on an unknown path: 404 in the envelope', async () => {
    const res = await rawRequest(api.url, requestText('PROPFIND', '/api/v1/no/such/thing', [['Authorization', `Bearer ${api.keys.test}`]]));
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).error.code).toBe('not_found');
  });

  test('a literal path beats a template: GET /restaurants/batch is 405, not the restaurant "batch"', async () => {
    const res = await api.get('/api/v1/restaurants/batch', { key: api.keys.test });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const options = await rawRequest(api.url, requestText('OPTIONS', '/api/v1/restaurants/batch', [['Authorization', `Bearer ${api.keys.test}`]]));
    expect(options.headers.allow).toBe('POST');
    expect((await api.get(`/api/v1/restaurants/${FIXTURE_CAMIS}`, { key: api.keys.test })).status).toBe(200);
  });

  test('OPTIONS lists the methods of a path', async () => {
    const res = await rawRequest(api.url, requestText('OPTIONS', '/api/v1/restaurants', [['Authorization', `Bearer ${api.keys.test}`]]));
    expect(res.status).toBe(204);
    expect(res.headers.allow).toContain('GET');
  });
});

describe('cursors', () => {
  /** A cursor carrying `position`, signed with the service's secret and bound to the same query as `real`. */
  const forge = (real: string, position: unknown) => {
    const { b } = JSON.parse(Buffer.from(real.split('.')[0], 'base64url').toString('utf8'));
    const payload = Buffer.from(JSON.stringify({ p: position, b })).toString('base64url');
    const signature = createHmac('sha256', api.ns.config.cursorSecret).update(payload).digest().subarray(0, 16).toString('base64url');
    return `${payload}.${signature}`;
  };

  test('a signed cursor whose values are not of the list\'s shape: 400 invalid_cursor, never sent to a store', async () => {
    for (const list of ['/api/v1/restaurants?sort=-lastInspectedAt', '/api/v1/restaurants?sort=name', '/api/v1/violations?critical=true', '/api/v1/inspections?limit=2']) {
      const first = await api.get(`${list}&limit=1`.replace('limit=2&', ''), { key: api.keys.test });
      const real = first.body.meta.nextCursor as string;
      expect(real).toEqual(expect.any(String));
      for (const position of [[{ a: 1 }, 'x'], ['x'], [1, 2, 3], [true, 'x'], 'x', [[1], 'x'], [1.5, 'x']]) {
        const res = await api.get(`${list}&limit=1&cursor=${encodeURIComponent(forge(real, position))}`.replace('limit=2&', ''), { key: api.keys.test });
        expect([list, JSON.stringify(position), res.status, res.body.error?.code]).toEqual([list, JSON.stringify(position), 400, 'invalid_cursor']);
      }
    }
  });

});

describe('text in bodies', () => {
  const device = { 'X-Device-Id': 'device-text-1' };
  const post = (raw: Buffer | string) =>
    api.request('POST', `/api/v1/restaurants/${FIXTURE_CAMIS}/reports`, { key: api.keys.test, headers: { ...device, 'Content-Type': 'application/json' }, rawBody: raw });

  test('a lone surrogate in a report body: 400, nothing stored', async () => {
    for (const escaped of ['\\ud800', '\\udc00 tail', 'head \\ud83d', '\\ude00\\ud83d']) {
      const res = await post(`{"kind":"praise_taste","body":"Great noodles ${escaped} and quick service."}`);
      expect([escaped, res.status, res.body.error.code, res.body.error.param]).toEqual([escaped, 400, 'invalid_body', 'body']);
    }
    const pair = await post('{"kind":"praise_taste","body":"Great noodles \\ud83d\\ude00 and quick service."}');
    expect(pair.status).toBe(201);
    expect(pair.body.data.body).toBe('Great noodles 😀 and quick service.');
  });

  test('bytes that are not UTF-8 in a body: 400, never stored as U+FFFD', async () => {
    const prefix = Buffer.from('{"kind":"praise_clean","body":"Spotless kitchen ');
    const suffix = Buffer.from(' and friendly staff."}');
    for (const bad of [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98]]) {
      const res = await post(Buffer.concat([prefix, Buffer.from(bad), suffix]));
      expect([bad, res.status, res.body.error.code]).toEqual([bad, 400, 'invalid_body']);
    }
    const mine = await api.get('/api/v1/profile/reports', { key: api.keys.test, headers: device });
    expect(mine.body.data.map((r: { body: string }) => r.body).join('')).not.toContain('\ufffd');
  });

  test('a body nested thousands deep: 400 invalid_body on every operation that takes a body, with the public test key', async () => {
    const deep = (key: string) => `{"${key}":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    for (const [path, key] of [['/api/v1/properties/batch', 'bbls'], ['/api/v1/restaurants/batch', 'camis'], [`/api/v1/restaurants/${FIXTURE_CAMIS}/reports`, 'photos']]) {
      const res = await api.request('POST', path, { key: api.keys.test, headers: { ...device, 'Content-Type': 'application/json' }, rawBody: deep(key) });
      expect([path, res.status, res.body.error.code]).toEqual([path, 400, 'invalid_body']);
      expect(res.body.error.message).toMatch(/more than \d+ levels deep/);
    }
  });
});

describe('comma lists', () => {
  test('items are judged as sent, not trimmed: what the schema allows is accepted, what it refuses is refused', async () => {
    const blank = await api.get(`/api/v1/restaurants/nearby?lat=40.72&lng=-73.99&cuisine=${encodeURIComponent('\n')}`, { key: api.keys.test });
    expect([blank.status, blank.body.data]).toEqual([200, []]);
    const spaced = await api.get(`/api/v1/restaurants?borough=Brooklyn,${encodeURIComponent(' Queens')}`, { key: api.keys.test });
    expect([spaced.status, spaced.body.error?.param]).toEqual([400, 'borough']);
  });
});

describe('repeated headers', () => {
  test('two Authorization headers: 400 invalid_parameter, even when both are valid keys', async () => {
    const res = await rawRequest(api.url, requestText('GET', '/api/v1/me', [['Authorization', `Bearer ${api.keys.live}`], ['Authorization', `Bearer ${api.keys.test}`]]));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({ code: 'invalid_parameter', param: 'Authorization' });
  });

  test('two X-Device-Id headers: 400 invalid_parameter, on every endpoint that reads it', async () => {
    for (const [method, path] of [['GET', '/api/v1/profile'], ['GET', '/api/v1/profile/reports'], ['GET', '/api/v1/profile/username-check?username=someone']]) {
      const res = await rawRequest(api.url, requestText(method, path, [['Authorization', `Bearer ${api.keys.test}`], ['X-Device-Id', 'device-a'], ['X-Device-Id', 'device-b']]));
      expect([path, res.status, JSON.parse(res.body).error?.param]).toEqual([path, 400, 'X-Device-Id']);
    }
  });
});

describe("Node's own refusals", () => {
  test('oversized headers: 431 in the envelope', async () => {
    const res = await rawRequest(api.url, requestText('GET', '/api/v1/me', [['Authorization', `Bearer ${api.keys.test}`], ['X-Big', 'x'.repeat(70_000)]]));
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).error).toMatchObject({ status: 431, code: 'headers_too_large', requestId: expect.any(String) });
  });

  test('a request that is not HTTP: 400 in the envelope', async () => {
    const res = await rawRequest(api.url, 'GET /api/v1/me HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
