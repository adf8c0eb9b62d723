import { PROPERTIES } from '../../ingest/families';
import { rederive } from '../../ingest/load/rederive';
import { startTestApi, TestApi } from '../support/api';

/**
 * deadline_status_change on real stores: the daily rederive compares every lot's deadline
 * statuses on its clock, so an obligation that falls due with time alone is recorded.
 */
describe('deadline status changes in the change feed', () => {
  let api: TestApi;
  // 12 homes (HPD registration applies), registered until 2026-06-30.
  const LOT = '1000030001';

  beforeAll(async () => {
    api = await startTestApi();
    const pg = api.ns.stores.byMode.live.pg;
    await pg.query(`insert into property_lots (bbl, borough, block, lot, numfloors, unitsres, bldgclass, cd) values ($1, 'Manhattan', 3, 1, 4, 12, 'C1', '101')`, [LOT]);
    await pg.query(`insert into hpd_registrations_source_hashes (bbl, hash, rows_loaded, rows_merged) values ($1, 'h', 1, 0)`, [LOT]);
    await pg.query(
      `insert into property_filings (source_dataset, source_id, bbl, filed_on, end_on, facts, fields)
       values ('hpd-registrations', 'REG-1', $1, '2025-07-01', '2026-06-30', '{}', '{}')`,
      [LOT],
    );
  });
  afterAll(() => api?.stop());

  const propertyChanges = async () => (await api.get('/api/v1/changes?family=property')).body.data as any[];

  it('records nothing on the first sight of a lot, then one change when its registration lapses with the clock', async () => {
    const store = api.ns.stores.byMode.live;
    await rederive(store, PROPERTIES, new Date('2026-03-01T12:00:00Z'));
    expect(await propertyChanges()).toEqual([]);
    // Same statuses the next day: nothing.
    await rederive(store, PROPERTIES, new Date('2026-03-02T12:00:00Z'));
    expect(await propertyChanges()).toEqual([]);

    await rederive(store, PROPERTIES, new Date('2026-07-15T12:00:00Z'));
    const changes = await propertyChanges();
    expect(changes).toEqual([
      expect.objectContaining({
        family: 'property',
        entityId: LOT,
        kind: 'deadline_status_change',
        at: '2026-07-15T12:00:00.000Z',
        detail: { obligation: 'hpd_registration', from: 'ok', to: 'action_needed' },
        link: `/api/v1/properties/${LOT}`,
      }),
    ]);
    const deadlines = (await api.get(`/api/v1/properties/${LOT}/deadlines`)).body.data;
    expect(deadlines.find((item: any) => item.kind === 'hpd_registration').dueDate).toBe('2026-06-30');
  });
});
