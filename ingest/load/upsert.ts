/**
 * The canonical tables' upsert: many rows in one statement (one array parameter per
 * column, in `columns` order, or with `from` the rows of that table: one filled by COPY,
 * copy-rows.ts, costs far less for thousands of wide rows), updating a stored row only
 * where a value differs, so a re-run writes nothing; returns `returning` of the rows it
 * inserted or changed. With `keepStoredOverNull`, a null (a column the source left blank
 * or does not have) never overwrites a stored value. With `stamp`, that column of every row
 * inserted or changed takes the sequence's next value (a row's own version).
 */
export function upsertSql(
  table: string,
  columns: ReadonlyArray<readonly [name: string, type: string]>,
  key: readonly string[],
  returning: string,
  options: { keepStoredOverNull?: boolean; from?: string; stamp?: { column: string; sequence: string } } = {},
): string {
  const names = columns.map(([name]) => name);
  const values = names.filter((name) => !key.includes(name));
  const incoming = (name: string) => (options.keepStoredOverNull ? `coalesce(excluded.${name}, ${table}.${name})` : `excluded.${name}`);
  const { stamp } = options;
  const source = options.from ? `select ${names.join(', ')} from ${options.from}` : `select * from unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`;
  const sets = values.map((name) => `${name} = ${incoming(name)}`);
  if (stamp) sets.push(`${stamp.column} = nextval('${stamp.sequence}')`);
  return `insert into ${table} (${[...names, ...(stamp ? [stamp.column] : [])].join(', ')})
    ${stamp ? `select *, nextval('${stamp.sequence}') from (${source}) incoming` : source}
    on conflict (${key.join(', ')}) do update set ${sets.join(', ')}
    where (${values.map((name) => `${table}.${name}`).join(', ')}) is distinct from (${values.map(incoming).join(', ')})
    returning ${returning}`;
}
