/**
 * `npm run bench [-- scenario-name ...]`: starts (or reuses) the services, runs the API in
 * its own process on a dedicated `bench` namespace, and measures every scenario against
 * its baseline in the same run. BENCH_DURATION sets seconds per measurement (default 10),
 * BENCH_WARMUP the unmeasured load before each one (default 3).
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
import { CpuMeter, serverPids } from './cpu';
import { functionLoad, httpLoad } from './load';
import { openLoopLoad } from './open-loop';
import { scenarios } from './scenarios/index';
import type { BenchContext, HttpScenario, LoadResult } from './types';

const repoRoot = path.resolve(__dirname, '..');
const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function startProcess(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, script], { env: { ...process.env, DERIVED_REFRESH: 'off', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const port = /"port":(\d+)/.exec(line)?.[1] ?? /listening.*127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const fmt = (r: LoadResult) => `${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${r.errors || r.non2xx ? `, ${r.errors} errors, ${r.non2xx} non-2xx` : ''}`;

/** Seconds of unmeasured load before each measurement, so neither side is measured with a cold JIT. */
const WARMUP_SEC = Number(process.env.BENCH_WARMUP ?? 3);

const ms = (seconds: number, requests: number) => `${((seconds * 1000) / Math.max(1, requests)).toFixed(2)} ms`;

/** An open-loop scenario: a fixed offered rate, latency from the scheduled send, CPU per request of each process. */
async function runOpenLoop(scenario: HttpScenario, ctx: BenchContext): Promise<string[]> {
  await scenario.prepare?.(ctx);
  const skip = await scenario.unavailable?.(ctx);
  if (skip) return [`  skipped: ${skip}`];
  const requests = await scenario.requests(ctx);
  const rate = Number(process.env.BENCH_RATE ?? scenario.openLoop!.rate);
  const headers = { Authorization: `Bearer ${ctx.liveKey}` };
  if (WARMUP_SEC > 0) await openLoopLoad(ctx.apiUrl, requests, { rate, durationSec: WARMUP_SEC, headers });
  const meter = new CpuMeter(serverPids(ctx.apiPid));
  meter.start();
  const r = await openLoopLoad(ctx.apiUrl, requests, { rate, durationSec: ctx.durationSec, headers });
  const cpu = meter.stop();
  const perRequest = Object.entries(cpu.seconds).map(([name, seconds]) => `${name} ${cpu.missing.includes(name) ? 'n/a (process not found)' : ms(seconds, r.answered)}`);
  const window = ctx.durationSec;
  return [
    `  open-loop: offered ${r.offeredRate} req/s for ${window} s, achieved ${r.achievedRate} req/s (${r.sent} sent, ${r.answered} answered, ${r.errors} errors, ${r.non2xx} non-2xx${r.non2xx ? ` ${JSON.stringify(r.statuses)}` : ''}; ${r.connections} connections)`,
    `  latency from the scheduled send: p50 ${r.p50Ms} ms, p90 ${r.p90Ms} ms, p99 ${r.p99Ms} ms, p99.9 ${r.p999Ms} ms, max ${r.maxMs} ms (generator lag max ${r.generatorLagMaxMs} ms)`,
    `  CPU per request: ${perRequest.join(', ')}, load generator ${ms(cpu.loadGeneratorSeconds, r.answered)}; rest of the machine ${((cpu.restSeconds / window) * 100).toFixed(0)}% of a core (other work during the run)`,
  ];
}

async function runHttp(scenario: HttpScenario, ctx: BenchContext, koaUrl: string): Promise<string[]> {
  if (scenario.openLoop) return runOpenLoop(scenario, ctx);
  await scenario.prepare?.(ctx);
  const requests = await scenario.requests(ctx);
  const auth = { Authorization: `Bearer ${ctx.liveKey}` };
  if (WARMUP_SEC > 0) await httpLoad(ctx.apiUrl, requests, scenario.connections, WARMUP_SEC, auth);
  const api = await httpLoad(ctx.apiUrl, requests, scenario.connections, ctx.durationSec, auth);
  const lines = [`  api:      ${fmt(api)}`];
  const baseline = scenario.baseline;
  let base: LoadResult | undefined;
  let label = '';
  const measure = async (seconds: number): Promise<LoadResult | undefined> => {
    if (baseline?.kind === 'koa') return httpLoad(koaUrl, [{ path: '/' }], scenario.connections, seconds);
    if (baseline?.kind === 'http') return httpLoad(baseline.url(ctx), await baseline.requests(ctx), scenario.connections, seconds, { 'Content-Type': 'application/json' });
    if (baseline?.kind === 'direct') return functionLoad(await baseline.run(ctx), scenario.connections, seconds);
    return undefined;
  };
  if (baseline) {
    label = baseline.kind === 'koa' ? 'bare Koa' : baseline.label;
    if (WARMUP_SEC > 0) await measure(WARMUP_SEC);
    base = await measure(ctx.durationSec);
  }
  if (base) {
    lines.push(`  baseline: ${fmt(base)} (${label})`);
    lines.push(`  ratio:    ${((api.requestsPerSec / Math.max(1, base.requestsPerSec)) * 100).toFixed(0)}% of baseline throughput`);
  }
  return lines;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const selected = only.length ? scenarios.filter((s) => only.includes(s.name)) : scenarios;
  if (only.length && selected.length !== only.length) throw new Error(`unknown scenario; known: ${scenarios.map((s) => s.name).join(', ')}`);

  const urls = await ensureServices();
  const namespace = process.env.BENCH_NAMESPACE ?? 'bench';
  const config = { ...loadConfig(), ...urls, namespace, storeTimeoutMs: 600_000 };
  await migrate(urls.databaseUrl, namespace);
  const stores = openStores(config);
  const keys = await createKeyPair(stores.platform, { name: 'bench', tier: 'unlimited', dailyLimit: null });

  const env = { ...urls, DATABASE_URL: urls.databaseUrl, ELASTICSEARCH_URL: urls.elasticsearchUrl, DATA_NAMESPACE: namespace, LOG_LEVEL: 'warn', PORT: '0' };
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
    log: (message) => process.stdout.write(`  … ${message}\n`),
  };

  const cpus = os.cpus();
  process.stdout.write(`machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}\n\n`);
  try {
    for (const scenario of selected) {
      process.stdout.write(`${scenario.name}: ${scenario.description}${scenario.targets ? ` [target: ${scenario.targets}]` : ''}\n`);
      const lines =
        scenario.kind === 'http'
          ? await runHttp(scenario, ctx, `http://127.0.0.1:${koa.port}`)
          : Object.entries(await scenario.run(ctx)).map(([name, value]) => `  ${name}: ${value}`);
      process.stdout.write(`${lines.join('\n')}\n\n`);
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
