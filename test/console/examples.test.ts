/**
 * The examples in the document (src/contract/examples.json, written by `npm run examples`)
 * stay true: every operation has one, the document carries it, and replaying the same
 * requests against the test-mode fixture today gives the same answers (values that are made
 * at write time or from the deployment's secrets compared as present, not by value).
 */
import { loadTestModeFixture } from '../../ingest/fixture';
import { ExampleResponse, Examples } from '../../src/contract/examples';
import examplesJson from '../../src/contract/examples.json';
import { buildApiDocument } from '../../src/openapi';
import { buildDocument } from '../../src/contract/document';
import { fragments } from '../../src/openapi';
import { EXAMPLE_STEPS } from '../../scripts/examples/requests';
import { answerBody, exampleKeys, masked, runExamples, Send, urlOf } from '../../scripts/examples/run';
import { startTestApi, TestApi } from '../support/api';

const examples = examplesJson as Examples;
const REGENERATE = 'the examples drifted from the API: run `npm run examples && npm run openapi` and review the diff';

function operationIds(): string[] {
  const doc = buildDocument(fragments);
  return Object.values(doc.paths).flatMap((item) => Object.values(item).map((operation) => operation!.operationId));
}

describe('the examples of the document', () => {
  test('every operation has exactly one example step, and the file holds one example per step', () => {
    const stepped = EXAMPLE_STEPS.map((step) => step.operationId);
    const missing = operationIds().filter((id) => !stepped.includes(id));
    if (missing.length) throw new Error(`operations without an example: ${missing.join(', ')}. Add a step for each to scripts/examples/requests.ts, then npm run examples && npm run openapi`);
    expect(stepped.sort()).toEqual(operationIds().sort());
    expect(Object.keys(examples).sort()).toEqual(operationIds().sort());
  });

  test("the document carries them: parameters', bodies' and answers' example", () => {
    const doc = buildApiDocument();
    const search = doc.paths['/api/v1/restaurants/search'].get!;
    const q = search.parameters!.find((parameter) => 'name' in parameter && parameter.name === 'q');
    expect(q).toMatchObject({ example: examples.searchRestaurants.request.query!.q });
    const limit = search.parameters!.find((parameter) => 'name' in parameter && parameter.name === 'limit');
    expect(limit).toMatchObject({ example: Number(examples.searchRestaurants.request.query!.limit) });
    expect(search.responses['200'].content['application/json'].example).toEqual(examples.searchRestaurants.response.body);
    const profile = doc.paths['/api/v1/restaurants/{camis}'].get!;
    expect(profile.parameters![0]).toMatchObject({ name: 'camis', example: '41000002' });
    const batch = doc.paths['/api/v1/restaurants/batch'].post!;
    expect(batch.requestBody!.content['application/json'].example).toEqual({ camis: ['41000001', '41000007'] });
    // The document's own example is left out (it would hold the document).
    expect(doc.paths['/api/v1/openapi.json'].get!.responses['200'].content['application/json'].example).toBeUndefined();
  });

  describe('replayed against the test-mode fixture', () => {
    let api: TestApi;
    let replayed: Examples;
    beforeAll(async () => {
      api = await startTestApi();
      await loadTestModeFixture(api.ns.stores.byMode.test);
      // Keys made as the generator makes them.
      const keys = await exampleKeys(api.ns.stores.platform);
      // Through the test client, so every answer is also checked against the document.
      const send: Send = async (request, key) => {
        const res = await api.request(request.method, urlOf(request), { key: keys[key], headers: request.headers, body: request.body });
        const contentType = res.headers.get('content-type')?.split(';')[0] ?? null;
        return { status: res.status, contentType, body: answerBody(contentType, res.text) } satisfies ExampleResponse;
      };
      replayed = await runExamples(send);
    }, 180_000); // the fixture load takes most of it, and the machine may be busy
    afterAll(() => api.stop());

    test.each(EXAMPLE_STEPS.map((step) => [step.operationId, step] as const))('%s answers as its example says', (operationId, step) => {
      const recorded = examples[operationId];
      const fresh = replayed[operationId];
      if (typeof step.request !== 'function') expect(fresh.request).toEqual(recorded.request);
      expect([fresh.response.status, fresh.response.contentType]).toEqual([recorded.response.status, recorded.response.contentType]);
      try {
        expect(masked(fresh.response.body, step.varies)).toEqual(masked(recorded.response.body, step.varies));
      } catch (error) {
        throw new Error(`${operationId}: ${REGENERATE}\n${(error as Error).message}`);
      }
    });
  });
});
