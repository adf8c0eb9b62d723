import path from 'node:path';
import { localDataDir } from '../../src/platform/local-secrets';

/** Downloads and service data live outside the repository, shared by every checkout on the machine. */
export const CACHE_DIR = localDataDir(process.env);

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
