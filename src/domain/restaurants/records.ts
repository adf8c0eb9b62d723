import { Borough, ClosureAction, Grade, GRADES, UNKNOWN_BOROUGH } from '../../restaurants/types';

/**
 * The real data's quirks, each handled in one named place. DOHMH rows come from a
 * hand-maintained permit system: placeholders, zero coordinates and free-text boroughs
 * are normal, not errors.
 */

/** INSPECTION DATE of an establishment the department has not inspected yet. */
export const NEVER_INSPECTED_DATE = '1900-01-01';

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/;

/**
 * A date from either format (portal export MM/DD/YYYY, SODA floating timestamp
 * YYYY-MM-DDT00:00:00.000) as YYYY-MM-DD; null when blank; undefined when unreadable.
 */
export function parseCityDate(value: string | null | undefined): string | null | undefined {
  const text = (value ?? '').trim();
  if (text === '') return null;
  let year: number, month: number, day: number;
  const us = US_DATE.exec(text);
  const iso = us ? null : ISO_DATE.exec(text);
  if (us) [year, month, day] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const BOROUGH_NAMES: Record<string, Borough> = {
  manhattan: 'Manhattan', mn: 'Manhattan', '1': 'Manhattan', 'new york': 'Manhattan',
  bronx: 'Bronx', 'the bronx': 'Bronx', bx: 'Bronx', '2': 'Bronx',
  brooklyn: 'Brooklyn', bk: 'Brooklyn', '3': 'Brooklyn',
  queens: 'Queens', qn: 'Queens', '4': 'Queens',
  'staten island': 'Staten Island', 'staten is': 'Staten Island', si: 'Staten Island', '5': 'Staten Island',
};

/** NYC ZIP code ranges by borough (USPS): used when BORO is 0 or blank. */
const ZIP_RANGES: Array<[number, number, Borough]> = [
  [10001, 10282, 'Manhattan'],
  [10301, 10314, 'Staten Island'],
  [10451, 10475, 'Bronx'],
  [11004, 11005, 'Queens'],
  [11101, 11120, 'Queens'],
  [11201, 11256, 'Brooklyn'],
  [11351, 11436, 'Queens'],
  [11691, 11697, 'Queens'],
];

export function boroughFromZip(zip: string | null | undefined): Borough | null {
  if (!zip || !/^\d{5}$/.test(zip)) return null;
  const value = Number(zip);
  for (const [low, high, borough] of ZIP_RANGES) if (value >= low && value <= high) return borough;
  return null;
}

/**
 * The borough name as served. BORO is 'Manhattan' in DOHMH data but '0' for out-of-town or
 * bad addresses; the ZIP then decides, and 'Unknown' is left when it cannot.
 */
export function normalizeBorough(boro: string | null | undefined, zip: string | null | undefined): string {
  const named = BOROUGH_NAMES[(boro ?? '').trim().toLowerCase().replace(/\s+/g, ' ')];
  return named ?? boroughFromZip(zip) ?? UNKNOWN_BOROUGH;
}

/** ZIPs come as '10014', '10014.0' or '10014-1234'; anything else is no ZIP. */
export function normalizeZip(zip: string | null | undefined): string | null {
  const match = /^(\d{5})(?:\.0+|-\d{4})?$/.exec((zip ?? '').trim());
  return match ? match[1] : null;
}

/** A generous box around the five boroughs: geocodes outside it are bad addresses. */
export const NYC_BOUNDS = { minLat: 40.45, maxLat: 40.95, minLon: -74.3, maxLon: -73.65 };

/** Blank, zero (the city's "no geocode") or out-of-city coordinates become null together. */
export function normalizeCoordinates(lat: number | null, lon: number | null): { latitude: number | null; longitude: number | null } {
  if (lat === null || lon === null || lat === 0 || lon === 0) return { latitude: null, longitude: null };
  const { minLat, maxLat, minLon, maxLon } = NYC_BOUNDS;
  if (lat < minLat || lat > maxLat || lon < minLon || lon > maxLon) return { latitude: null, longitude: null };
  return { latitude: lat, longitude: lon };
}

export function isGrade(value: string): value is Grade {
  return (GRADES as readonly string[]).includes(value);
}

/**
 * The GRADE column as a posted grade. Blank is no grade; 'Not Yet Graded' (older exports)
 * is N; a letter outside A, B, C, Z, P, N (older extracts carry a stray 'G') is not a
 * grade the contract can serve, so it reads as no grade while the row (its visit and
 * citation are real records) is still loaded.
 */
export function normalizeGrade(value: string | null | undefined): Grade | null {
  const text = (value ?? '').trim().toUpperCase();
  if (text === 'NOT YET GRADED') return 'N';
  return isGrade(text) ? text : null;
}

/** Closure events are only written in the ACTION text. */
export function closureOf(action: string | null | undefined): ClosureAction | null {
  const text = (action ?? '').toLowerCase();
  if (text.includes('re-closed') || text.includes('reclosed')) return 'reclosed';
  if (text.includes('re-opened') || text.includes('reopened')) return 'reopened';
  if (text.includes('closed by dohmh')) return 'closed';
  return null;
}

export type InspectionProgram = 'cycle' | 'pre_permit' | 'administrative' | 'enforcement' | 'other';
export type InspectionStage = 'initial' | 'reinspection' | 'reopening' | 'compliance' | 'other';

/**
 * INSPECTION TYPE is "<program> / <stage>", e.g. "Cycle Inspection / Re-inspection".
 * Cycle and pre-permit programs are the sanitary (graded) inspections; Administrative
 * Miscellaneous is paperwork; Smoke-Free Air Act, Trans Fat, Calorie Posting, Sodium
 * Warning and the Inter-Agency Task Force are enforcement of other rules.
 */
export function classifyInspectionType(type: string | null | undefined): { program: InspectionProgram; stage: InspectionStage } {
  const [programText = '', stageText = ''] = (type ?? '').toLowerCase().split('/').map((part) => part.trim());
  let program: InspectionProgram = 'other';
  if (programText.startsWith('cycle inspection')) program = 'cycle';
  else if (programText.startsWith('pre-permit')) program = 'pre_permit';
  else if (programText.startsWith('administrative')) program = 'administrative';
  else if (/smoke-free|trans fat|calorie|sodium|inter-agency|task force/.test(programText)) program = 'enforcement';
  let stage: InspectionStage = 'other';
  if (stageText.startsWith('initial')) stage = 'initial';
  else if (stageText.startsWith('re-inspection') || stageText.startsWith('reinspection')) stage = 'reinspection';
  else if (stageText.startsWith('reopening')) stage = 'reopening';
  else if (stageText.includes('compliance')) stage = 'compliance';
  return { program, stage };
}

/** Sanitary records: the food-safety story. Enforcement and administrative records are excluded. */
export function isSanitaryInspection(type: string | null | undefined): boolean {
  const { program } = classifyInspectionType(type);
  return program === 'cycle' || program === 'pre_permit';
}

/** "107" + "EAST   34 STREET" -> "107 EAST 34 STREET"; placeholders like N/A vanish. */
export function formatAddress(building: string | null | undefined, street: string | null | undefined): string {
  const clean = (part: string | null | undefined) => {
    const text = (part ?? '').replace(/\s+/g, ' ').trim();
    return /^(n\/?a|none|0)$/i.test(text) ? '' : text;
  };
  return [clean(building), clean(street)].filter(Boolean).join(' ');
}
