import { Client, Pool } from 'pg';
import { addRemediationDocument } from '../../src/community/admin';
import { companiesBySlug } from '../../src/contractors/store';
import { listening } from '../../src/db/data-changes';
import { keptRows, keptStatementTexts } from '../../src/db/kept-reads';
import { prepared, withoutOptions } from '../../src/db/pool';
import { inTransaction } from '../../src/db/transaction';
import { openApiDocument } from '../../src/openapi';
import { lotFacts } from '../../src/properties/deadlines/store';
import { loadProfiles } from '../../src/restaurants/store';
import { seedRestaurant } from '../community/support';
import { startTestApi, TestApi } from '../support/api';

/**
 * Kept reads against real Postgres: a kept read is served again until a write to its tables
 * commits, a write of this process is seen by its very next read, and another session's once
 * Postgres has notified it.
 */

let api: TestApi;
let other: Client;
const CAMIS = '48000001';
const live = () => api.ns.stores.byMode.live;

beforeAll(async () => {
  api = await startTestApi();
  await seedRestaurant(live().pg, CAMIS, [{ date: '2024-03-01', citations: [{ code: '04L', category: 'vermin' }] }]);
  // Another session, as another process would hold: its writes reach this process only by notification.
  other = new Client({ connectionString: withoutOptions(api.ns.config.databaseUrl).connectionString });
  await other.connect();
  // The listener connects in the background when the stores open.
  for (let tries = 0; tries < 250 && !listening(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(listening()).toBe(true);
});
afterAll(async () => {
  await other.end();
  await api.stop();
});

/** A store whose pool counts the statements that reach Postgres. */
function counting(): { store: { schema: string; pg: Pool }; calls: () => number } {
  let calls = 0;
  const pool = live().pg;
  const pg = { query: (...args: unknown[]) => ((calls += 1), (pool.query as (...a: unknown[]) => unknown)(...args)) } as unknown as Pool;
  return { store: { schema: live().schema, pg }, calls: () => calls };
}

const NAME = prepared('select name from restaurant_establishments where camis = $1', [CAMIS]);
const nameVia = async (store: { schema: string; pg: Pool }) => (await keptRows<{ name: string }>(store, NAME))[0].name;

describe('kept reads', () => {
  it('are served from memory until a write to their table commits', async () => {
    const { store, calls } = counting();
    await nameVia(store);
    const first = calls();
    expect(await nameVia(store)).toBe(`Test Place ${CAMIS}`);
    expect(await nameVia(store)).toBe(`Test Place ${CAMIS}`);
    expect(calls()).toBe(first);
    // A write that changes nothing the statement returns still counts: any write to the table.
    await live().pg.query("update restaurant_establishments set address = '2 Main St' where camis = $1", [CAMIS]);
    await nameVia(store);
    expect(calls()).toBe(first + 1);
  });

  it("show this process's own writes to the very next read, in or out of a transaction", async () => {
    const { store } = counting();
    for (let round = 0; round < 20; round += 1) {
      await nameVia(store);
      const name = `Renamed ${round}`;
      if (round % 2) await live().pg.query('update restaurant_establishments set name = $2 where camis = $1', [CAMIS, name]);
      else await inTransaction(live().pg, (client) => client.query('update restaurant_establishments set name = $2 where camis = $1', [CAMIS, name]));
      expect(await nameVia(store)).toBe(name);
    }
  });

  it("never show rows of a transaction still open, and show another session's commit once it is notified", async () => {
    const { store } = counting();
    const before = await nameVia(store);
    await other.query('begin');
    await other.query(`update ${live().schema}.restaurant_establishments set name = 'From elsewhere' where camis = $1`, [CAMIS]);
    expect(await nameVia(store)).toBe(before);
    await other.query('commit');
    let seen = before;
    for (let tries = 0; tries < 100 && seen === before; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await nameVia(store);
    }
    expect(seen).toBe('From elsewhere');
  });

  it('hand out frozen rows, so no reader changes what the next one gets', async () => {
    const { store } = counting();
    const rows = await keptRows<{ name: string }>(store, NAME);
    expect(() => {
      rows[0].name = 'changed';
    }).toThrow(TypeError);
  });

  it('read only tables whose writes notify', async () => {
    // Every kept statement of a restaurant profile: the lot's summonses and the documented violations run only when there are some.
    await live().pg.query("update restaurant_establishments set bbl = '1008350041' where camis = $1", [CAMIS]);
    await addRemediationDocument(live().pg, { camis: CAMIS, violation: '04L', kind: 'invoice', date: '2024-03-05', now: new Date('2024-03-10T00:00:00Z') });
    await loadProfiles(live(), [CAMIS], openApiDocument());
    await loadProfiles(live(), [CAMIS, '48999999'], openApiDocument());
    // A contractor's ticket page and profile start with the company lookup.
    await companiesBySlug(live(), ['no-such-company']);
    // A lot's deadlines start with what the store holds of each evidence data set.
    await lotFacts(live(), '1000010001');
    expect(keptStatementTexts.size).toBeGreaterThanOrEqual(9);

    const { rows } = await live().pg.query(
      "select c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and t.tgname like '%_changed'",
      [live().schema],
    );
    const notifying = new Set(rows.map((row) => row.relname as string));
    for (const text of keptStatementTexts) {
      const named = new Set([...text.matchAll(/\b([a-z_][a-z0-9_]*)\s+as\s*\(/gi)].map((match) => match[1].toLowerCase()));
      const tables = [...text.matchAll(/\b(?:from|join)\s+([a-z_][a-z0-9_]*)\b(?!\s*\()/gi)].map((match) => match[1].toLowerCase()).filter((name) => !named.has(name));
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) expect({ table, notifies: notifying.has(table) }).toEqual({ table, notifies: true });
    }
  });
});
