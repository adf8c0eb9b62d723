import { createHash, hash, randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Mode } from '../db/schemas';

export type Tier = 'standard' | 'unlimited';

export interface ApiKeyRecord {
  id: number;
  pairId: string;
  mode: Mode;
  name: string;
  tier: Tier;
  dailyLimit: number | null;
  /** The daily limit applies to each client address separately (a key published for everyone). */
  limitPerClient: boolean;
  createdAt: string;
  revokedAt: string | null;
  keyPrefix: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PATTERN = /^ik_(live|test)_[0-9A-Za-z]{32,}$/;

function randomBase62(length: number): string {
  // Rejection sampling keeps every character equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Every request's key check hashes its key: the one-shot digest costs about a quarter of a createHash object. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function generateKey(mode: Mode): string {
  return `ik_${mode}_${randomBase62(40)}`;
}

function toRecord(row: Record<string, unknown>): ApiKeyRecord {
  return {
    id: Number(row.id),
    pairId: row.pair_id as string,
    mode: row.mode as Mode,
    name: row.name as string,
    tier: row.tier as Tier,
    dailyLimit: (row.daily_limit as number | null) ?? null,
    limitPerClient: row.limit_per_client === true,
    createdAt: (row.created_at as Date).toISOString(),
    revokedAt: row.revoked_at ? (row.revoked_at as Date).toISOString() : null,
    keyPrefix: row.key_prefix as string,
  };
}

export interface NewKeyPair {
  live: string;
  test: string;
  pairId: string;
}

/** Creates a live key and its test twin; the plaintext keys are returned once and never stored. */
export async function createKeyPair(pool: Pool, input: { name: string; tier: Tier; dailyLimit: number | null; limitPerClient?: boolean }): Promise<NewKeyPair> {
  const pairId = randomUUID();
  const keys = { live: generateKey('live'), test: generateKey('test') };
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const mode of ['live', 'test'] as const) {
      await client.query(
        'insert into api_keys (pair_id, key_hash, key_prefix, mode, name, tier, daily_limit, limit_per_client) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [pairId, hashKey(keys[mode]), keys[mode].slice(0, 12), mode, input.name, input.tier, input.dailyLimit, input.limitPerClient ?? false],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  return { ...keys, pairId };
}

export async function findKeyByHash(pool: Pool, keyHash: string): Promise<ApiKeyRecord | null> {
  const { rows } = await pool.query('select * from api_keys where key_hash = $1', [keyHash]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function listKeys(pool: Pool): Promise<ApiKeyRecord[]> {
  const { rows } = await pool.query('select * from api_keys order by created_at, pair_id, mode');
  return rows.map(toRecord);
}

/** Revokes both keys of a pair, found by the pair id or by either key's prefix. Returns how many keys were revoked. */
export async function revokeKeys(pool: Pool, pairIdOrPrefix: string): Promise<number> {
  const { rowCount } = await pool.query(
    `update api_keys set revoked_at = now()
      where revoked_at is null
        and pair_id in (select pair_id from api_keys where pair_id::text = $1 or key_prefix = $1 or key_hash = $2)`,
    [pairIdOrPrefix, hashKey(pairIdOrPrefix)],
  );
  return rowCount ?? 0;
}

const PUBLIC_TEST_KEY_SETTING = 'public_test_key';
export const PUBLIC_TEST_KEY_DAILY_LIMIT = 10_000;

/**
 * The shared public test key of the reference consoles. It is public by design, so its
 * plaintext is kept (in settings) to be printed at every start; its live twin is not.
 */
export async function ensurePublicTestKey(pool: Pool): Promise<string> {
  const existing = await pool.query('select value from platform_settings where name = $1', [PUBLIC_TEST_KEY_SETTING]);
  if (existing.rows[0]) {
    const key = existing.rows[0].value as string;
    const record = await findKeyByHash(pool, hashKey(key));
    if (record && !record.revokedAt) return key;
  }
  // Published for every console: one busy client must not spend everyone's day, so the limit is per client address.
  const pair = await createKeyPair(pool, { name: 'Public test key', tier: 'standard', dailyLimit: PUBLIC_TEST_KEY_DAILY_LIMIT, limitPerClient: true });
  await pool.query(
    'insert into platform_settings (name, value) values ($1, $2) on conflict (name) do update set value = excluded.value',
    [PUBLIC_TEST_KEY_SETTING, pair.test],
  );
  return pair.test;
}
