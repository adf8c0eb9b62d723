/**
 * `npm run bench [-- scenario-name ...]`: starts (or reuses) the services, runs the API in
 * its own process on a dedicated namespace (BENCH_NAMESPACE, default `bench`), and measures
 * each scenario:
 * - open-loop latency at each of its offered rates (Poisson arrivals, latency from the
 *   scheduled send: p50/p99/p99.9, answers over 100 ms) with the CPU per request of the API,
 *   Elasticsearch and Postgres processes (bench/open-loop.ts, bench/cpu.ts);
 * - saturated throughput (closed loop) against its baseline in the same run (a bare Koa
 *   handler, or the same store work called directly), as the median of alternating runs,
 *   with the API's CPU per request;
 * - a scenario's variants (e.g. a cache switched off) in their own API process, the same way.
 * BENCH_DURATION sets seconds per measurement (default 10), BENCH_WARMUP the unmeasured load
 * before each one (default 3), BENCH_RATE the offered rates ("200" or "100,200,400"),
 * BENCH_SATURATED_RUNS the alternating runs of each side (default 3).
 */
import { ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ensureServices } from '../scripts/services/index';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { createKeyPair } from '../src/platform/keys';
import { openStores } from '../src/stores';
import { CpuMeter, type CpuReading, serverPids } from './cpu';
import { functionLoad, httpLoad } from './load';
import { openLoopLoad, type RequestCursor } from './open-loop';
import { scenarios } from './scenarios/index';
import { tierCosts } from './typeahead-profile';
import type { BenchContext, HttpRequestSpec, HttpScenario, LoadResult } from './types';

const repoRoot = path.resolve(__dirname, '..');
const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function startProcess(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, script], { env: { ...process.env, SYNC_SCHEDULE: 'off', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = readline.createInterface({ input: child.stdout! });
    // The API's one 'listening' line, or the bare Koa's {"port":N}; not a log line that merely names a port (e.g. the metrics listener's).
    lines.on('line', (line) => {
      let message: { msg?: string; port?: number } = {};
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      if (typeof message.port === 'number' && (message.msg === 'listening' || message.msg === undefined)) resolve({ child, port: message.port });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const fmt = (r: LoadResult) => `${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : ''}`;

/** Seconds of unmeasured load before each measurement, so neither side is measured with a cold JIT. */
const WARMUP_SEC = Number(process.env.BENCH_WARMUP ?? 3);
/** Alternating runs of the API and its baseline at saturation; the median of each side is reported. */
const SATURATED_RUNS = Number(process.env.BENCH_SATURATED_RUNS ?? 3);

const ms = (seconds: number, requests: number) => `${((seconds * 1000) / Math.max(1, requests)).toFixed(2)} ms`;

/** The offered rates of an open-loop scenario; BENCH_RATE ("200" or "100,200,400") overrides them. */
function offeredRates(openLoop: NonNullable<HttpScenario['openLoop']>, env: NodeJS.ProcessEnv = process.env): number[] {
  if (env.BENCH_RATE) return env.BENCH_RATE.split(',').map(Number).filter((rate) => rate > 0);
  return 'rates' in openLoop ? openLoop.rates : [openLoop.rate];
}

/** CPU seconds per answered request of each measured process, as "API 0.31 ms, Elasticsearch 0.40 ms, ...". */
function cpuPerRequest(cpu: CpuReading, requests: number): string {
  const servers = Object.entries(cpu.seconds).map(([name, seconds]) => `${name} ${cpu.missing.includes(name) ? 'n/a (process not found)' : ms(seconds, requests)}`);
  return [...servers, `load generator ${ms(cpu.loadGeneratorSeconds, requests)}`].join(', ');
}

interface SearchCounts {
  searches: number;
  queryMs: number;
  fetchMs: number;
}

/**
 * Searches the index has answered so far (primaries; one shard an index, so one per search),
 * and the time its query and fetch phases took: the index's own share of Elasticsearch, which
 * the process's CPU (shared with anything else the node serves) cannot tell apart.
 */
async function searchTotal(ctx: BenchContext, index: string): Promise<SearchCounts> {
  const stats = (await ctx.stores.byMode.live.es.indices.stats({ index: ctx.stores.byMode.live.indexAlias(index), metric: 'search' })) as {
    _all?: { primaries?: { search?: { query_total?: number; query_time_in_millis?: number; fetch_time_in_millis?: number } } };
  };
  const search = stats._all?.primaries?.search;
  return { searches: search?.query_total ?? 0, queryMs: search?.query_time_in_millis ?? 0, fetchMs: search?.fetch_time_in_millis ?? 0 };
}

/** The bare Koa process's CPU seconds per answered request at each offered rate, measured once per bench run. */
const koaFloor = new Map<number, number>();

async function koaCpuPerRequest(rate: number, ctx: BenchContext, koaUrl: string): Promise<number> {
  const known = koaFloor.get(rate);
  if (known !== undefined) return known;
  if (WARMUP_SEC > 0) await openLoopLoad(koaUrl, [{ path: '/' }], { rate, durationSec: WARMUP_SEC, seed: rate + 1 });
  const meter = new CpuMeter({ 'bare Koa': ctx.koaPid });
  meter.start();
  const r = await openLoopLoad(koaUrl, [{ path: '/' }], { rate, durationSec: ctx.durationSec, seed: rate });
  const seconds = meter.stop().seconds['bare Koa'] / Math.max(1, r.answered);
  koaFloor.set(rate, seconds);
  return seconds;
}

/** Open-loop at each offered rate: latency from the scheduled send, and CPU per request of each process. */
async function runOpenLoop(rates: number[], requests: HttpRequestSpec[], ctx: BenchContext, cursor: RequestCursor, searchIndex?: string, koaUrl?: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${ctx.liveKey}` };
  const lines: string[] = [];
  for (const rate of rates) {
    if (WARMUP_SEC > 0) await openLoopLoad(ctx.apiUrl, requests, { rate, durationSec: WARMUP_SEC, headers, seed: rate + 1, cursor });
    const searchesBefore = searchIndex ? await searchTotal(ctx, searchIndex) : undefined;
    const meter = new CpuMeter(serverPids(ctx.apiPid));
    meter.start();
    const r = await openLoopLoad(ctx.apiUrl, requests, { rate, durationSec: ctx.durationSec, headers, seed: rate, cursor });
    const cpu = meter.stop();
    const searchesAfter = searchIndex ? await searchTotal(ctx, searchIndex) : undefined;
    const failures = r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx ${JSON.stringify(r.statuses)}` : '';
    lines.push(
      `  open-loop ${rate} req/s (Poisson, ${ctx.durationSec} s, ${r.sent} sent): p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, p99.9 ${r.p999Ms} ms, max ${r.maxMs} ms, ${r.over100Ms} over 100 ms; achieved ${r.achievedRate} req/s${failures}; ${r.connections} connections, generator lag max ${r.generatorLagMaxMs} ms`,
      `    CPU per request: ${cpuPerRequest(cpu, r.answered)}; rest of the machine ${((cpu.restSeconds / cpu.elapsedSeconds) * 100).toFixed(0)}% of a core`,
    );
    if (searchIndex && koaUrl && searchesBefore && searchesAfter) {
      const koa = await koaCpuPerRequest(rate, ctx, koaUrl);
      const api = (cpu.seconds.API ?? 0) / Math.max(1, r.answered);
      const searches = searchesAfter.searches - searchesBefore.searches;
      const perAnswer = (ms: number) => (ms / Math.max(1, r.answered)).toFixed(2);
      lines.push(
        `    Elasticsearch searches per request: ${(searches / Math.max(1, r.answered)).toFixed(2)} (${searches} on the ${searchIndex} index for ${r.answered} answers); the index's query and fetch phases ${perAnswer(searchesAfter.queryMs - searchesBefore.queryMs)} + ${perAnswer(searchesAfter.fetchMs - searchesBefore.fetchMs)} ms per request; bare Koa at ${rate} req/s: CPU ${(koa * 1000).toFixed(2)} ms per request, the API ${(api / Math.max(koa, 1e-9)).toFixed(1)} x that`,
      );
    }
  }
  return lines;
}

const median = <T>(items: T[], value: (item: T) => number): T => [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)];

/**
 * Saturated throughput: closed loop at `connections`, the API and its baseline alternating
 * SATURATED_RUNS times (so a slow spell of the shared machine hits both), each side's median
 * run reported, with the API process's CPU per request of that run.
 */
async function runSaturated(scenario: HttpScenario, requests: HttpRequestSpec[], ctx: BenchContext, koaUrl: string, cursor: RequestCursor): Promise<string[]> {
  const auth = { Authorization: `Bearer ${ctx.liveKey}` };
  const baseline = scenario.baseline;
  const measureBaseline = async (seconds: number): Promise<LoadResult | undefined> => {
    if (baseline?.kind === 'koa') return httpLoad(koaUrl, [{ path: '/' }], scenario.connections, seconds);
    if (baseline?.kind === 'http') return httpLoad(baseline.url(ctx), await baseline.requests(ctx), scenario.connections, seconds, { 'Content-Type': 'application/json' });
    if (baseline?.kind === 'direct') return functionLoad(await baseline.run(ctx), scenario.connections, seconds);
    return undefined;
  };
  if (WARMUP_SEC > 0) {
    await httpLoad(ctx.apiUrl, requests, scenario.connections, WARMUP_SEC, auth, cursor);
    await measureBaseline(WARMUP_SEC);
  }
  const apiRuns: Array<{ result: LoadResult; cpu: CpuReading }> = [];
  const baseRuns: Array<{ result: LoadResult; cpu: CpuReading }> = [];
  for (let run = 0; run < Math.max(1, SATURATED_RUNS); run += 1) {
    const meter = new CpuMeter(serverPids(ctx.apiPid));
    meter.start();
    const result = await httpLoad(ctx.apiUrl, requests, scenario.connections, ctx.durationSec, auth, cursor);
    apiRuns.push({ result, cpu: meter.stop() });
    // The bare Koa process's CPU (the floor an HTTP answer costs); a direct baseline runs in this process (the load generator's figure).
    const baseMeter = new CpuMeter(baseline?.kind === 'koa' ? { 'bare Koa': ctx.koaPid } : {});
    baseMeter.start();
    const base = await measureBaseline(ctx.durationSec);
    if (base) baseRuns.push({ result: base, cpu: baseMeter.stop() });
  }
  const api = median(apiRuns, (run) => run.result.requestsPerSec);
  const all = (runs: LoadResult[]) => (runs.length > 1 ? ` (runs ${runs.map((r) => r.requestsPerSec).join(', ')} req/s)` : '');
  const lines = [
    `  saturated, ${scenario.connections} connections, median of ${apiRuns.length} alternating runs:`,
    `    api:      ${fmt(api.result)}${all(apiRuns.map((run) => run.result))}`,
    `      CPU per request: ${cpuPerRequest(api.cpu, api.result.requests)}; rest of the machine ${((api.cpu.restSeconds / api.cpu.elapsedSeconds) * 100).toFixed(0)}% of a core`,
  ];
  if (baseRuns.length) {
    const base = median(baseRuns, (run) => run.result.requestsPerSec);
    const label = baseline!.kind === 'koa' ? 'bare Koa' : (baseline as { label: string }).label;
    lines.push(`    baseline: ${fmt(base.result)}${all(baseRuns.map((run) => run.result))} (${label})`);
    if (baseline!.kind === 'koa') lines.push(`      CPU per request: ${cpuPerRequest(base.cpu, base.result.requests)}`);
    lines.push(`    ratio:    ${((api.result.requestsPerSec / Math.max(1, base.result.requestsPerSec)) * 100).toFixed(0)}% of baseline throughput (medians)`);
  }
  return lines;
}

/** Open-loop rates first when the scenario has them; then the saturated comparison when it has a baseline (or no rates). */
/** Keystrokes profiled per typeahead scenario (spread over its requests). */
const PROFILED_KEYSTROKES = 300;

async function runHttp(scenario: HttpScenario, ctx: BenchContext, koaUrl: string, withProfile = false): Promise<string[]> {
  await scenario.prepare?.(ctx);
  const skip = await scenario.unavailable?.(ctx);
  if (skip) return [`  skipped: ${skip}`];
  const requests = await scenario.requests(ctx);
  const lines: string[] = [];
  // Each run goes on through the requests where the last one stopped (none replays a warm-up's).
  const cursor: RequestCursor = { next: 0 };
  if (scenario.openLoop) lines.push(...(await runOpenLoop(offeredRates(scenario.openLoop), requests, ctx, cursor, scenario.searchIndex, koaUrl)));
  if (!scenario.openLoop || scenario.baseline) lines.push(...(await runSaturated(scenario, requests, ctx, koaUrl, cursor)));
  if (withProfile && scenario.typeahead) {
    const step = Math.max(1, Math.floor(requests.length / PROFILED_KEYSTROKES));
    const queries = requests.filter((_, i) => i % step === 0).slice(0, PROFILED_KEYSTROKES).map((request) => ({ q: new URL(request.path, 'http://bench').searchParams.get('q') ?? '', limit: 10 }));
    lines.push(...(await tierCosts(ctx.stores.byMode.live, scenario.typeahead, queries)));
  }
  return lines;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const named = (s: (typeof scenarios)[number]) => only.includes(s.name) || (s.kind === 'http' && (s.aliases ?? []).some((alias) => only.includes(alias)));
  const selected = only.length ? scenarios.filter(named) : scenarios;
  if (only.length && selected.length !== only.length) throw new Error(`unknown scenario; known: ${scenarios.map((s) => s.name).join(', ')}`);

  const urls = await ensureServices();
  const namespace = process.env.BENCH_NAMESPACE ?? 'bench';
  const config = { ...loadConfig(), ...urls, namespace, storeTimeoutMs: 600_000 };
  await migrate(urls.databaseUrl, namespace);
  const stores = openStores(config);
  const keys = await createKeyPair(stores.platform, { name: 'bench', tier: 'unlimited', dailyLimit: null });

  // METRICS_PORT 0: the metrics listener on a free port, as deployed, without two bench processes (or anyone's) contending for 9464.
  const env = { ...urls, DATABASE_URL: urls.databaseUrl, ELASTICSEARCH_URL: urls.elasticsearchUrl, DATA_NAMESPACE: namespace, LOG_LEVEL: 'warn', PORT: '0', WEBHOOKS_WORKER: 'off', METRICS_PORT: '0' };
  const api = await startProcess(path.join(repoRoot, 'src', 'server.ts'), env);
  const koa = await startProcess(path.join(repoRoot, 'bench', 'baseline-koa.ts'), { PORT: '0' });
  const ctx: BenchContext = {
    apiUrl: `http://127.0.0.1:${api.port}`,
    liveKey: keys.live,
    testKey: keys.test,
    namespace,
    databaseUrl: urls.databaseUrl,
    elasticsearchUrl: urls.elasticsearchUrl,
    stores,
    durationSec: Number(process.env.BENCH_DURATION ?? 10),
    apiPid: api.child.pid,
    koaPid: koa.child.pid,
    log: (message) => process.stdout.write(`  … ${message}\n`),
  };

  const cpus = os.cpus();
  process.stdout.write(`machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}\n\n`);
  try {
    for (const scenario of selected) {
      process.stdout.write(`${scenario.name}: ${scenario.description}${scenario.targets ? ` [target: ${scenario.targets}]` : ''}\n`);
      if (scenario.kind === 'task') {
        const figures = await scenario.run(ctx);
        process.stdout.write(`${Object.entries(figures).map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n\n`);
        continue;
      }
      const koaUrl = `http://127.0.0.1:${koa.port}`;
      const variants = scenario.variants ?? [];
      if (variants.length) process.stdout.write('  [default]\n');
      process.stdout.write(`${(await runHttp(scenario, ctx, koaUrl, true)).join('\n')}\n`);
      // Each variant is its own API process with its environment, measured the same way after the default one.
      for (const variant of variants) {
        const other = await startProcess(path.join(repoRoot, 'src', 'server.ts'), { ...env, ...variant.env });
        try {
          process.stdout.write(`  [${variant.label}]\n`);
          const lines = await runHttp(scenario, { ...ctx, apiUrl: `http://127.0.0.1:${other.port}`, apiPid: other.child.pid }, koaUrl);
          process.stdout.write(`${lines.join('\n')}\n`);
        } finally {
          other.child.kill('SIGTERM');
        }
      }
      process.stdout.write('\n');
    }
  } finally {
    api.child.kill('SIGTERM');
    koa.child.kill('SIGTERM');
    await stores.close();
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
