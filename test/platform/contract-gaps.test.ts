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

  it('says in the document how many ids a batch takes, and answers past it with batch_too_large, not a generic invalid_body', async () => {
    const doc = (await api.get('/api/v1/openapi.json')).body;
    for (const [path, field, max] of [['/api/v1/restaurants/batch', 'camis', 50], ['/api/v1/properties/batch', 'bbls', 25], ['/api/v1/contractors/batch', 'slugs', 25]] as const) {
      const schema = doc.paths[path].post.requestBody.content['application/json'].schema;
      const body = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
      expect([path, body.properties[field].maxItems]).toEqual([path, max]);
      const res = await api.post(path, { [field]: Array.from({ length: max + 1 }, (_, i) => String(1000000000 + i)) });
      expect([path, res.status, res.body.error.code, res.body.error.param]).toEqual([path, 400, 'batch_too_large', field]);
      expect(res.body.error.message).toContain(`at most ${max} ids`);
      // The field's other rules keep their own code.
      expect((await api.post(path, { [field]: [] })).body.error.code).toBe('invalid_body');
    }
  });

  it('refuses a cursor that is not of the shape the API issues as invalid_cursor, from the schema, however long (a 2,100-emoji one is 25 KB of URL)', async () => {
    for (const cursor of ['\u{1F600}'.repeat(2100), 'abc', 'a.b.c', 'a b.c']) {
      const res = await api.get(`/api/v1/restaurants?cursor=${encodeURIComponent(cursor)}`);
      expect([cursor.slice(0, 8), res.status, res.body.error.code, res.body.error.param]).toEqual([cursor.slice(0, 8), 400, 'invalid_cursor', 'cursor']);
    }
  });

  it('says in the document that a pest report names its pest and no other kind does, and answers from it', async () => {
    const doc = (await api.get('/api/v1/openapi.json')).body;
    expect(doc.components.schemas.NewCommunityReport.then.required).toEqual(['pestSubtype']);
    const post = (body: object) => api.post('/api/v1/restaurants/41000002/reports', body, { headers: { 'X-Device-Id': 'fuzz-finding-pest' } });
    const missing = await post({ kind: 'pest', body: 'Saw a mouse run along the counter today.' });
    expect([missing.status, missing.body.error.code, missing.body.error.param]).toEqual([400, 'invalid_body', 'pestSubtype']);
    const extra = await post({ kind: 'praise_taste', pestSubtype: 'rats', body: 'Great noodles and quick friendly service.' });
    expect([extra.status, extra.body.error.code, extra.body.error.param]).toEqual([400, 'invalid_body', 'pestSubtype']);
  });
});

