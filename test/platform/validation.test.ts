import { startTestApi, TestApi } from '../support/api';
import { probeDocument, probeRoutes } from '../support/probe-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ doc: probeDocument(), extraRoutes: probeRoutes });
});
afterAll(() => api.stop());

async function expectRejected(path: string, code: string, param: string) {
  const res = await api.get(path);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code, param });
  expect(res.body.error.message).toContain(param);
  return res.body.error.message as string;
}

describe('input validated from the OpenAPI document', () => {
  it('reads typed values and applies defaults', async () => {
    const res = await api.get('/api/v1/probe/list?grade=A,B&closed=true&since=2024-02-29&lat=40.7&lng=-73.9&minScore=3');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ limit: 20, grade: ['A', 'B'], closed: true, since: '2024-02-29', lat: 40.7, lng: -73.9, minScore: 3 });
  });

  it('says what is allowed when a value is out of range', async () => {
    const message = await expectRejected('/api/v1/probe/list?limit=101', 'invalid_parameter', 'limit');
    expect(message).toBe('limit must be an integer from 1 to 100');
    await expectRejected('/api/v1/probe/list?limit=0', 'invalid_parameter', 'limit');
    await expectRejected('/api/v1/probe/list?limit=ten', 'invalid_parameter', 'limit');
    await expectRejected('/api/v1/probe/list?limit=2.5', 'invalid_parameter', 'limit');
  });

  it('rejects enum values outside the list, in comma lists too', async () => {
    const message = await expectRejected('/api/v1/probe/list?grade=A,Q', 'invalid_parameter', 'grade');
    expect(message).toContain('A, B, C');
    await expectRejected('/api/v1/probe/list?grade=', 'invalid_parameter', 'grade');
  });

  it('accepts only true or false for booleans', async () => {
    await expectRejected('/api/v1/probe/list?closed=yes', 'invalid_parameter', 'closed');
    await expectRejected('/api/v1/probe/list?closed=1', 'invalid_parameter', 'closed');
  });

  it('accepts only real dates', async () => {
    await expectRejected('/api/v1/probe/list?since=2023-02-29', 'invalid_parameter', 'since');
    await expectRejected('/api/v1/probe/list?since=2023-13-01', 'invalid_parameter', 'since');
    await expectRejected('/api/v1/probe/list?since=01/02/2023', 'invalid_parameter', 'since');
  });

  it('rejects a range whose start is after its end', async () => {
    await expectRejected('/api/v1/probe/list?since=2024-05-02&until=2024-05-01', 'invalid_parameter', 'since');
    await expectRejected('/api/v1/probe/list?minScore=20&maxScore=10', 'invalid_parameter', 'minScore');
    expect((await api.get('/api/v1/probe/list?since=2024-05-01&until=2024-05-01')).status).toBe(200);
  });

  it('enforces coordinate bounds and parameters that need each other', async () => {
    await expectRejected('/api/v1/probe/list?lat=34.05&lng=-118.2', 'invalid_parameter', 'lat');
    await expectRejected('/api/v1/probe/list?lat=40.7', 'invalid_parameter', 'lat');
    await expectRejected('/api/v1/probe/list?lng=-73.9', 'invalid_parameter', 'lng');
    await expectRejected('/api/v1/probe/list?radius=100', 'invalid_parameter', 'radius');
  });

  it('rejects a parameter given twice', async () => {
    const message = await expectRejected('/api/v1/probe/list?limit=5&limit=6', 'invalid_parameter', 'limit');
    expect(message).toContain('more than once');
  });

  it('rejects unknown parameters on strict surfaces and names the allowed ones', async () => {
    const message = await expectRejected('/api/v1/probe/list?limt=5', 'unknown_parameter', 'limt');
    expect(message).toContain('limit');
  });

  it('ignores unknown parameters on lenient surfaces', async () => {
    const res = await api.get('/api/v1/probe/search?q=pizza&utm_source=x');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ q: 'pizza' });
  });

  it('answers a missing required parameter with missing_parameter', async () => {
    await expectRejected('/api/v1/probe/search', 'missing_parameter', 'q');
    await expectRejected('/api/v1/probe/search?q=a', 'invalid_parameter', 'q');
  });
});
