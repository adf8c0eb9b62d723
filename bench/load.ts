import autocannon from 'autocannon';
import type { RequestCursor } from './open-loop';
import type { HttpRequestSpec, LoadResult } from './types';

/**
 * Drives an HTTP target with autocannon (closed loop: each connection sends its next request
 * when its answer arrives). The connections take the requests in turn from one shared
 * position, so the list is walked once in order rather than by every connection in step
 * (which would send each query 32 times at once). `cursor` carries that position between runs.
 */
export async function httpLoad(
  url: string,
  requests: HttpRequestSpec[],
  connections: number,
  durationSec: number,
  headers: Record<string, string> = {},
  cursor: RequestCursor = { next: 0 },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          const spec = requests[cursor.next];
          cursor.next = (cursor.next + 1) % requests.length;
          return { ...request, method: spec.method ?? 'GET', path: spec.path, headers: { ...request.headers, ...headers, ...spec.headers }, body: spec.body };
        },
      },
    ],
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
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
  return { requestsPerSec: Math.round(latencies.length / durationSec), requests: latencies.length, p50Ms: at(0.5), p99Ms: at(0.99), errors, non2xx: 0 };
}
