import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Random } from '../ingest/generate/random';
import type { HttpRequestSpec } from './types';

/**
 * Open-loop load: request k is sent at its scheduled moment whatever happened to the earlier
 * ones, and its latency is measured from that moment to the end of its answer. The schedule
 * is Poisson by default (independent users: exponential gaps of mean 1 / rate, seeded, so a
 * run is repeatable), or evenly spaced (`arrivals: 'even'`). Poisson arrivals bunch now and
 * then as real ones do, so the queueing they cause is in the figures; an even schedule never
 * bunches and flatters the tail, and a per-second burst (autocannon's overallRate) ruins it.
 * A slow answer therefore delays nothing that follows it (no coordinated omission): if the
 * server falls behind, requests wait in the client's queue or on new connections and that
 * wait is in their latency, as it would be for users arriving independently.
 *
 * Node's own HTTP client with a keep-alive agent: connections are opened as concurrency
 * needs them (up to `maxConnections`) and reused. The scheduler sleeps until the next send
 * (setTimeout) and sends every request that is due when it wakes; how late the generator
 * itself was is reported as `generatorLagMaxMs`, so a run whose generator could not keep
 * up is visible.
 */

export interface OpenLoopOptions {
  /** Offered rate, requests per second. */
  rate: number;
  durationSec: number;
  headers?: Record<string, string>;
  /** Most sockets at once (default 256). */
  maxConnections?: number;
  /** A request not answered in this time counts as an error (default 10 s). */
  timeoutMs?: number;
  /** How sends are spaced: 'poisson' (default) or 'even'. */
  arrivals?: Arrivals;
  /** Seed of the Poisson schedule (default 1). */
  seed?: number;
  /** Where in `requests` to start; moved past the requests sent, so the next run goes on from there instead of replaying them. */
  cursor?: RequestCursor;
}

/** A position in a request list shared by successive runs (a cache would flatter runs that replay the warm-up's requests). */
export interface RequestCursor {
  next: number;
}

export type Arrivals = 'poisson' | 'even';

/**
 * The send times, in ms from the start, of `count` requests at `rate` per second: Poisson
 * (gaps -ln(1 - u) / rate, u uniform from the seeded generator) or evenly spaced.
 */
export function arrivalSchedule(rate: number, count: number, arrivals: Arrivals = 'poisson', seed = 1): Float64Array {
  const times = new Float64Array(count);
  const meanGapMs = 1000 / rate;
  const random = new Random(seed);
  let at = 0;
  for (let k = 0; k < count; k += 1) {
    times[k] = at;
    at += arrivals === 'even' ? meanGapMs : -Math.log(1 - random.next()) * meanGapMs;
  }
  return times;
}

export interface OpenLoopResult {
  offeredRate: number;
  /** Answers per second over the run (first scheduled send to last answer). */
  achievedRate: number;
  sent: number;
  answered: number;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  /** Answers that took longer than 100 ms: stalls, at the rates these targets are set for. */
  over100Ms: number;
  /** Largest delay between a request's scheduled time and its actual send. */
  generatorLagMaxMs: number;
  connections: number;
}

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);
const round = (value: number) => Math.round(value * 10) / 10;

export async function openLoopLoad(baseUrl: string, requests: HttpRequestSpec[], options: OpenLoopOptions): Promise<OpenLoopResult> {
  if (!requests.length) throw new Error('open-loop load needs at least one request');
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxConnections ?? 256 });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.max(1, Math.round(options.rate * options.durationSec));
  const schedule = arrivalSchedule(options.rate, total, options.arrivals, options.seed);
  const first = options.cursor?.next ?? 0;
  if (options.cursor) options.cursor.next = (first + total) % requests.length;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const sockets = new Set<unknown>();
  let errors = 0;
  let non2xx = 0;
  let lagMax = 0;
  let lastAnswer = 0;
  const pending: Array<Promise<void>> = [];

  const send = (index: number, scheduled: number) =>
    new Promise<void>((resolve) => {
      const spec = requests[(first + index) % requests.length];
      const request = http.request(
        { agent, host: url.hostname, port: url.port, method: spec.method ?? 'GET', path: spec.path, headers: { ...options.headers, ...spec.headers } },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => {
            const now = performance.now();
            lastAnswer = Math.max(lastAnswer, now);
            latencies.push(now - scheduled);
            const status = response.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status < 200 || status >= 300) non2xx += 1;
            resolve();
          });
          response.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      request.on('socket', (socket) => sockets.add(socket));
      request.setTimeout(timeoutMs, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      if (spec.body !== undefined) request.write(spec.body);
      request.end();
    });

  const start = performance.now() + 5;
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + schedule[next] <= now) {
      const scheduled = start + schedule[next];
      lagMax = Math.max(lagMax, now - scheduled);
      pending.push(send(next, scheduled));
      next += 1;
    }
    if (next < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + schedule[next] - performance.now())));
  }
  await Promise.all(pending);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const answered = latencies.length;
  const spanSec = Math.max(1e-3, (lastAnswer - start) / 1000);
  return {
    offeredRate: options.rate,
    achievedRate: round(answered / spanSec),
    sent: total,
    answered,
    errors,
    non2xx,
    statuses,
    p50Ms: round(percentile(latencies, 0.5)),
    p90Ms: round(percentile(latencies, 0.9)),
    p99Ms: round(percentile(latencies, 0.99)),
    p999Ms: round(percentile(latencies, 0.999)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
    over100Ms: latencies.filter((latency) => latency > 100).length,
    generatorLagMaxMs: round(lagMax),
    connections: sockets.size,
  };
}
