import { NEVER_INSPECTED_DATE, normalizeGrade, normalizeCoordinates, normalizeZip, parseCityDate } from '../../../src/domain/restaurants/records';
import type { RestaurantSourceRow } from '../../../src/domain/restaurants/grouping';
import type { CriticalFlag } from '../../../src/restaurants/types';
import type { RawRecord } from './columns';

export type ParsedRecord = { row: RestaurantSourceRow } | { reason: string };

function text(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

const CRITICAL_FLAGS: Record<string, CriticalFlag> = {
  critical: 'Critical',
  y: 'Critical',
  'not critical': 'Not Critical',
  n: 'Not Critical',
  'not applicable': 'Not Applicable',
};

class Rejection extends Error {}

function date(record: RawRecord, key: string, label: string): string | null {
  const parsed = parseCityDate(record[key]);
  if (parsed === undefined) throw new Rejection(`unreadable ${label} "${record[key]}"`);
  return parsed === NEVER_INSPECTED_DATE ? null : parsed;
}

function number(record: RawRecord, key: string, label: string): number | null {
  const value = text(record[key]);
  if (value === null) return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Rejection(`unreadable ${label} "${value}"`);
  return parsed;
}

/** SODA JSON may carry only `location`, as WKT "POINT (lon lat)" or {latitude, longitude}. */
function locationPoint(record: RawRecord): { lat: number; lon: number } | null {
  const match = /POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)/i.exec(record.location ?? record.location_point1 ?? '');
  return match ? { lat: Number(match[2]), lon: Number(match[1]) } : null;
}

function parse(record: RawRecord): RestaurantSourceRow {
  const camis = text(record.camis);
  if (camis === null) throw new Rejection('missing CAMIS');
  if (!/^\d{1,10}$/.test(camis)) throw new Rejection(`invalid CAMIS "${camis}"`);
  const name = text(record.dba);
  if (name === null) throw new Rejection('missing DBA (establishment name)');
  if (text(record.inspection_date) === null) throw new Rejection('missing INSPECTION DATE');
  const inspectionDate = date(record, 'inspection_date', 'INSPECTION DATE');

  const scoreValue = number(record, 'score', 'SCORE');
  if (scoreValue !== null && (!Number.isInteger(scoreValue) || scoreValue < 0)) throw new Rejection(`invalid SCORE "${record.score}"`);
  // A stray grade letter drops the grade, not the row: the visit and citation are real.
  const grade = normalizeGrade(record.grade);
  const criticalText = text(record.critical_flag);
  const criticalFlag = criticalText === null ? null : CRITICAL_FLAGS[criticalText.toLowerCase()];
  if (criticalFlag === undefined) throw new Rejection(`unknown CRITICAL FLAG "${criticalText}"`);

  let lat = number(record, 'latitude', 'Latitude');
  let lon = number(record, 'longitude', 'Longitude');
  if (lat === null && lon === null) {
    const point = locationPoint(record);
    if (point) [lat, lon] = [point.lat, point.lon];
  }
  const { latitude, longitude } = normalizeCoordinates(lat, lon);

  return {
    camis,
    name,
    boro: text(record.boro),
    building: text(record.building),
    street: text(record.street),
    zip: normalizeZip(record.zipcode),
    phone: text(record.phone),
    cuisine: text(record.cuisine_description),
    inspectionDate,
    action: text(record.action),
    violationCode: text(record.violation_code)?.toUpperCase() ?? null,
    violationDescription: text(record.violation_description),
    criticalFlag,
    score: scoreValue,
    grade,
    gradeDate: date(record, 'grade_date', 'GRADE DATE'),
    // RECORD DATE is the extract's own date: informative only, never a reason to reject.
    recordDate: parseCityDate(record.record_date) ?? null,
    inspectionType: text(record.inspection_type),
    latitude,
    longitude,
    communityBoard: text(record.community_board),
    councilDistrict: text(record.council_district),
    censusTract: text(record.census_tract),
    bin: text(record.bin),
    bbl: text(record.bbl),
    nta: text(record.nta),
  };
}

/**
 * One raw record (either format, keys from columnKey) into a typed row, or the reason it
 * cannot be used. Placeholders (1900-01-01, zero coordinates) are values, not errors.
 */
export function parseRestaurantRecord(record: RawRecord): ParsedRecord {
  try {
    return { row: parse(record) };
  } catch (error) {
    if (error instanceof Rejection) return { reason: error.message };
    throw error;
  }
}
