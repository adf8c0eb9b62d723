import { createHash } from 'node:crypto';
import { Client, Pool, types } from 'pg';
import type { ClientConfig, PoolConfig } from 'pg';
import { syncAfterCommit } from './data-changes';

// DATE columns come back as 'YYYY-MM-DD' strings, not local-midnight Date objects.
types.setTypeParser(types.builtins.DATE, (value) => value);
// DATE[] the same way: parsed as TEXT[] (OID 1009), each element as written. Array OIDs
// are not in the typings' builtins list, hence the casts.
type TypeId = Parameters<typeof types.setTypeParser>[0];
types.setTypeParser(1182 as TypeId, types.getTypeParser(1009 as TypeId));
// BIGINT counts (count(*), sums) fit easily in a JS number.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

/** The message of pg's client-side query timeout (query_timeout); the error has no code. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

export interface PoolOptions {
  searchPath: string[];
  max?: number;
  /**
   * How long one statement may take, enforced on both sides: the server cancels it
   * (statement_timeout), and the client stops waiting for a server that does not answer at
   * all (a frozen host), as it does for a connection that is not established in this time.
   */
  statementTimeoutMs?: number;
}

type QueryCallback = (error: Error | undefined, result: unknown) => void;

const WORD = /^\s*([a-z]+)/i;
const WRITE_VERBS = new Set(['insert', 'update', 'delete', 'copy', 'truncate', 'merge', 'call', 'do']);
const WRITE_IN_WITH = /\b(insert|update|delete|merge)\b/i;

/**
 * A pool client that closes its connection when a query times out on the client side. The
 * server may still be working on (or frozen in) that query: the connection is busy and, in a
 * transaction, in an unknown state. Closed, it is discarded by the pool on release (pg-pool
 * drops clients that are not queryable), the server rolls its transaction back once it sees
 * the connection gone, and the next checkout gets a fresh connection.
 */
class StoreClient extends Client {
  constructor(config: ClientConfig) {
    super(config);
    // A held client (a transaction) has no listener of pg-pool's while checked out, and a
    // connection dying then would be an uncaught 'error' event. The queries in flight are
    // rejected with the same error, which is where callers see it.
    this.on('error', () => undefined);
  }

  /** Inside begin ... commit: writes become visible at the commit, not statement by statement. */
  private inTransaction = false;

  // The overloads of query are pg's; every form is passed through unchanged.
  override query(...args: unknown[]): any {
    const run = Client.prototype.query as (...queryArgs: unknown[]) => unknown;
    const commits = this.makesWritesVisible(args[0]);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as QueryCallback;
      args[args.length - 1] = (error: Error | undefined, result: unknown) => {
        this.closeAfterTimeout(error);
        if (commits && !error) void syncAfterCommit().then(() => callback(error, result));
        else callback(error, result);
      };
      return run.apply(this, args);
    }
    const result = run.apply(this, args);
    if (result instanceof Promise) {
      return result.then(
        async (value: unknown) => {
          if (commits) await syncAfterCommit();
          return value;
        },
        (error: unknown) => {
          this.closeAfterTimeout(error);
          throw error;
        },
      );
    }
    return result;
  }

  /**
   * Whether the statement, once done, has made writes visible to other sessions: a commit, or
   * a write outside a transaction. Kept reads of this process must hear of those before the
   * writer goes on (src/db/data-changes.ts).
   */
  private makesWritesVisible(statement: unknown): boolean {
    const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') return false;
    const verb = WORD.exec(text)?.[1]?.toLowerCase();
    switch (verb) {
      case 'begin':
      case 'start':
        this.inTransaction = true;
        return false;
      case 'commit':
      case 'end':
        this.inTransaction = false;
        return true;
      case 'rollback':
      case 'abort':
        // "rollback to savepoint" stays inside the transaction.
        if (!/^\s*rollback\s+to\b/i.test(text)) this.inTransaction = false;
        return false;
      default:
        return !this.inTransaction && verb !== undefined && (WRITE_VERBS.has(verb) || (verb === 'with' && WRITE_IN_WITH.test(text)));
    }
  }

  private closeAfterTimeout(error: unknown): void {
    if ((error as Error | undefined)?.message !== QUERY_TIMEOUT_MESSAGE) return;
    // end() marks the client as ending at once, so a release in the same tick already
    // discards it; destroying the socket does not wait for a goodbye the server cannot send.
    void this.end();
    this.connection.stream.destroy();
  }
}

/** A pool whose connections resolve unqualified table names in the given schemas. */
export function createPgPool(databaseUrl: string, options: PoolOptions): Pool {
  const { connectionString, urlOptions } = withoutOptions(databaseUrl);
  // pg lets the URL's `options` replace the pool's: the URL's settings come first, ours after them.
  // Statements cast dates to text (the ingest's documents, the CSV exports) and read them as
  // YYYY-MM-DD, whatever DateStyle the server or the URL would give a session.
  const settings = [...(urlOptions ? [urlOptions] : []), `-c search_path=${options.searchPath.join(',')}`, '-c datestyle=ISO,YMD'];
  const timeoutMs = options.statementTimeoutMs;
  if (timeoutMs) settings.push(`-c statement_timeout=${timeoutMs}`);
  const config: PoolConfig = {
    connectionString,
    max: options.max ?? 10,
    options: settings.join(' '),
    // Waiting for a free client or a new connection, then for each query's answer: without
    // these, a frozen server holds a request for as long as it stays frozen.
    connectionTimeoutMillis: timeoutMs || 5000,
    ...(timeoutMs ? { query_timeout: timeoutMs } : {}),
    idleTimeoutMillis: 30000,
    Client: StoreClient as unknown as PoolConfig['Client'],
  };
  const pool = new Pool(config);
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}

/** A database URL without its `options` parameter (server settings such as `-c datestyle=...`), and that parameter. */
export function withoutOptions(databaseUrl: string): { connectionString: string; urlOptions: string | null } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return { connectionString: databaseUrl, urlOptions: null };
  }
  const urlOptions = url.searchParams.get('options');
  if (urlOptions === null) return { connectionString: databaseUrl, urlOptions: null };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), urlOptions };
}

/**
 * A statement Postgres prepares once per pooled connection: named after its text, so a builder
 * that writes a few shapes of text (filters present or not) gets one plan per shape, and every
 * later execution skips parsing and planning (1.6 ms of planning against 0.3 ms of execution for
 * a contractor's ticket page). Each pool's connections keep one search_path, which the plans use.
 */
export function prepared(text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
    // Builders write a few shapes of text each; the cap only guards against one that would not.
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/** Statement text -> its name: a request's statements are named without hashing their text again. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1000;
