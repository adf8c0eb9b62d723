import { ClosureAction, Grade, GRADES } from './types';

/**
 * The real data's quirks, each handled in one named place. DOHMH rows come from a
 * hand-maintained permit system: placeholders, zero coordinates and free-text boroughs
 * are normal, not errors. The city-wide rules (dates, boroughs, ZIPs, coordinates) are in
 * src/nyc; these are DOHMH's own.
 */

/** INSPECTION DATE of an establishment the department has not inspected yet. */
export const NEVER_INSPECTED_DATE = '1900-01-01';

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

/** Classifications by type text: the city uses a few dozen, and derivations ask per visit and per citation. Bounded; cleared when full. */
const classified = new Map<string, { program: InspectionProgram; stage: InspectionStage }>();

/**
 * INSPECTION TYPE is "<program> / <stage>", e.g. "Cycle Inspection / Re-inspection".
 * Cycle and pre-permit programs are the sanitary (graded) inspections; Administrative
 * Miscellaneous is paperwork; Smoke-Free Air Act, Trans Fat, Calorie Posting, Sodium
 * Warning and the Inter-Agency Task Force are enforcement of other rules.
 */
export function classifyInspectionType(type: string | null | undefined): { program: InspectionProgram; stage: InspectionStage } {
  const text = type ?? '';
  let classification = classified.get(text);
  if (classification === undefined) {
    if (classified.size >= 1000) classified.clear();
    classification = Object.freeze(classify(text));
    classified.set(text, classification);
  }
  return classification;
}

function classify(type: string): { program: InspectionProgram; stage: InspectionStage } {
  const [programText = '', stageText = ''] = type.toLowerCase().split('/').map((part) => part.trim());
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

/**
 * Sanitary visits whose score is a figure of the establishment's food safety: cycle visits and
 * pre-permit visits of an OPERATIONAL establishment. "Pre-permit (Non-operational)" visits
 * inspect a place before it opens to the public; they are not graded, and their scores are left
 * out of the score figures (summary score, latestCycleScore, latestInitialScore).
 */
export function isGradedInspection(type: string | null | undefined): boolean {
  if (!isSanitaryInspection(type)) return false;
  const programText = (type ?? '').toLowerCase().split('/')[0];
  return !/non-?operational/.test(programText);
}

/** "107" + "EAST   34 STREET" -> "107 EAST 34 STREET"; placeholders like N/A vanish. */
export function formatAddress(building: string | null | undefined, street: string | null | undefined): string {
  const clean = (part: string | null | undefined) => {
    const text = (part ?? '').replace(/\s+/g, ' ').trim();
    return /^(n\/?a|none|0)$/i.test(text) ? '' : text;
  };
  return [clean(building), clean(street)].filter(Boolean).join(' ');
}
