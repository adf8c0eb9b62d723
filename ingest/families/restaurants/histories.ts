import type { Pool, PoolClient } from 'pg';
import { categoryOf } from '../../../src/domain/restaurants/violation-codes';
import type { CitationRecord, CriticalFlag, EstablishmentHistory, EstablishmentRecord, Grade, InspectionRecord, ViolationCategory } from '../../../src/restaurants/types';

/** Canonical rows back into histories (what derivations and documents are built from). */

export interface StoredEstablishment extends EstablishmentRecord {
  version: number;
  /** Stamped whenever the establishment's own columns change (migration 602). */
  fieldsVersion: number;
}

/** Document ids: stable, unique, and the feeds' sort tiebreaker. */
export const inspectionId = (camis: string, inspectedAt: string, type: string) => `${camis}|${inspectedAt}|${type}`;
export const violationId = (camis: string, inspectedAt: string, type: string, code: string) => `${camis}|${inspectedAt}|${type}|${code}`;

export function establishmentFromDb(row: Record<string, unknown>): StoredEstablishment {
  return {
    camis: row.camis as string,
    name: row.name as string,
    building: row.building as string | null,
    street: row.street as string | null,
    address: row.address as string,
    borough: row.borough as string,
    zip: row.zip as string | null,
    phone: row.phone as string | null,
    cuisine: row.cuisine as string | null,
    latitude: row.latitude as number | null,
    longitude: row.longitude as number | null,
    bin: row.bin as string | null,
    bbl: row.bbl as string | null,
    nta: row.nta as string | null,
    communityBoard: row.community_board as string | null,
    councilDistrict: row.council_district as string | null,
    censusTract: row.census_tract as string | null,
    version: Number(row.version),
    fieldsVersion: Number(row.fields_version),
  };
}

export interface StoredHistory extends EstablishmentHistory {
  establishment: StoredEstablishment;
  /** Each visit's and citation's row version, by its document id (inspectionId, violationId). */
  rowVersions: Map<string, number>;
}

export async function loadHistories(pg: Pool | PoolClient, camis: string[]): Promise<Map<string, StoredHistory>> {
  if (camis.length === 0) return new Map();
  // One after another: a single client cannot run queries concurrently.
  const establishments = await pg.query('select * from restaurant_establishments where camis = any($1)', [camis]);
  const inspections = await pg.query('select * from restaurant_inspections where camis = any($1)', [camis]);
  const citations = await pg.query('select * from restaurant_citations where camis = any($1) order by code', [camis]);
  const histories = new Map<string, StoredHistory>();
  for (const row of establishments.rows) histories.set(row.camis, { establishment: establishmentFromDb(row), inspections: [], rowVersions: new Map() });
  const visits = new Map<string, InspectionRecord>();
  for (const row of inspections.rows) {
    const visit: InspectionRecord = {
      inspectedAt: row.inspected_at,
      inspectionType: row.inspection_type,
      score: row.score,
      grade: row.grade as Grade | null,
      gradeDate: row.grade_date,
      action: row.action,
      closure: row.closure,
      citations: [],
    };
    const id = inspectionId(row.camis, row.inspected_at, row.inspection_type);
    visits.set(id, visit);
    const history = histories.get(row.camis);
    history?.inspections.push(visit);
    history?.rowVersions.set(id, Number(row.version));
  }
  for (const row of citations.rows) {
    const citation: CitationRecord = {
      code: row.code,
      description: row.description,
      criticalFlag: row.critical_flag as CriticalFlag | null,
      critical: row.critical,
      category: (row.category as ViolationCategory) ?? categoryOf(row.code),
    };
    visits.get(inspectionId(row.camis, row.inspected_at, row.inspection_type))?.citations.push(citation);
    histories.get(row.camis)?.rowVersions.set(violationId(row.camis, row.inspected_at, row.inspection_type, row.code), Number(row.version));
  }
  return histories;
}
