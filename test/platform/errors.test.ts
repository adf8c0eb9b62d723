import { startTestApi, TestApi } from '../support/api';
import { probeDocument, probeRoutes } from '../support/probe-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ doc: probeDocument(), extraRoutes: probeRoutes, config: { bodyLimitBytes: 64 * 1024 } });
});
afterAll(() => api.stop());

const envelope = (status: number, code: string) => ({ error: expect.objectContaining({ status, code, message: expect.any(String), requestId: expect.any(String) }) });

describe('the error envelope', () => {
  it('answers an unknown route with 404 not_found', async () => {
    const res = await api.get('/api/v1/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope(404, 'not_found'));
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const res = await api.request('DELETE', '/api/v1/me');
    expect(res.status).toBe(405);
    expect(res.body).toEqual(envelope(405, 'method_not_allowed'));
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('answers malformed JSON with 400 invalid_body', async () => {
    const res = await api.request('POST', '/api/v1/probe/echo', { rawBody: '{"ids": [', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(envelope(400, 'invalid_body'));
  });

  it('answers a body of the wrong shape with 400 invalid_body naming the field', async () => {
    const res = await api.post('/api/v1/probe/echo', { ids: 'x', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_body');
    expect(res.body.error.details.map((d: { param: string }) => d.param).sort()).toEqual(['extra', 'ids']);
  });

  it('answers a missing body with 400 invalid_body', async () => {
    const res = await api.request('POST', '/api/v1/probe/echo', { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_body');
  });

  it('answers an oversized body with 413 payload_too_large', async () => {
    const res = await api.post('/api/v1/probe/echo', { ids: ['x'.repeat(100 * 1024)] });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(envelope(413, 'payload_too_large'));
  });

  it('answers a body that is not JSON with 415 unsupported_media_type', async () => {
    const res = await api.request('POST', '/api/v1/probe/echo', { rawBody: 'ids=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual(envelope(415, 'unsupported_media_type'));
  });

  it('answers a thrown error with 500 internal_error and no internals', async () => {
    const res = await api.get('/api/v1/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual(envelope(500, 'internal_error'));
    expect(res.text).not.toMatch(/secret_table|internal\.ts|at /);
    expect(api.logs.join('')).toContain(res.body.error.requestId);
  });

  it("answers a store's own 400 with 500 internal_error, never as the client's input error", async () => {
    await api.ns.stores.es.indices.create({ index: api.ns.stores.byMode.live.indexAlias('restaurants') });
    const res = await api.get('/api/v1/probe/store-refuses');
    expect(res.status).toBe(500);
    expect(res.body).toEqual(envelope(500, 'internal_error'));
  });

  it('accepts a sane X-Request-Id and echoes it, in the header and the envelope', async () => {
    const res = await api.get('/api/v1/no/such/thing', { headers: { 'X-Request-Id': 'client-req-42' } });
    expect(res.headers.get('x-request-id')).toBe('client-req-42');
    expect(res.body.error.requestId).toBe('client-req-42');
  });

  it('replaces an unusable X-Request-Id with its own', async () => {
    const res = await api.get('/api/v1/me', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
