import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, REPO_ROOT } from './paths';
import { httpCall } from './http';
import { serviceUser } from './run-as';

/** Pinned to match the @elastic/elasticsearch client major/minor in package.json. */
export const ES_VERSION = '8.19.21';
const ARTIFACT = `org.elasticsearch.distribution.integ-test-zip:elasticsearch:${ES_VERSION}:zip`;
export const ES_PORT = Number(process.env.ES_PORT ?? 9250);

const esDir = path.join(CACHE_DIR, `elasticsearch-${ES_VERSION}`);

/** Where one Elasticsearch node listens and keeps its files; every node runs the one cached distribution. */
export interface ElasticsearchInstance {
  port: number;
  transportPort: number;
  dataDir: string;
  /** Logs, the console output and the server's pid file. */
  logDir: string;
  heap: string;
}

/** The machine's shared node, reused by every checkout and test run. */
export const SHARED_ELASTICSEARCH: ElasticsearchInstance = {
  port: ES_PORT,
  transportPort: ES_PORT + 100,
  dataDir: path.join(CACHE_DIR, 'es-data'),
  logDir: path.join(CACHE_DIR, 'es-logs'),
  heap: process.env.ES_HEAP ?? '2g',
};

const pidFileOf = (instance: ElasticsearchInstance) => path.join(instance.logDir, 'elasticsearch.pid');

/** The server process's id, from the pid file a running node writes (undefined when there is none). */
export function elasticsearchPid(instance: ElasticsearchInstance): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFileOf(instance), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function elasticsearchAnswers(url: string): Promise<boolean> {
  try {
    return (await httpCall('GET', `${url}/_cluster/health`, 2000)).status === 200;
  } catch {
    return false;
  }
}

/** ES 8.x runs on Java 17+; prefer the machine's JDK 17 (ES 8 still relies on the SecurityManager, gone in JDK 24). */
export function findJavaHome(): string {
  if (process.env.ES_JAVA_HOME) return process.env.ES_JAVA_HOME;
  const jvmRoot = '/usr/lib/jvm';
  const candidates = fs.existsSync(jvmRoot) ? fs.readdirSync(jvmRoot) : [];
  for (const version of ['17', '21']) {
    const hit = candidates.find((name) => name.includes(`-${version}-`) || name.endsWith(`-${version}`));
    if (hit && fs.existsSync(path.join(jvmRoot, hit, 'bin', 'java'))) return path.join(jvmRoot, hit);
  }
  if (process.env.JAVA_HOME) return process.env.JAVA_HOME;
  throw new Error('No JDK 17 or 21 found for Elasticsearch: install openjdk-17-jdk-headless or set ES_JAVA_HOME');
}

/** unzip keeps the scripts' exec bits; without it, Python's zipfile extracts and bin/ is made executable by hand. */
function extractZip(zip: string, into: string): void {
  try {
    execFileSync('unzip', ['-q', zip, '-d', into]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    execFileSync('python3', ['-m', 'zipfile', '-e', zip, into]);
    const bin = path.join(into, `elasticsearch-${ES_VERSION}`, 'bin');
    for (const file of fs.readdirSync(bin)) fs.chmodSync(path.join(bin, file), 0o755);
  }
}

function fetchDistribution(): void {
  if (fs.existsSync(path.join(esDir, 'bin', 'elasticsearch'))) return;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const download = path.join(CACHE_DIR, 'download');
  fs.mkdirSync(download, { recursive: true });
  console.log(`[services] fetching Elasticsearch ${ES_VERSION} from Maven Central`);
  execFileSync(
    'mvn',
    ['-q', '-B', 'dependency:copy', `-Dartifact=${ARTIFACT}`, `-DoutputDirectory=${download}`, '-f', path.join(REPO_ROOT, 'scripts', 'services', 'pom.xml')],
    { stdio: 'inherit' },
  );
  const zip = path.join(download, `elasticsearch-${ES_VERSION}.zip`);
  const staging = path.join(CACHE_DIR, `staging-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  extractZip(zip, staging);
  fs.renameSync(path.join(staging, `elasticsearch-${ES_VERSION}`), esDir);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.rmSync(zip, { force: true });
}

/** Starts a detached single-node Elasticsearch on 127.0.0.1 (or reuses the one already answering) and returns its URL. */
export async function ensureElasticsearch(instance: ElasticsearchInstance = SHARED_ELASTICSEARCH): Promise<string> {
  const { port, dataDir, logDir } = instance;
  const url = `http://127.0.0.1:${port}`;
  if (await elasticsearchAnswers(url)) return url;

  fetchDistribution();
  const user = serviceUser('nycapi-es');
  for (const dir of [dataDir, logDir]) fs.mkdirSync(dir, { recursive: true });
  for (const dir of [esDir, dataDir, logDir]) user.own(dir);

  // The shared node's console output stays where it always was.
  const outFile = instance === SHARED_ELASTICSEARCH ? path.join(CACHE_DIR, 'elasticsearch.out') : path.join(logDir, 'elasticsearch.out');
  const out = fs.openSync(outFile, 'a');
  const child = spawn(
    path.join(esDir, 'bin', 'elasticsearch'),
    [
      '-p', pidFileOf(instance),
      '-E', 'discovery.type=single-node',
      '-E', 'network.host=127.0.0.1',
      '-E', `http.port=${port}`,
      '-E', `transport.port=${instance.transportPort}`,
      '-E', 'xpack.security.enabled=false',
      '-E', 'cluster.routing.allocation.disk.threshold_enabled=false',
      '-E', 'action.destructive_requires_name=false',
      '-E', `path.data=${dataDir}`,
      '-E', `path.logs=${logDir}`,
    ],
    {
      detached: true,
      stdio: ['ignore', out, out],
      uid: user.uid,
      gid: user.gid,
      env: { ...process.env, ES_JAVA_HOME: findJavaHome(), ES_JAVA_OPTS: `-Xms${instance.heap} -Xmx${instance.heap}` },
    },
  );
  child.unref();
  fs.closeSync(out);
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await elasticsearchAnswers(url)) return url;
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Elasticsearch did not start; see ${outFile}`);
}
