import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface RunAs {
  uid?: number;
  gid?: number;
  /** Hands a path to the service user so it can write there. */
  own(path: string): void;
}

/**
 * Elasticsearch and Postgres both refuse to run as root. As root, services run as a
 * dedicated system user created on first use; otherwise they run as the caller.
 */
export function serviceUser(name: string): RunAs {
  if (process.getuid?.() !== 0) return { own: () => undefined };
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
  }
  const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
  return {
    uid,
    gid,
    own: (target) => execFileSync('chown', ['-R', `${uid}:${gid}`, target]),
  };
}

export function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
