import type { PoolClient } from 'pg';
import type { NumberedRow, RestaurantSourceRow } from '../../src/domain/restaurants/grouping';

/**
 * The run's rows wait in a session-local temporary table: grouping needs every row of an
 * establishment, and a file is not sorted by CAMIS. A killed run leaves nothing behind
 * (the table dies with the session); memory stays bounded by the batch size.
 */

const TEXT_COLUMNS = [
  'camis', 'name', 'boro', 'building', 'street', 'zip', 'phone', 'cuisine', 'inspection_date', 'action', 'violation_code',
  'violation_description', 'critical_flag', 'grade', 'grade_date', 'record_date', 'inspection_type', 'community_board',
  'council_district', 'census_tract', 'bin', 'bbl', 'nta',
] as const;

const TEXT_FIELDS: Record<(typeof TEXT_COLUMNS)[number], keyof RestaurantSourceRow> = {
  camis: 'camis', name: 'name', boro: 'boro', building: 'building', street: 'street', zip: 'zip', phone: 'phone', cuisine: 'cuisine',
  inspection_date: 'inspectionDate', action: 'action', violation_code: 'violationCode', violation_description: 'violationDescription',
  critical_flag: 'criticalFlag', grade: 'grade', grade_date: 'gradeDate', record_date: 'recordDate', inspection_type: 'inspectionType',
  community_board: 'communityBoard', council_district: 'councilDistrict', census_tract: 'censusTract', bin: 'bin', bbl: 'bbl', nta: 'nta',
};

export async function createStagingTable(client: PoolClient): Promise<void> {
  await client.query('drop table if exists pg_temp.ingest_staging');
  await client.query(`create temporary table ingest_staging (
    line integer not null, ${TEXT_COLUMNS.map((column) => `${column} text`).join(', ')},
    score integer, latitude double precision, longitude double precision)`);
}

export async function dropStagingTable(client: PoolClient): Promise<void> {
  await client.query('drop table if exists pg_temp.ingest_staging');
}

/** One multi-row insert per batch, as column arrays. */
export async function stageRows(client: PoolClient, rows: NumberedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [rows.map(({ line }) => line)];
  for (const column of TEXT_COLUMNS) params.push(rows.map(({ row }) => row[TEXT_FIELDS[column]]));
  params.push(rows.map(({ row }) => row.score), rows.map(({ row }) => row.latitude), rows.map(({ row }) => row.longitude));
  const types = ['integer', ...TEXT_COLUMNS.map(() => 'text'), 'integer', 'double precision', 'double precision'];
  await client.query(
    `insert into ingest_staging (line, ${TEXT_COLUMNS.join(', ')}, score, latitude, longitude)
     select * from unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`,
    params,
  );
}

export async function indexStagingTable(client: PoolClient): Promise<{ establishments: number }> {
  await client.query('create index on ingest_staging (camis, line)');
  await client.query('analyze ingest_staging');
  const { rows } = await client.query('select count(distinct camis)::int as n from ingest_staging');
  return { establishments: rows[0].n };
}

/** The next `limit` establishments after `after`, in CAMIS order. */
export async function nextCamisChunk(client: PoolClient, after: string, limit: number): Promise<string[]> {
  const { rows } = await client.query('select distinct camis from ingest_staging where camis > $1 order by camis limit $2', [after, limit]);
  return rows.map((row) => row.camis as string);
}

/** Every staged row of these establishments, in file order. */
export async function stagedRows(client: PoolClient, camis: string[]): Promise<NumberedRow[]> {
  const { rows } = await client.query('select * from ingest_staging where camis = any($1) order by line', [camis]);
  return rows.map((record) => {
    const row = { score: record.score, latitude: record.latitude, longitude: record.longitude } as RestaurantSourceRow;
    for (const column of TEXT_COLUMNS) (row as unknown as Record<string, unknown>)[TEXT_FIELDS[column]] = record[column];
    return { line: record.line as number, row };
  });
}
