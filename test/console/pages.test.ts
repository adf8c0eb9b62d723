/**
 * The public pages beside the API (src/console/pages.ts), over real HTTP: served without a
 * key, only from their fixed table of files, under a policy that keeps the browser on this
 * origin; the key check still decides every /api/v1 path.
 */
import { buildConsole } from '../../scripts/console/build';
import { contentSecurityPolicy } from '../../src/console/pages';
import { openApiDocument } from '../../src/openapi';
import { startTestApi, TestApi } from '../support/api';
import { rawRequest, requestText } from '../support/raw-http';

/** A page or asset: outside the API's document, so read without the contract check the API's answers get. */
async function getPage(api: TestApi, path: string) {
  const res = await fetch(`${api.url}${path}`, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('/console and /docs', () => {
  let api: TestApi;
  beforeAll(async () => {
    [api] = await Promise.all([startTestApi(), buildConsole()]);
  });
  afterAll(() => api.stop());

  test.each(['/console', '/docs'])('%s is an HTML page served without a key, under a same-origin policy', async (path) => {
    const res = await getPage(api, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' data:;");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('the assets the pages name are served with their types', async () => {
    for (const [path, type] of [
      ['/console/app.js', 'text/javascript'],
      ['/console/app.css', 'text/css'],
      ['/console/boroughs.geojson', 'application/geo+json'],
      ['/docs/docs.js', 'text/javascript'],
      ['/docs/swagger-ui-bundle.js', 'text/javascript'],
      ['/docs/swagger-ui.css', 'text/css'],
    ]) {
      const res = await getPage(api, path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, `${type}${type.startsWith('text/') ? '; charset=utf-8' : ''}`]);
    }
  });

  test('the boroughs layer is the five simplified outlines', async () => {
    const res = await getPage(api, '/console/boroughs.geojson');
    const outlines = JSON.parse(res.text);
    expect(outlines.features.map((feature: any) => feature.properties.BoroName)).toEqual(['Manhattan', 'Bronx', 'Brooklyn', 'Queens', 'Staten Island']);
    expect(res.text.length).toBeLessThan(120_000);
  });

  test('a path outside the table is 404 in the envelope, however it is spelled', async () => {
    for (const path of ['/console/../package.json', '/console/%2e%2e/package.json', '/console/..%2fpackage.json', '/docs/..%2f..%2fpackage.json', '/console/index.html', '/docs/package.json', '/console/app.js%00', '/CONSOLE', '/docs/swagger-ui-bundle.js.map']) {
      const res = await rawRequest(api.url, requestText('GET', path, []));
      expect([path, res.status]).toEqual([path, 404]);
      expect(JSON.parse(res.body).error.code).toBe('not_found');
    }
  });

  test('a trailing slash is the same page', async () => {
    const res = await getPage(api, '/console/');
    expect([res.status, res.headers.get('location')]).toEqual([302, '/console']);
  });

  test('a page answers GET (and HEAD) only: other methods are 405 with Allow', async () => {
    const res = await fetch(`${api.url}/console`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
  });

  test('/console/config.json hands out the public test key, which answers in test mode', async () => {
    const res = await getPage(api, '/console/config.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const config = JSON.parse(res.text);
    expect(config).toEqual({ publicTestKey: expect.stringMatching(/^ik_test_/), tileUrl: null });
    const me = await api.get('/api/v1/me', { key: config.publicTestKey });
    expect(me.status).toBe(200);
    expect(me.body.data.mode).toBe('test');
  });

  test('/docs/openapi.json is the document the API serves, without a key; /api/v1 still needs one', async () => {
    const res = await getPage(api, '/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect((await api.get('/api/v1/openapi.json', { key: null })).status).toBe(401);
  });

  test('a configured tile server is the one other origin the policy admits, for images only', () => {
    expect(contentSecurityPolicy('https://tiles.example.org/{z}/{x}/{y}.png')).toContain("img-src 'self' data: https://tiles.example.org;");
    expect(contentSecurityPolicy('https://tiles.example.org/{z}/{x}/{y}.png')).toContain("connect-src 'self';");
  });
});
