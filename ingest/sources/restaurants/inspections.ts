import { NEVER_INSPECTED_DATE, normalizeGrade } from '../../../src/domain/restaurants/records';
import { normalizeCoordinates, normalizeZip, parseCityDate } from '../../../src/nyc';
import type { RestaurantSourceRow } from '../../../src/domain/restaurants/grouping';
import type { CriticalFlag } from '../../../src/restaurants/types';
import type { RawRecord } from '../columns';
import { DatasetSpec, numberField, rejectingParser, RowRejection, textField } from '../dataset';

const CRITICAL_FLAGS: Record<string, CriticalFlag> = {
  critical: 'Critical',
  y: 'Critical',
  'not critical': 'Not Critical',
  n: 'Not Critical',
  'not applicable': 'Not Applicable',
};

function date(record: RawRecord, key: string, label: string): string | null {
  const parsed = parseCityDate(record[key]);
  if (parsed === undefined) throw new RowRejection(`unreadable ${label} "${record[key]}"`);
  return parsed === NEVER_INSPECTED_DATE ? null : parsed;
}

/** SODA JSON may carry only `location`, as WKT "POINT (lon lat)" or {latitude, longitude}. */
function locationPoint(record: RawRecord): { lat: number; lon: number } | null {
  const match = /POINT\s*\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)/i.exec(record.location ?? record.location_point1 ?? '');
  return match ? { lat: Number(match[2]), lon: Number(match[1]) } : null;
}

function parse(record: RawRecord): RestaurantSourceRow {
  const camis = textField(record.camis);
  if (camis === null) throw new RowRejection('missing CAMIS');
  if (!/^\d{1,10}$/.test(camis)) throw new RowRejection(`invalid CAMIS "${camis}"`);
  const name = textField(record.dba);
  if (name === null) throw new RowRejection('missing DBA (establishment name)');
  if (textField(record.inspection_date) === null) throw new RowRejection('missing INSPECTION DATE');
  const inspectionDate = date(record, 'inspection_date', 'INSPECTION DATE');

  const scoreValue = numberField(record, 'score', 'SCORE');
  if (scoreValue !== null && (!Number.isInteger(scoreValue) || scoreValue < 0)) throw new RowRejection(`invalid SCORE "${record.score}"`);
  // A stray grade letter drops the grade, not the row: the visit and citation are real.
  const grade = normalizeGrade(record.grade);
  const criticalText = textField(record.critical_flag);
  const criticalFlag = criticalText === null ? null : CRITICAL_FLAGS[criticalText.toLowerCase()];
  if (criticalFlag === undefined) throw new RowRejection(`unknown CRITICAL FLAG "${criticalText}"`);

  let lat = numberField(record, 'latitude', 'Latitude');
  let lon = numberField(record, 'longitude', 'Longitude');
  if (lat === null && lon === null) {
    const point = locationPoint(record);
    if (point) [lat, lon] = [point.lat, point.lon];
  }
  const { latitude, longitude } = normalizeCoordinates(lat, lon);

  return {
    camis,
    name,
    boro: textField(record.boro),
    building: textField(record.building),
    street: textField(record.street),
    zip: normalizeZip(record.zipcode),
    phone: textField(record.phone),
    cuisine: textField(record.cuisine_description),
    inspectionDate,
    action: textField(record.action),
    violationCode: textField(record.violation_code)?.toUpperCase() ?? null,
    violationDescription: textField(record.violation_description),
    criticalFlag,
    score: scoreValue,
    grade,
    gradeDate: date(record, 'grade_date', 'GRADE DATE'),
    // RECORD DATE is the extract's own date: informative only, never a reason to reject.
    recordDate: parseCityDate(record.record_date) ?? null,
    inspectionType: textField(record.inspection_type),
    latitude,
    longitude,
    communityBoard: textField(record.community_board),
    councilDistrict: textField(record.council_district),
    censusTract: textField(record.census_tract),
    bin: textField(record.bin),
    bbl: textField(record.bbl),
    nta: textField(record.nta),
  };
}

/**
 * The DOHMH restaurant inspection results (43nn-pn8j): one row per citation (or per visit
 * without one). Placeholders (1900-01-01, zero coordinates) are values, not errors.
 */
export const RESTAURANT_INSPECTIONS: DatasetSpec<RestaurantSourceRow> = {
  name: 'restaurants',
  title: 'DOHMH restaurant inspection',
  requiredColumns: ['camis', 'dba', 'inspection_date'],
  // SODA leaves out keys whose value is null, so only the identity column is required.
  requiredJsonKeys: ['camis'],
  formats: ['csv', 'json'],
  parse: rejectingParser(parse),
};
