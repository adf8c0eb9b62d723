import { normalizeBorough } from '../../nyc';
import type { CitationRecord, CriticalFlag, EstablishmentHistory, EstablishmentRecord, Grade, InspectionRecord } from './types';
import { closureOf, formatAddress } from './records';
import { categoryOf, normalizeViolationCode } from './violation-codes';

/**
 * One typed row of the DOHMH data set, whichever format it came from. Placeholders are
 * already resolved: inspectionDate is null for never-inspected establishments, and
 * coordinates are null unless the city geocoded the address.
 */
export interface RestaurantSourceRow {
  camis: string;
  name: string;
  boro: string | null;
  building: string | null;
  street: string | null;
  zip: string | null;
  phone: string | null;
  cuisine: string | null;
  inspectionDate: string | null;
  action: string | null;
  violationCode: string | null;
  violationDescription: string | null;
  criticalFlag: CriticalFlag | null;
  score: number | null;
  grade: Grade | null;
  gradeDate: string | null;
  recordDate: string | null;
  inspectionType: string | null;
  latitude: number | null;
  longitude: number | null;
  communityBoard: string | null;
  councilDistrict: string | null;
  censusTract: string | null;
  bin: string | null;
  bbl: string | null;
  nta: string | null;
}

export interface NumberedRow {
  line: number;
  row: RestaurantSourceRow;
}

/** A row whose identity (camis, date, type, code) an earlier row already had. */
export interface MergedDuplicate {
  line: number;
  duplicateOf: number;
}

export interface GroupedRows {
  histories: Map<string, EstablishmentHistory>;
  loaded: number;
  duplicates: MergedDuplicate[];
}

/** The identity of a source row: one citation, or one citation-less visit, or one never-inspected listing. */
export function rowIdentity(row: RestaurantSourceRow): string {
  return [row.camis, row.inspectionDate ?? '', row.inspectionType ?? '', normalizeViolationCode(row.violationCode) ?? ''].join('|');
}

export function establishmentFromRow(row: RestaurantSourceRow): EstablishmentRecord {
  return {
    camis: row.camis,
    name: row.name,
    building: row.building,
    street: row.street,
    address: formatAddress(row.building, row.street),
    borough: normalizeBorough(row.boro, row.zip),
    zip: row.zip,
    phone: row.phone,
    cuisine: row.cuisine,
    latitude: row.latitude,
    longitude: row.longitude,
    bin: row.bin,
    bbl: row.bbl,
    nta: row.nta,
    communityBoard: row.communityBoard,
    councilDistrict: row.councilDistrict,
    censusTract: row.censusTract,
  };
}

function citationFromRow(row: RestaurantSourceRow, code: string): CitationRecord {
  return {
    code,
    description: (row.violationDescription ?? '').trim(),
    criticalFlag: row.criticalFlag,
    critical: row.criticalFlag === 'Critical',
    category: categoryOf(code),
  };
}

/**
 * Rows (one per citation, in file order) into establishments, visits and citations.
 * The establishment takes its description from its last row (the newest export wins);
 * a visit takes each of its fields from the first row that has it; a row whose identity
 * repeats an earlier one is merged as a duplicate and reported.
 */
export function groupRows(rows: Iterable<NumberedRow>): GroupedRows {
  const histories = new Map<string, EstablishmentHistory>();
  const visits = new Map<string, InspectionRecord>();
  const firstLineByIdentity = new Map<string, number>();
  const duplicates: MergedDuplicate[] = [];
  let loaded = 0;

  for (const { line, row } of rows) {
    const identity = rowIdentity(row);
    const earlier = firstLineByIdentity.get(identity);
    const history = histories.get(row.camis);
    if (history) history.establishment = establishmentFromRow(row);
    else histories.set(row.camis, { establishment: establishmentFromRow(row), inspections: [] });
    if (earlier !== undefined) {
      duplicates.push({ line, duplicateOf: earlier });
      continue;
    }
    firstLineByIdentity.set(identity, line);
    loaded += 1;
    if (row.inspectionDate === null) continue;

    const visitKey = `${row.camis}|${row.inspectionDate}|${row.inspectionType ?? ''}`;
    let visit = visits.get(visitKey);
    if (!visit) {
      visit = {
        inspectedAt: row.inspectionDate,
        inspectionType: row.inspectionType ?? '',
        score: row.score,
        grade: row.grade,
        gradeDate: row.gradeDate,
        action: row.action,
        closure: closureOf(row.action),
        citations: [],
      };
      visits.set(visitKey, visit);
      histories.get(row.camis)!.inspections.push(visit);
    } else {
      visit.score ??= row.score;
      visit.grade ??= row.grade;
      visit.gradeDate ??= row.gradeDate;
      if (visit.action === null && row.action !== null) {
        visit.action = row.action;
        visit.closure = closureOf(row.action);
      }
    }
    const code = normalizeViolationCode(row.violationCode);
    if (code) visit.citations.push(citationFromRow(row, code));
  }
  return { histories, loaded, duplicates };
}
