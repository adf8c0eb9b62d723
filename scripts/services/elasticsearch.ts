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
const HEAP = process.env.ES_HEAP ?? '2g';

const esDir = path.join(CACHE_DIR, `elasticsearch-${ES_VERSION}`);
const dataDir = path.join(CACHE_DIR, 'es-data');
const logDir = path.join(CACHE_DIR, 'es-logs');

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
export async function ensureElasticsearch(): Promise<string> {
  const url = `http://127.0.0.1:${ES_PORT}`;
  if (await elasticsearchAnswers(url)) return url;

  fetchDistribution();
  const user = serviceUser('nycapi-es');
  for (const dir of [dataDir, logDir]) fs.mkdirSync(dir, { recursive: true });
  for (const dir of [esDir, dataDir, logDir]) user.own(dir);

  const out = fs.openSync(path.join(CACHE_DIR, 'elasticsearch.out'), 'a');
  const child = spawn(
    path.join(esDir, 'bin', 'elasticsearch'),
    [
      '-E', 'discovery.type=single-node',
      '-E', 'network.host=127.0.0.1',
      '-E', `http.port=${ES_PORT}`,
      '-E', `transport.port=${ES_PORT + 100}`,
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
      env: { ...process.env, ES_JAVA_HOME: findJavaHome(), ES_JAVA_OPTS: `-Xms${HEAP} -Xmx${HEAP}` },
    },
  );
  child.unref();
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await elasticsearchAnswers(url)) return url;
    if (exited) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Elasticsearch did not start; see ${path.join(CACHE_DIR, 'elasticsearch.out')}`);
}
