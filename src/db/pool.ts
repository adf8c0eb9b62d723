import { Pool, types } from 'pg';

// DATE columns come back as 'YYYY-MM-DD' strings, not local-midnight Date objects.
types.setTypeParser(types.builtins.DATE, (value) => value);
// DATE[] the same way: parsed as TEXT[] (OID 1009), each element as written. Array OIDs
// are not in the typings' builtins list, hence the casts.
type TypeId = Parameters<typeof types.setTypeParser>[0];
types.setTypeParser(1182 as TypeId, types.getTypeParser(1009 as TypeId));
// BIGINT counts (count(*), sums) fit easily in a JS number.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

export interface PoolOptions {
  searchPath: string[];
  max?: number;
  statementTimeoutMs?: number;
}

/** A pool whose connections resolve unqualified table names in the given schemas. */
export function createPgPool(databaseUrl: string, options: PoolOptions): Pool {
  const settings = [`-c search_path=${options.searchPath.join(',')}`];
  if (options.statementTimeoutMs) settings.push(`-c statement_timeout=${options.statementTimeoutMs}`);
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    options: settings.join(' '),
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return pool;
}
