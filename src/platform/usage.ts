import type { Pool } from 'pg';

const DAY_MS = 86_400_000;
/** The last day named, kept: every request names its day, and toISOString is a measurable part of a cheap request. */
let named = { dayNumber: Number.NaN, day: '' };

export function utcDay(now: Date): string {
  const dayNumber = Math.floor(now.getTime() / DAY_MS);
  if (dayNumber !== named.dayNumber) named = { dayNumber, day: now.toISOString().slice(0, 10) };
  return named.day;
}

export function secondsToNextUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export function nextUtcMidnightEpoch(now: Date): number {
  // UTC days are exactly 86,400 s long in JavaScript time (no leap seconds).
  return (Math.floor(now.getTime() / DAY_MS) + 1) * 86_400;
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
 * The totals are exact once flushed; summary() adds what is still pending.
 */
export class UsageBuffer {
  private pending = new Map<string, number>();
  /** Everything this process has counted per key and day (never reset within the day): what moved since a summary was read. */
  private counted = new Map<string, number>();
  /** The last summary read per key and day, with this process's count at that moment. */
  private summaries = new Map<string, { summary: UsageSummary; counted: number; readAt: number }>();
  private reading = new Map<string, Promise<unknown>>();
  private timer: NodeJS.Timeout;
  private turn: Promise<void> = Promise.resolve();

  constructor(private readonly pool: Pool, private readonly intervalMs = 1000) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /** The last slot named per key: its day's text is the same string all day (utcDay), so a request builds no key string. */
  private slots = new Map<number, { day: string; slot: string }>();

  private slotOf(keyId: number, day: string): string {
    const last = this.slots.get(keyId);
    if (last !== undefined && last.day === day) return last.slot;
    if (this.slots.size > 10_000) this.slots.clear();
    const slot = `${keyId}|${day}`;
    this.slots.set(keyId, { day, slot });
    return slot;
  }

  add(keyId: number, day: string): void {
    const slot = this.slotOf(keyId, day);
    this.pending.set(slot, (this.pending.get(slot) ?? 0) + 1);
    this.counted.set(slot, (this.counted.get(slot) ?? 0) + 1);
  }

  /**
   * The usage of a key counted by this buffer (an unlimited key) as /me shows it: Postgres's
   * totals plus what this process still holds. Postgres is read at most once per flush
   * interval per key (a client polling /me costs no query per call), and what this process
   * counted since that read is added, so its own requests always show at once; another
   * process's show within about one interval, as its own buffer flushes no faster.
   */
  async summary(keyId: number, now: Date): Promise<UsageSummary> {
    const slot = this.slotOf(keyId, utcDay(now));
    let read = this.summaries.get(slot);
    if (!read || performance.now() - read.readAt >= this.intervalMs) {
      // One read per key at a time: concurrent callers share it.
      let reading = this.reading.get(slot) as Promise<typeof read> | undefined;
      if (!reading) {
        const readAt = performance.now();
        // Read in turn with the flushes: a flush's counts leave pending before its write commits,
        // so a read overlapping it could see them in neither place.
        reading = this.inTurn(() => usageSummary(this.pool, keyId, now)).then((stored) => {
          const pending = this.pending.get(slot) ?? 0;
          const fresh = { summary: { today: stored.today + pending, last30Days: stored.last30Days + pending }, counted: this.counted.get(slot) ?? 0, readAt };
          this.summaries.set(slot, fresh);
          return fresh;
        });
        this.reading.set(slot, reading);
        void reading.catch(() => undefined).finally(() => this.reading.delete(slot));
      }
      read = await reading;
    }
    const since = (this.counted.get(slot) ?? 0) - read!.counted;
    return { today: read!.summary.today + since, last30Days: read!.summary.last30Days + since };
  }

  flush(): Promise<void> {
    return this.inTurn(() => this.write());
  }

  /** Flushes and summary reads run one at a time, in call order; a failed one does not stop the next. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async write(): Promise<void> {
    this.forgetOldDays();
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

  /** Counts and summaries of days before yesterday (UTC) are never asked for again. */
  private forgetOldDays(): void {
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    for (const map of [this.counted, this.summaries]) {
      for (const slot of map.keys()) if (slot.slice(slot.indexOf('|') + 1) < yesterday) map.delete(slot);
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
