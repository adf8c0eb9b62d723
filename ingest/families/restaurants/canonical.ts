import type { PoolClient } from 'pg';
import type { EstablishmentHistory } from '../../../src/restaurants/types';
import { upsertSql } from '../../load/upsert';

/**
 * Upserts of the canonical tables. Each writes only rows whose values differ from what is
 * stored (so a re-run writes nothing) and returns the CAMIS of what it changed. Rows are
 * never deleted: history missing from a later export stays. Each row written takes a new
 * version from the family's sequence (an establishment's in `fields_version`): its feed
 * documents' external version, so a load re-indexes only the documents it changed.
 */

const VERSION_SEQUENCE = 'restaurant_version_seq';

const ESTABLISHMENT_COLUMNS: Array<[string, string, (h: EstablishmentHistory) => unknown]> = [
  ['camis', 'text', (h) => h.establishment.camis],
  ['name', 'text', (h) => h.establishment.name],
  ['building', 'text', (h) => h.establishment.building],
  ['street', 'text', (h) => h.establishment.street],
  ['address', 'text', (h) => h.establishment.address],
  ['borough', 'text', (h) => h.establishment.borough],
  ['zip', 'text', (h) => h.establishment.zip],
  ['phone', 'text', (h) => h.establishment.phone],
  ['cuisine', 'text', (h) => h.establishment.cuisine],
  ['latitude', 'double precision', (h) => h.establishment.latitude],
  ['longitude', 'double precision', (h) => h.establishment.longitude],
  ['bin', 'text', (h) => h.establishment.bin],
  ['bbl', 'text', (h) => h.establishment.bbl],
  ['nta', 'text', (h) => h.establishment.nta],
  ['community_board', 'text', (h) => h.establishment.communityBoard],
  ['council_district', 'text', (h) => h.establishment.councilDistrict],
  ['census_tract', 'text', (h) => h.establishment.censusTract],
];

async function upsert(client: PoolClient, table: string, columns: Array<[string, string]>, key: string[], values: unknown[][]): Promise<string[]> {
  if (values[0].length === 0) return [];
  const { rows } = await client.query(upsertSql(table, columns, key, 'camis', { stamp: { column: 'version', sequence: VERSION_SEQUENCE } }), values);
  return rows.map((row) => row.camis as string);
}

/** Returns the CAMIS changed, and among them those that are new (inserted, xmax = 0). */
export async function upsertEstablishments(client: PoolClient, histories: EstablishmentHistory[]): Promise<{ changed: string[]; inserted: Set<string> }> {
  if (histories.length === 0) return { changed: [], inserted: new Set() };
  const columns: Array<[string, string]> = ESTABLISHMENT_COLUMNS.map(([name, type]) => [name, type]);
  const sql = upsertSql('restaurant_establishments', columns, ['camis'], 'camis, (xmax = 0) as inserted', { stamp: { column: 'fields_version', sequence: VERSION_SEQUENCE } });
  const { rows } = await client.query(sql, ESTABLISHMENT_COLUMNS.map(([, , get]) => histories.map(get)));
  return { changed: rows.map((row) => row.camis as string), inserted: new Set(rows.filter((row) => row.inserted).map((row) => row.camis as string)) };
}

export async function upsertInspections(client: PoolClient, histories: EstablishmentHistory[]): Promise<string[]> {
  const visits = histories.flatMap((h) => h.inspections.map((inspection) => ({ camis: h.establishment.camis, ...inspection })));
  return upsert(
    client,
    'restaurant_inspections',
    [['camis', 'text'], ['inspected_at', 'date'], ['inspection_type', 'text'], ['score', 'integer'], ['grade', 'text'], ['grade_date', 'date'], ['action', 'text'], ['closure', 'text']],
    ['camis', 'inspected_at', 'inspection_type'],
    [
      visits.map((v) => v.camis), visits.map((v) => v.inspectedAt), visits.map((v) => v.inspectionType), visits.map((v) => v.score),
      visits.map((v) => v.grade), visits.map((v) => v.gradeDate), visits.map((v) => v.action), visits.map((v) => v.closure),
    ],
  );
}

export async function upsertCitations(client: PoolClient, histories: EstablishmentHistory[]): Promise<string[]> {
  const citations = histories.flatMap((h) =>
    h.inspections.flatMap((inspection) => inspection.citations.map((citation) => ({ camis: h.establishment.camis, inspectedAt: inspection.inspectedAt, inspectionType: inspection.inspectionType, ...citation }))),
  );
  return upsert(
    client,
    'restaurant_citations',
    [['camis', 'text'], ['inspected_at', 'date'], ['inspection_type', 'text'], ['code', 'text'], ['description', 'text'], ['critical_flag', 'text'], ['critical', 'boolean'], ['category', 'text']],
    ['camis', 'inspected_at', 'inspection_type', 'code'],
    [
      citations.map((c) => c.camis), citations.map((c) => c.inspectedAt), citations.map((c) => c.inspectionType), citations.map((c) => c.code),
      citations.map((c) => c.description), citations.map((c) => c.criticalFlag), citations.map((c) => c.critical), citations.map((c) => c.category),
    ],
  );
}

/** The code table keeps the newest description seen and the maintained category. */
export async function upsertViolationCodes(client: PoolClient, histories: EstablishmentHistory[]): Promise<void> {
  const codes = new Map<string, { description: string; category: string }>();
  for (const h of histories) for (const inspection of h.inspections) for (const citation of inspection.citations) {
    if (citation.description) codes.set(citation.code, { description: citation.description, category: citation.category });
  }
  if (codes.size === 0) return;
  await client.query(
    `insert into restaurant_violation_codes (code, description, category) select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (code) do update set description = excluded.description, category = excluded.category
     where (restaurant_violation_codes.description, restaurant_violation_codes.category) is distinct from (excluded.description, excluded.category)`,
    [[...codes.keys()], [...codes.values()].map((c) => c.description), [...codes.values()].map((c) => c.category)],
  );
}
