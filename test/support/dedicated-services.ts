/**
 * Postgres and Elasticsearch servers of one test file's own, on free ports with their data
 * under the OS temp directory, for tests that freeze, kill and restart a store. The shared
 * servers of the jest global setup serve every other test run on the machine and are never
 * signalled. Launching is scripts/services' own code with another port and directory.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { elasticsearchPid, ensureElasticsearch, type ElasticsearchInstance } from '../../scripts/services/elasticsearch';
import { ensurePostgres, postmasterPid, type PostgresInstance } from '../../scripts/services/postgres';
import { serviceUser } from '../../scripts/services/run-as';

export interface DedicatedService {
  url: string;
  /** SIGSTOP to the server and its children: connections stay open and nothing answers. */
  freeze(): void;
  /** SIGCONT: the frozen server carries on where it stopped. */
  thaw(): void;
  /** SIGKILL to the server and its children; resolves once they are gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data (after kill). */
  restart(): Promise<void>;
  /** Kills the server and removes its files. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Parent and state of a live process, or undefined once it is gone (a zombie counts as gone). */
function processStatus(pid: number): { parent: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? undefined : { parent: Number(parent) };
  } catch {
    return undefined;
  }
}

/** The process and all its descendants (Postgres backends make themselves session leaders, so a process group would miss them). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const status = processStatus(pid);
    if (status) children.set(status.parent, [...(children.get(status.parent) ?? []), pid]);
  }
  const tree: number[] = [];
  const pending = processStatus(root) ? [root] : [];
  while (pending.length && tree.length < 10_000) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function signalTree(root: number | undefined, signal: NodeJS.Signals): number[] {
  if (root === undefined) return [];
  const tree = processTree(root);
  for (const pid of tree) {
    try {
      process.kill(pid, signal);
    } catch {
      // Exited meanwhile.
    }
  }
  return tree;
}

async function killTree(root: number | undefined): Promise<void> {
  const tree = signalTree(root, 'SIGKILL');
  const deadline = Date.now() + 20_000;
  while (tree.some((pid) => processStatus(pid)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A fresh directory under the OS temp directory that the service user can write to. */
function tempDir(prefix: string, user: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  serviceUser(user).own(dir);
  return dir;
}

/** Servers still running when jest exits early (a failed beforeAll, a timeout) are killed on the way out. */
const running = new Set<() => number | undefined>();
process.once('exit', () => {
  for (const pid of running) signalTree(pid(), 'SIGKILL');
});

function dedicated(url: string, pid: () => number | undefined, start: () => Promise<unknown>, dir: string): DedicatedService {
  running.add(pid);
  return {
    url,
    freeze: () => void signalTree(pid(), 'SIGSTOP'),
    thaw: () => void signalTree(pid(), 'SIGCONT'),
    kill: () => killTree(pid()),
    restart: async () => void (await start()),
    async stop() {
      // A frozen server must be let go of, or SIGKILL leaves it stopped until SIGCONT.
      signalTree(pid(), 'SIGCONT');
      await killTree(pid());
      running.delete(pid);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startDedicatedPostgres(): Promise<DedicatedService> {
  const dir = tempDir('nyc-faults-pg-', 'nycapi-pg');
  const instance: PostgresInstance = { port: await freePort(), dataDir: path.join(dir, 'data'), runDir: path.join(dir, 'run'), sharedBuffers: '64MB' };
  const start = () => ensurePostgres(instance);
  const url = await start();
  return dedicated(url, () => postmasterPid(instance), start, dir);
}

export async function startDedicatedElasticsearch(): Promise<DedicatedService> {
  const dir = tempDir('nyc-faults-es-', 'nycapi-es');
  const instance: ElasticsearchInstance = {
    port: await freePort(),
    transportPort: await freePort(),
    dataDir: path.join(dir, 'data'),
    logDir: path.join(dir, 'logs'),
    heap: '512m',
  };
  const start = () => ensureElasticsearch(instance);
  const url = await start();
  return dedicated(url, () => elasticsearchPid(instance), start, dir);
}
