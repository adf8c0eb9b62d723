import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in one transaction: commit when it resolves, rollback when it throws. Given
 * the pool, it checks a client out for the transaction; given a client, it uses that one
 * (a session that holds an advisory lock across many transactions).
 */
export async function inTransaction<T>(db: Pool | PoolClient, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const held = isPoolClient(db);
  const client = held ? db : await db.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    if (!held) client.release();
  }
}

function isPoolClient(db: Pool | PoolClient): db is PoolClient {
  return typeof (db as Partial<PoolClient>).release === 'function';
}

/**
 * Runs `work` on one pooled session that holds the session advisory lock `name` meanwhile,
 * without a statement timeout (long statements are normal in bulk work; the API's timeout
 * is for requests). `wait: false` gives up at once when another session holds the lock
 * and answers `{ locked: false }`.
 */
export async function withAdvisoryLock<T>(pg: Pool, name: string, work: (client: PoolClient) => Promise<T>): Promise<T>;
export async function withAdvisoryLock<T>(pg: Pool, name: string, work: (client: PoolClient) => Promise<T>, options: { wait: false }): Promise<{ locked: true; result: T } | { locked: false }>;
export async function withAdvisoryLock<T>(pg: Pool, name: string, work: (client: PoolClient) => Promise<T>, options: { wait: boolean } = { wait: true }): Promise<unknown> {
  const client = await pg.connect();
  try {
    await client.query('set statement_timeout = 0');
    if (options.wait) await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    else {
      const { rows } = await client.query('select pg_try_advisory_lock(hashtext($1)) as ok', [name]);
      if (!rows[0].ok) return { locked: false };
    }
    try {
      const result = await work(client);
      return options.wait ? result : { locked: true, result };
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await client.query('reset statement_timeout').catch(() => undefined);
    client.release();
  }
}
