import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a local run keeps its downloads, service data and secrets, outside the repository. */
export function localDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NYC_API_CACHE_DIR) return env.NYC_API_CACHE_DIR;
  // As root the services run as their own users, which cannot enter root's 0700 home.
  if (process.getuid?.() === 0) return '/var/cache/nyc-records-api';
  return path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'nyc-records-api');
}

export interface LocalSecrets {
  cursorSecret: string;
  deviceIdSalt: string;
}

const FILE_NAME = 'local-secrets.json';

/**
 * The secrets of a local (non-production) run: random on first start, then kept beside the
 * local data (mode 0600) so cursors stay valid and device hashes stay the same across restarts.
 * A published constant would let anyone forge cursors and recompute device hashes.
 * Concurrent first starts agree: the file is created exclusively, and the loser reads it.
 */
export function localSecrets(dir: string): LocalSecrets {
  const file = path.join(dir, FILE_NAME);
  fs.mkdirSync(dir, { recursive: true });
  const fresh: LocalSecrets = { cursorSecret: randomBytes(32).toString('base64url'), deviceIdSalt: randomBytes(32).toString('base64url') };
  try {
    fs.writeFileSync(file, `${JSON.stringify(fresh)}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (fs.statSync(file).mode & 0o077) fs.chmodSync(file, 0o600);
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  if (typeof stored.cursorSecret !== 'string' || stored.cursorSecret.length < 32 || typeof stored.deviceIdSalt !== 'string' || stored.deviceIdSalt.length < 32) {
    throw new Error(`${file} is not a secrets file this service wrote; move it away to have a new one made`);
  }
  return { cursorSecret: stored.cursorSecret, deviceIdSalt: stored.deviceIdSalt };
}
