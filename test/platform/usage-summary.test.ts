import type { Pool } from 'pg';
import { createKeyPair, findKeyByHash, hashKey } from '../../src/platform/keys';
import { UsageBuffer, utcDay } from '../../src/platform/usage';
import { createTestNamespace, TestNamespace } from '../support/namespace';

/** UsageBuffer.summary (what /me shows of an unlimited key) on the real Postgres: exact for this process, one read per interval. */

let ns: TestNamespace;
let reads = 0;
let pool: Pool;
beforeAll(async () => {
  ns = await createTestNamespace();
  const platform = ns.stores.platform;
  // Counts the summary reads; the flushes' upserts go through too.
  pool = new Proxy(platform, {
    get: (target, name) =>
      name === 'query'
        ? (text: string, values?: unknown[]) => {
            if (/^\s*select/i.test(text)) reads++;
            return target.query(text, values);
          }
        : Reflect.get(target, name),
  });
});
afterAll(() => ns?.cleanup());

const INTERVAL_MS = 300;

async function unlimitedKeyId(): Promise<number> {
  const pair = await createKeyPair(ns.stores.platform, { name: 'summary', tier: 'unlimited', dailyLimit: null });
  return (await findKeyByHash(ns.stores.platform, hashKey(pair.live)))!.id;
}

test("shows this process's own requests at once, reading Postgres at most once per interval", async () => {
  const buffer = new UsageBuffer(pool, 60_000);
  const keyId = await unlimitedKeyId();
  const day = utcDay(new Date());
  try {
    for (let i = 0; i < 3; i++) buffer.add(keyId, day);
    reads = 0;
    expect(await buffer.summary(keyId, new Date())).toEqual({ today: 3, last30Days: 3 });
    buffer.add(keyId, day);
    buffer.add(keyId, day);
    expect(await buffer.summary(keyId, new Date())).toEqual({ today: 5, last30Days: 5 });
    await buffer.flush();
    expect(await buffer.summary(keyId, new Date())).toEqual({ today: 5, last30Days: 5 });
    expect(reads).toBe(1);
    const { rows } = await ns.stores.platform.query('select count from api_usage_daily where key_id = $1', [keyId]);
    expect(rows[0].count).toBe(5);
  } finally {
    await buffer.close();
  }
});

test("shows another process's flushed requests after the interval; concurrent callers share one read", async () => {
  const buffer = new UsageBuffer(pool, INTERVAL_MS);
  const keyId = await unlimitedKeyId();
  const day = utcDay(new Date());
  try {
    buffer.add(keyId, day);
    expect(await buffer.summary(keyId, new Date())).toEqual({ today: 1, last30Days: 1 });
    // Another API process flushes 10 requests of the same key.
    await ns.stores.platform.query('insert into api_usage_daily (key_id, day, count) values ($1, $2, 10) on conflict (key_id, day) do update set count = api_usage_daily.count + 10', [keyId, day]);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS + 50));
    reads = 0;
    const summaries = await Promise.all(Array.from({ length: 5 }, () => buffer.summary(keyId, new Date())));
    expect(summaries.every((summary) => summary.today === 11 && summary.last30Days === 11)).toBe(true);
    expect(reads).toBe(1);
  } finally {
    await buffer.close();
  }
});
