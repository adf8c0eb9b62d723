import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createKeyPair } from '../../src/platform/keys';
import { createTestNamespace, TestNamespace } from '../support/namespace';

const repoRoot = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startApiProcess(ns: TestNamespace): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(repoRoot, 'src', 'server.ts')], {
    env: { ...process.env, PORT: String(port), DATA_NAMESPACE: ns.config.namespace, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await fetch(`${url}/livez`).then((res) => res.ok, () => false)) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('API process did not start');
}

const stopProcess = (child: ChildProcess) => new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});

let ns: TestNamespace;
let processes: Array<{ url: string; child: ChildProcess }>;

beforeAll(async () => {
  ns = await createTestNamespace();
  processes = await Promise.all([startApiProcess(ns), startApiProcess(ns)]);
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map(({ child }) => (child.exitCode === null ? stopProcess(child) : undefined)));
  await ns.cleanup();
});

async function hammer(key: string, total: number): Promise<number[]> {
  const statuses: number[] = [];
  const perProcess = total / processes.length;
  await Promise.all(
    processes.flatMap(({ url }) =>
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < perProcess / 8; i++) {
          const res = await fetch(`${url}/api/v1/health`, { headers: { Authorization: `Bearer ${key}` } });
          await res.arrayBuffer();
          statuses.push(res.status);
        }
      }),
    ),
  );
  return statuses;
}

describe('usage across two API processes sharing one Postgres', () => {
  it('lets exactly the daily limit through and counts exactly that many', async () => {
    const pair = await createKeyPair(ns.stores.platform, { name: 'limited', tier: 'standard', dailyLimit: 150 });
    const statuses = await hammer(pair.live, 240);
    expect(statuses.filter((status) => status === 200)).toHaveLength(150);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    const { rows } = await ns.stores.platform.query('select count from api_usage_daily u join api_keys k on k.id = u.key_id where k.pair_id = $1 and k.mode = $2', [pair.pairId, 'live']);
    expect(rows[0].count).toBe(150);
  });

  it('counts every request of an unlimited key exactly once', async () => {
    const pair = await createKeyPair(ns.stores.platform, { name: 'unlimited', tier: 'unlimited', dailyLimit: null });
    const statuses = await hammer(pair.live, 320);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Stopping the processes flushes what they still hold in memory.
    await Promise.all(processes.map(({ child }) => stopProcess(child)));
    const { rows } = await ns.stores.platform.query('select count from api_usage_daily u join api_keys k on k.id = u.key_id where k.pair_id = $1 and k.mode = $2', [pair.pairId, 'live']);
    expect(rows[0].count).toBe(320);
  });
});
