import autocannon from 'autocannon';
import type { HttpRequestSpec, LoadResult } from './types';

/** Drives an HTTP target with autocannon, cycling through the given requests. */
export async function httpLoad(url: string, requests: HttpRequestSpec[], connections: number, durationSec: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    requests: requests.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: { ...headers, ...r.headers }, body: r.body })),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The same measurement for work that is not HTTP (e.g. direct Postgres lookups): N loops for the duration. */
export async function functionLoad(work: () => Promise<void>, connections: number, durationSec: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + durationSec * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const started = process.hrtime.bigint();
        try {
          await work();
        } catch {
          errors++;
        }
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requestsPerSec: Math.round(latencies.length / durationSec), p50Ms: at(0.5), p99Ms: at(0.99), errors, non2xx: 0 };
}
