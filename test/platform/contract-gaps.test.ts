import { startTestApi, TestApi } from '../support/api';

/** Findings of contract fuzzing (npm run fuzz) that the validation from the document now answers. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.stop();
  await api.ns.cleanup();
});

describe('validation from the document', () => {
  it('refuses a fourth photo from the schema (maxItems 3) with the contract code invalid_photo', async () => {
    const body = { kind: 'praise_taste', body: 'The dumplings were excellent and fresh today.', photos: ['aGVsbG8=', 'aGVsbG8=', 'aGVsbG8=', 'aGVsbG8='] };
    const res = await api.post('/api/v1/restaurants/41000002/reports', body, { headers: { 'X-Device-Id': 'fuzz-finding' } });
    expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, 'invalid_photo', 'photos']);
  });

  it('tells a username breaking several keywords of its rule once, naming the field', async () => {
    const res = await api.request('PATCH', '/api/v1/profile', { headers: { 'X-Device-Id': 'fuzz-finding' }, body: { username: ' *' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_body', param: 'username' });
    expect(res.body.error.details).toHaveLength(1);
    expect(res.body.error.message).toMatch(/^username must be 3-20 characters/);
  });
});
