import type { Pool } from 'pg';
import { nextUtcMidnightEpoch, secondsToNextUtcMidnight, UsageBuffer, utcDay } from './usage';

describe('UTC day arithmetic', () => {
  const lateEvening = new Date('2026-03-08T23:59:30.000Z');

  it('names the UTC day, not the local one', () => {
    expect(utcDay(lateEvening)).toBe('2026-03-08');
    expect(utcDay(new Date('2026-03-09T00:00:00.000Z'))).toBe('2026-03-09');
  });

  it('counts the seconds to the next UTC midnight, never zero', () => {
    expect(secondsToNextUtcMidnight(lateEvening)).toBe(30);
    expect(secondsToNextUtcMidnight(new Date('2026-03-09T00:00:00.000Z'))).toBe(86400);
    expect(secondsToNextUtcMidnight(new Date('2026-03-08T23:59:59.999Z'))).toBe(1);
  });

  it('gives the epoch of the next UTC midnight across month and year ends', () => {
    expect(nextUtcMidnightEpoch(new Date('2026-12-31T12:00:00Z'))).toBe(Date.UTC(2027, 0, 1) / 1000);
  });
});

describe('UsageBuffer', () => {
  /** A pool that records the flush's upsert and answers a summary read with stored totals. */
  function fakePool(stored = { today: 0, last30: 0 }) {
    const flushed: Array<[number, string, number]> = [];
    const pool = {
      async query(text: string, params: unknown[]) {
        if (text.includes('unnest')) {
          const [keyIds, days, counts] = params as [number[], string[], number[]];
          keyIds.forEach((keyId, i) => flushed.push([keyId, days[i], counts[i]]));
          return { rows: [] };
        }
        return { rows: [{ today: stored.today, last30: stored.last30 }] };
      },
    };
    return { pool: pool as unknown as Pool, flushed };
  }

  it('counts per key and UTC day, a key moving to the next day included, and flushes each count once', async () => {
    const { pool, flushed } = fakePool();
    const usage = new UsageBuffer(pool, 60_000);
    for (const [keyId, day] of [[1, '2026-03-08'], [1, '2026-03-08'], [2, '2026-03-08'], [1, '2026-03-09'], [1, '2026-03-08'], [1, '2026-03-09']] as Array<[number, string]>) usage.add(keyId, day);
    await usage.flush();
    expect(flushed.sort()).toEqual([
      [1, '2026-03-08', 3],
      [1, '2026-03-09', 2],
      [2, '2026-03-08', 1],
    ]);
    await usage.flush();
    expect(flushed).toHaveLength(3);
    await usage.close();
  });

  it("answers a key's summary from the stored totals plus what this process counted since", async () => {
    const { pool } = fakePool({ today: 10, last30: 100 });
    const usage = new UsageBuffer(pool, 60_000);
    const now = new Date();
    usage.add(7, utcDay(now));
    expect(await usage.summary(7, now)).toEqual({ today: 11, last30Days: 101 });
    usage.add(7, utcDay(now));
    usage.add(8, utcDay(now));
    expect(await usage.summary(7, now)).toEqual({ today: 12, last30Days: 102 });
    await usage.close();
  });

  /** A pool whose upsert commits a while after it is sent, and whose reads see only committed counts; it can be made to fail. */
  function slowPool() {
    const table = { today: 0, failing: false };
    const pool = {
      async query(text: string, params: unknown[]) {
        if (text.includes('unnest')) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (table.failing) throw new Error('connection lost');
          table.today += (params[2] as number[]).reduce((sum, count) => sum + count, 0);
          return { rows: [] };
        }
        return { rows: [{ today: table.today, last30: table.today }] };
      },
    };
    return { pool: pool as unknown as Pool, table };
  }

  it('never loses the counts of a flush still being written from a summary read meanwhile', async () => {
    const { pool } = slowPool();
    const usage = new UsageBuffer(pool, 60_000);
    const now = new Date();
    for (let i = 0; i < 41; i += 1) usage.add(3, utcDay(now));
    const flushing = usage.flush();
    expect(await usage.summary(3, now)).toEqual({ today: 41, last30Days: 41 });
    await flushing;
    await usage.close();
  });

  it('keeps the counts of a failed flush and writes them with the next one', async () => {
    const { pool, table } = slowPool();
    const usage = new UsageBuffer(pool, 60_000);
    usage.add(4, '2026-03-08');
    table.failing = true;
    await expect(usage.flush()).rejects.toThrow('connection lost');
    table.failing = false;
    usage.add(4, '2026-03-08');
    await usage.flush();
    expect(table.today).toBe(2);
    await usage.close();
  });
});
