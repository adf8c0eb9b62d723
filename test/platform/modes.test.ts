import { startTestApi, TestApi } from '../support/api';
import { probeDocument, probeRoutes } from '../support/probe-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ doc: probeDocument(), extraRoutes: probeRoutes });
});
afterAll(() => api.stop());

describe('live and test mode', () => {
  it('reads the live store with a live key and the fixture store with its test twin', async () => {
    const ns = api.ns.config.namespace;
    const live = await api.get('/api/v1/probe/store', { key: api.keys.live });
    const test = await api.get('/api/v1/probe/store', { key: api.keys.test });
    expect(live.body.data).toEqual({ mode: 'live', schema: `${ns}_live`, restaurantsIndex: `${ns}_live_restaurants` });
    expect(test.body.data).toEqual({ mode: 'test', schema: `${ns}_test`, restaurantsIndex: `${ns}_test_restaurants` });
  });

  it('keeps the two stores apart: a row written in one is not seen in the other', async () => {
    const { live, test } = api.ns.stores.byMode;
    await live.pg.query('create table if not exists mode_probe (v text)');
    await test.pg.query('create table if not exists mode_probe (v text)');
    await live.pg.query("insert into mode_probe values ('live-only')");
    expect((await test.pg.query('select * from mode_probe')).rows).toEqual([]);
    expect((await live.pg.query('select * from mode_probe')).rows).toEqual([{ v: 'live-only' }]);
  });
});
