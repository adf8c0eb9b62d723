/**
 * The canonical tables' upsert: many rows in one statement (one array parameter per
 * column, in `columns` order, or with `from` the rows of that table: one filled by COPY,
 * copy-rows.ts, costs far less for thousands of wide rows), updating a stored row only
 * where a value differs, so a re-run writes nothing; returns `returning` of the rows it
 * inserted or changed. With `keepStoredOverNull`, a null (a column the source left blank
 * or does not have) never overwrites a stored value.
 */
export function upsertSql(
  table: string,
  columns: ReadonlyArray<readonly [name: string, type: string]>,
  key: readonly string[],
  returning: string,
  options: { keepStoredOverNull?: boolean; from?: string } = {},
): string {
  const names = columns.map(([name]) => name);
  const values = names.filter((name) => !key.includes(name));
  const incoming = (name: string) => (options.keepStoredOverNull ? `coalesce(excluded.${name}, ${table}.${name})` : `excluded.${name}`);
  return `insert into ${table} (${names.join(', ')})
    ${options.from ? `select ${names.join(', ')} from ${options.from}` : `select * from unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`}
    on conflict (${key.join(', ')}) do update set ${values.map((name) => `${name} = ${incoming(name)}`).join(', ')}
    where (${values.map((name) => `${table}.${name}`).join(', ')}) is distinct from (${values.map(incoming).join(', ')})
    returning ${returning}`;
}
