import os from 'node:os';
import path from 'node:path';

function defaultCacheDir(): string {
  // As root the services run as their own users, which cannot enter root's 0700 home.
  if (process.getuid?.() === 0) return '/var/cache/nyc-records-api';
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'nyc-records-api');
}

/** Downloads and service data live outside the repository, shared by every checkout on the machine. */
export const CACHE_DIR = process.env.NYC_API_CACHE_DIR ?? defaultCacheDir();

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
