/**
 * `npm run fuzz`: contract fuzzing with schemathesis against a service this script starts.
 *
 *   1. installs the pinned schemathesis (scripts/fuzz/requirements.txt) into .venv-fuzz,
 *      reinstalling only when that file changes;
 *   2. ensures Elasticsearch and Postgres (started on a fresh machine, reused otherwise),
 *      makes a namespace of its own, loads the fixture into both modes and creates a key pair;
 *   3. serves the API on a free port and runs schemathesis over the served openapi.json once
 *      with the test key and once with the live key: every operation, every check, the
 *      examples, coverage, fuzzing and stateful phases;
 *   4. compares the failures with scripts/fuzz/allowlist.json and drops the namespace.
 *
 * Exit code 0 only when every failure is allowlisted. Settings (environment):
 *   FUZZ_MAX_EXAMPLES  test cases per operation and phase (default 25)
 *   FUZZ_MODES         comma list of key modes to run (default test,live)
 *   FUZZ_PHASES        schemathesis phases (default examples,coverage,fuzzing,stateful)
 *   FUZZ_SEED          fixed seed to replay a run (default: random, printed)
 *   FUZZ_WORKERS       schemathesis workers (default 2)
 * Reports (JSON, JUnit, server log) go to tmp/fuzz/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadFixture, loadTestModeFixture } from '../../ingest/fixture';
import { loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { createKeyPair } from '../../src/platform/keys';
import { startServer } from '../../src/server';
import { openStores } from '../../src/stores';
import { ensureServices } from '../services/index';
import { dropNamespace, sweepStaleNamespaces, throwawayNamespace } from '../services/namespaces';
import { Allowlist, Failure, matchingEntry, readFailures } from './failures';

const ROOT = path.resolve(__dirname, '..', '..');
const FUZZ_DIR = __dirname;
const VENV = path.join(ROOT, '.venv-fuzz');
const REQUIREMENTS = path.join(FUZZ_DIR, 'requirements.txt');
const REPORT_DIR = path.join(ROOT, 'tmp', 'fuzz');
/** Namespaces of runs that died before cleaning up are swept once they are this old. */
const STALE_AFTER_SECONDS = 3 * 3600;

const settings = {
  maxExamples: Number(process.env.FUZZ_MAX_EXAMPLES ?? 25),
  modes: (process.env.FUZZ_MODES ?? 'test,live').split(',').map((mode) => mode.trim()) as Array<'test' | 'live'>,
  phases: process.env.FUZZ_PHASES ?? 'examples,coverage,fuzzing,stateful',
  seed: Number(process.env.FUZZ_SEED ?? randomInt(1, 2 ** 31)),
  workers: process.env.FUZZ_WORKERS ?? '2',
};

function log(message: string): void {
  process.stdout.write(`[fuzz] ${message}\n`);
}

/** The venv is rebuilt when requirements.txt changes: its hash is kept inside the venv. */
function ensureSchemathesis(): string {
  const wanted = createHash('sha256').update(fs.readFileSync(REQUIREMENTS)).digest('hex');
  const stamp = path.join(VENV, 'requirements.sha256');
  const st = path.join(VENV, 'bin', 'st');
  if (fs.existsSync(st) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return st;
  log(`installing schemathesis into ${path.relative(ROOT, VENV)}`);
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  };
  fs.rmSync(VENV, { recursive: true, force: true });
  run(process.env.PYTHON ?? 'python3', ['-m', 'venv', VENV]);
  run(path.join(VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '--no-deps', '-r', REQUIREMENTS]);
  fs.writeFileSync(stamp, wanted);
  return st;
}

function runSchemathesis(st: string, url: string, key: string, mode: string): Promise<number> {
  const reportPath = path.join(REPORT_DIR, `${mode}.ndjson`);
  const args = [
    'run',
    `${url}/api/v1/openapi.json`,
    '--header',
    `Authorization: Bearer ${key}`,
    '--checks',
    'all',
    '--phases',
    settings.phases,
    '--max-examples',
    String(settings.maxExamples),
    '--seed',
    String(settings.seed),
    '--workers',
    settings.workers,
    '--continue-on-failure',
    '--generation-database',
    'none',
    '--request-timeout',
    '30',
    '--report',
    'ndjson,junit',
    '--report-ndjson-path',
    reportPath,
    '--report-junit-path',
    path.join(REPORT_DIR, `${mode}.junit.xml`),
    '--no-color',
  ];
  log(`schemathesis, ${mode} key: st ${args.join(' ').replace(key, `ik_${mode}_...`)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(st, args, {
      cwd: REPORT_DIR,
      stdio: ['ignore', fs.openSync(path.join(REPORT_DIR, `${mode}.log`), 'w'), 'inherit'],
      env: { ...process.env, PYTHONPATH: FUZZ_DIR, SCHEMATHESIS_HOOKS: 'hooks' },
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const st = ensureSchemathesis();
  const allowlist = JSON.parse(fs.readFileSync(path.join(FUZZ_DIR, 'allowlist.json'), 'utf8')) as Allowlist;

  const { databaseUrl, elasticsearchUrl } = await ensureServices();
  await sweepStaleNamespaces('fuzz', STALE_AFTER_SECONDS, databaseUrl, elasticsearchUrl);
  const namespace = throwawayNamespace('fuzz');
  const base = loadConfig({});
  const config = {
    ...base,
    // The fuzzer probes the API: not a schedule's syncs or rederive of its data set, nor webhook deliveries (its subscriptions point anywhere).
    sync: { ...base.sync, schedule: false },
    webhooks: { ...base.webhooks, worker: false },
    namespace,
    databaseUrl,
    elasticsearchUrl,
    port: 0,
    host: '127.0.0.1',
    cursorSecret: randomBytes(24).toString('hex'),
    deviceIdSalt: randomBytes(24).toString('hex'),
  };
  log(`namespace ${namespace}, seed ${settings.seed}, ${settings.maxExamples} examples per operation, modes ${settings.modes.join(', ')}`);

  await migrate(databaseUrl, namespace);
  const stores = openStores({ ...config, storeTimeoutMs: 600_000 });
  let failures: Failure[] = [];
  const exitCodes: Record<string, number> = {};
  try {
    // Both modes get the fixture, so lists, items and links have rows to work with in live mode too.
    await loadTestModeFixture(stores.byMode.test);
    await loadFixture(stores.byMode.live);
    const keys = await createKeyPair(stores.platform, { name: 'contract fuzzing', tier: 'unlimited', dailyLimit: null });
    const serverLog = pino.destination({ dest: path.join(REPORT_DIR, 'server.log'), sync: true });
    const server = await startServer(config, { logger: pino({ level: 'warn' }, serverLog) });
    try {
      for (const mode of settings.modes) {
        exitCodes[mode] = await runSchemathesis(st, server.url, keys[mode], mode);
        failures = failures.concat(readFailures(path.join(REPORT_DIR, `${mode}.ndjson`), mode));
      }
    } finally {
      await server.stop();
    }
  } finally {
    await stores.close();
    await dropNamespace(namespace, databaseUrl, elasticsearchUrl);
  }

  const unexpected: Failure[] = [];
  const used = new Map<string, number>();
  for (const failure of failures) {
    const entry = matchingEntry(allowlist, failure);
    if (entry) used.set(entry.reason, (used.get(entry.reason) ?? 0) + 1);
    else unexpected.push(failure);
  }
  for (const [reason, count] of used) log(`allowlisted x${count}: ${reason.slice(0, 110)}`);
  for (const failure of unexpected) {
    log(`FAIL [${failure.mode}] ${failure.operation} ${failure.failure} ${failure.title} -> ${failure.status ?? '-'} ${failure.code ?? ''} ${failure.param ?? ''} ${failure.message ?? ''}`);
    log(`     ${failure.curl}`);
  }
  const allowed = failures.length - unexpected.length;
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`${failures.length} failure(s) reported, ${allowed} allowlisted, ${unexpected.length} unexpected; schemathesis exit codes ${JSON.stringify(exitCodes)}; ${seconds} s`);
  log(`reports: ${path.relative(ROOT, REPORT_DIR)}/ (replay with FUZZ_SEED=${settings.seed})`);
  const crashed = Object.values(exitCodes).some((code) => code !== 0 && code !== 1);
  if (unexpected.length || crashed) process.exit(1);
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
