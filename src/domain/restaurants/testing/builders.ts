import type { EstablishmentHistory, Grade, InspectionRecord } from '../types';
import { closureOf } from '../records';
import { categoryOf } from '../violation-codes';

/** Small builders for unit tests: a citation is 'CODE' or 'CODE*' (critical). */
export function visit(
  inspectedAt: string,
  inspectionType: string,
  fields: { score?: number | null; grade?: Grade | null; gradeDate?: string | null; action?: string | null; citations?: string[] } = {},
): InspectionRecord {
  const action = fields.action ?? 'Violations were cited in the following area(s).';
  return {
    inspectedAt,
    inspectionType,
    score: fields.score ?? null,
    grade: fields.grade ?? null,
    gradeDate: fields.gradeDate ?? (fields.grade ? inspectedAt : null),
    action,
    closure: closureOf(action),
    citations: (fields.citations ?? []).map((text) => {
      const code = text.replace('*', '');
      const critical = text.endsWith('*');
      return { code, description: `${code} description`, criticalFlag: critical ? 'Critical' : 'Not Critical', critical, category: categoryOf(code) };
    }),
  };
}

export function history(camis: string, inspections: InspectionRecord[]): EstablishmentHistory {
  return {
    establishment: {
      camis,
      name: `Establishment ${camis}`,
      building: '1',
      street: 'MAIN STREET',
      address: '1 MAIN STREET',
      borough: 'Manhattan',
      zip: '10001',
      phone: null,
      cuisine: 'American',
      latitude: 40.75,
      longitude: -73.99,
      bin: null,
      bbl: null,
      nta: null,
      communityBoard: null,
      councilDistrict: null,
      censusTract: null,
    },
    inspections,
  };
}

export const CYCLE_INITIAL = 'Cycle Inspection / Initial Inspection';
export const CYCLE_RE = 'Cycle Inspection / Re-inspection';
export const CYCLE_REOPENING = 'Cycle Inspection / Reopening Inspection';
export const PRE_PERMIT_INITIAL = 'Pre-permit (Operational) / Initial Inspection';
export const PRE_PERMIT_NON_OPERATIONAL_INITIAL = 'Pre-permit (Non-operational) / Initial Inspection';
export const PRE_PERMIT_NON_OPERATIONAL_RE = 'Pre-permit (Non-operational) / Re-inspection';
export const ADMINISTRATIVE = 'Administrative Miscellaneous / Initial Inspection';
export const SMOKE_FREE = 'Smoke-Free Air Act / Initial Inspection';
export const CLOSED_ACTION = 'Establishment Closed by DOHMH. Violations were cited in the following area(s) and those requiring immediate action were addressed.';
export const REOPENED_ACTION = 'Establishment re-opened by DOHMH.';
export const RECLOSED_ACTION = 'Establishment re-closed by DOHMH.';
