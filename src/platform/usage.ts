import type { Pool } from 'pg';

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function secondsToNextUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function nextUtcMidnightEpoch(now: Date): number {
  return Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000);
}

/**
 * Counts one request of a key with a daily limit, atomically, in Postgres: the row lock
 * of the upsert serializes concurrent requests of every API process, and the WHERE keeps
 * a refused request from being counted. A key limited per client counts each client
 * address apart. Returns the new count, or null when the limit is spent.
 */
export async function countLimitedRequest(pool: Pool, keyId: number, day: string, dailyLimit: number, client: string | null = null): Promise<number | null> {
  const { rows } = client
    ? await pool.query(
        `insert into api_usage_client_daily (key_id, client, day, count) values ($1, $4, $2, 1)
           on conflict (key_id, client, day) do update set count = api_usage_client_daily.count + 1
           where api_usage_client_daily.count < $3
         returning count`,
        [keyId, day, dailyLimit, client],
      )
    : await pool.query(
        `insert into api_usage_daily (key_id, day, count) values ($1, $2, 1)
           on conflict (key_id, day) do update set count = api_usage_daily.count + 1
           where api_usage_daily.count < $3
         returning count`,
        [keyId, day, dailyLimit],
      );
  return rows[0] ? (rows[0].count as number) : null;
}

/**
 * Requests of unlimited keys have no limit to enforce, so they are counted in memory and
 * written in one upsert per second (and at shutdown), keeping the hot path free of a write.
 * The totals are exact once flushed; /me adds what is still pending for its own key.
 */
export class UsageBuffer {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly pool: Pool, intervalMs = 1000) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  add(keyId: number, day: string): void {
    const slot = `${keyId}|${day}`;
    this.pending.set(slot, (this.pending.get(slot) ?? 0) + 1);
  }

  pendingFor(keyId: number, day: string): number {
    return this.pending.get(`${keyId}|${day}`) ?? 0;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const keyIds: number[] = [];
    const days: string[] = [];
    const counts: number[] = [];
    for (const [slot, count] of batch) {
      const [keyId, day] = slot.split('|');
      keyIds.push(Number(keyId));
      days.push(day);
      counts.push(count);
    }
    try {
      await this.pool.query(
        `insert into api_usage_daily (key_id, day, count)
           select * from unnest($1::bigint[], $2::date[], $3::int[])
         on conflict (key_id, day) do update set count = api_usage_daily.count + excluded.count`,
        [keyIds, days, counts],
      );
    } catch (error) {
      // Keep the counts for the next attempt rather than lose them.
      for (const [slot, count] of batch) this.pending.set(slot, (this.pending.get(slot) ?? 0) + count);
      throw error;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

export interface UsageSummary {
  today: number;
  last30Days: number;
}

/** A key's usage today and over 30 days; of one client address for a key limited per client. */
export async function usageSummary(pool: Pool, keyId: number, now: Date, client: string | null = null): Promise<UsageSummary> {
  const today = utcDay(now);
  const { rows } = await pool.query(
    `select coalesce(sum(count) filter (where day = $2::date), 0) as today,
            coalesce(sum(count), 0) as last30
       from ${client ? 'api_usage_client_daily' : 'api_usage_daily'}
      where key_id = $1 and day > $2::date - 30 and day <= $2::date ${client ? 'and client = $3' : ''}`,
    client ? [keyId, today, client] : [keyId, today],
  );
  return { today: Number(rows[0].today), last30Days: Number(rows[0].last30) };
}
