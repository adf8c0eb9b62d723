import fc from 'fast-check';
import http from 'node:http';
import Koa from 'koa';
import { ApiError } from '../errors';
import { jsonBody, MAX_BODY_DEPTH, nestsDeeperThan } from './json-body';

/** The body middleware alone, answering what it parsed, or its refusal's code and message. */
async function post(text: string): Promise<{ status: number; body: any }> {
  const koa = new Koa();
  koa.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const e = error as ApiError;
      ctx.status = e.status;
      ctx.body = { code: e.code, message: e.message };
    }
  });
  koa.use(jsonBody({ limitBytes: 1 << 16 }));
  koa.use((ctx) => {
    ctx.body = { parsed: (ctx.request as unknown as { body: unknown }).body };
  });
  const server = http.createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
    return { status: res.status, body: await res.json() };
  } finally {
    server.close();
  }
}

describe('jsonBody', () => {
  it('parses an object', async () => {
    expect(await post('{"a": [1, {"b": null}]}')).toEqual({ status: 200, body: { parsed: { a: [1, { b: null }] } } });
  });

  it('says a body that is not JSON is not JSON', async () => {
    expect(await post('{"a": ')).toEqual({ status: 400, body: { code: 'invalid_body', message: 'request body is not valid JSON' } });
  });

  it('refuses __proto__ and constructor keys at any depth, saying so (the JSON itself is valid)', async () => {
    for (const text of ['{"photos": [{"x": {"__proto__": 1}}]}', '{"a": {"constructor": {"prototype": {}}}}']) {
      const res = await post(text);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_body', message: 'request body has a "__proto__" or "constructor" key (at any depth), which is refused' });
    }
  });

  it('refuses a body nested deeper than the limit before parsing it, in the envelope (a deep body overflowed the checks after parsing)', async () => {
    const deep = `{"bbls":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(await post(deep)).toEqual({ status: 400, body: { code: 'invalid_body', message: `request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep` } });
    // Mixed objects and arrays count alike; the limit itself is accepted.
    const atLimit = '[{"a":'.repeat(MAX_BODY_DEPTH / 2) + '1' + '}]'.repeat(MAX_BODY_DEPTH / 2);
    expect((await post(atLimit)).status).toBe(200);
    expect((await post(`[${atLimit}]`)).status).toBe(400);
  });
});

describe('nestsDeeperThan', () => {
  it('counts brackets outside strings only, with escaped quotes inside them', () => {
    expect(nestsDeeperThan('{"a": "[[[[[[", "b": "\\"}', 2)).toBe(false);
    expect(nestsDeeperThan('{"a": "\\"}', 0)).toBe(true);
    expect(nestsDeeperThan('{"a": "x\\\"[[[[", "b": [[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a": "x\\\"[[[[", "b": [[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[],[],[[[]]]]', 3)).toBe(true);
  });

  it('agrees with the depth of what JSON.parse builds, on random bodies', () => {
    const depthOf = (value: unknown): number =>
      value && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(nestsDeeperThan(text, max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 500 },
    );
  });
});
