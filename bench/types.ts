import type { TypeaheadTable } from '../src/search/typeahead';
import type { Stores } from '../src/stores';

/** What every scenario gets: the API under test (its own process), a key, and the stores it reads. */
export interface BenchContext {
  apiUrl: string;
  /** An unlimited live key of the bench namespace. */
  liveKey: string;
  testKey: string;
  namespace: string;
  databaseUrl: string;
  elasticsearchUrl: string;
  stores: Stores;
  durationSec: number;
  /** The API process's pid (its tsx wrapper: CPU is read over its process tree). */
  apiPid?: number;
  /** The bare Koa baseline's pid (its CPU per request is printed beside the API's). */
  koaPid?: number;
  log(message: string): void;
}

export interface HttpRequestSpec {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A load against the API, compared with a baseline measured in the same run. */
export interface HttpScenario {
  kind: 'http';
  name: string;
  /** Other names the scenario answers to on the command line. */
  aliases?: string[];
  description: string;
  connections: number;
  /**
   * The index (its family name, e.g. `restaurants`) the scenario's requests search: each
   * open-loop run then reports Elasticsearch searches per request (the index's query total
   * over the measured window; every index has one shard, so one search counts once) and the
   * bare Koa process's CPU per request at the same offered rate beside the API's.
   */
  searchIndex?: string;
  /**
   * The typeahead's table (src/search/typeahead.ts): after the default run, a sample of the
   * scenario's q values is profiled in Elasticsearch, and the slowest keystrokes' cost is
   * given per tier (bench/typeahead-profile.ts).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  typeahead?: TypeaheadTable<any, any, any>;
  prepare?(ctx: BenchContext): Promise<void>;
  /** Requests cycled through by the load generator. */
  requests(ctx: BenchContext): Promise<HttpRequestSpec[]> | HttpRequestSpec[];
  /**
   * koa: the bare Koa JSON handler; http: the same work sent straight to a store over HTTP
   * (e.g. the Elasticsearch queries); direct: a function doing the same store work (e.g. Postgres lookups).
   */
  baseline?:
    | { kind: 'koa' }
    | { kind: 'http'; label: string; url(ctx: BenchContext): string; requests(ctx: BenchContext): Promise<HttpRequestSpec[]> | HttpRequestSpec[] }
    | { kind: 'direct'; label: string; run(ctx: BenchContext): Promise<() => Promise<void>> };
  /** Targets to print beside the figures, e.g. "p99 < 30 ms". */
  targets?: string;
  /**
   * Open-loop latency: requests sent at each offered rate (req/s; BENCH_RATE, e.g. "100,200",
   * overrides them) on a Poisson schedule, latency from the scheduled send, CPU per request of
   * each process (bench/open-loop.ts, bench/cpu.ts). With a baseline, the saturated
   * comparison (closed loop at `connections`) follows; without one, `connections` is unused.
   */
  openLoop?: { rate: number } | { rates: number[] };
  /** Another API process for this scenario beside the default one, e.g. with a cache switched off. */
  variants?: Array<{ label: string; env: Record<string, string> }>;
  /** Why the scenario cannot run in this tree (e.g. its endpoint answers 404), or undefined to run it. */
  unavailable?(ctx: BenchContext): Promise<string | undefined>;
}

/** A timed job (an ingest, an export) reporting its own figures. */
export interface TaskScenario {
  kind: 'task';
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Record<string, string | number>>;
  targets?: string;
}

export type BenchScenario = HttpScenario | TaskScenario;

export interface LoadResult {
  requestsPerSec: number;
  /** Requests answered during the measurement. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}
