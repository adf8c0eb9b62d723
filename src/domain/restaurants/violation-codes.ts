import type { ViolationCategory } from './types';

/**
 * The maintained mapping from DOHMH violation code to category. Every code found in the
 * real samples is listed explicitly (a unit test enforces that); codes the city adds later
 * fall back to their code family (see FAMILY_FALLBACK) until they are listed here.
 *
 * vermin    rodents, insects and other animals seen, plus conditions conducive to pests
 * food_temp time/temperature control: cooking, holding, cooling, thawing, thermometers
 * hygiene   contamination: food source, handling, hands, surfaces, utensils, chemicals
 * facility  plumbing, toilets, hand sinks, lighting, ventilation, equipment construction
 * admin     signs, postings, permits, certificates, records, non-food programs
 *           (smoke-free air, trans fat, calorie and sodium labelling, plastics)
 * other     anything not yet classified
 */
const CATEGORY_BY_CODE: Record<string, ViolationCategory> = {
  // 02: time and temperature
  '02A': 'food_temp', '02B': 'food_temp', '02C': 'food_temp', '02D': 'food_temp', '02E': 'food_temp',
  '02F': 'food_temp', '02G': 'food_temp', '02H': 'food_temp', '02I': 'food_temp', '02J': 'food_temp',
  // 03: food source
  '03A': 'hygiene', '03B': 'hygiene', '03C': 'hygiene', '03D': 'hygiene', '03E': 'hygiene',
  '03F': 'hygiene', '03G': 'hygiene', '03I': 'hygiene',
  // 04: food protection; 04K-04O are the pests themselves
  '04A': 'hygiene', '04B': 'hygiene', '04C': 'hygiene', '04D': 'hygiene', '04E': 'hygiene',
  '04F': 'hygiene', '04G': 'hygiene', '04H': 'hygiene', '04I': 'hygiene', '04J': 'food_temp',
  '04K': 'vermin', '04L': 'vermin', '04M': 'vermin', '04N': 'vermin', '04O': 'vermin',
  '04P': 'hygiene',
  // 05: facility design and equipment (05F is holding equipment for temperature control)
  '05A': 'facility', '05B': 'facility', '05C': 'facility', '05D': 'facility', '05E': 'facility',
  '05F': 'food_temp', '05H': 'hygiene', '05I': 'facility',
  // 06: personal hygiene and food handling
  '06A': 'hygiene', '06B': 'hygiene', '06C': 'hygiene', '06D': 'hygiene', '06E': 'hygiene',
  '06F': 'hygiene', '06G': 'hygiene', '06H': 'hygiene', '06I': 'hygiene',
  // 08: pest control; 08A and 08B are the conducive conditions, 08C is pesticide misuse
  '08A': 'vermin', '08B': 'vermin', '08C': 'hygiene',
  // 09: food storage and handling (09E is the hand-wash sign)
  '09A': 'hygiene', '09B': 'food_temp', '09C': 'hygiene', '09D': 'hygiene', '09E': 'admin',
  // 10: facility maintenance
  '10A': 'facility', '10B': 'facility', '10C': 'facility', '10D': 'facility', '10E': 'food_temp',
  '10F': 'facility', '10G': 'hygiene', '10H': 'hygiene', '10I': 'hygiene', '10J': 'admin',
  // 15: Smoke-Free Air Act and tobacco
  '15-01': 'admin', '15-17': 'admin', '15-21': 'admin', '15-27': 'admin', '15-33': 'admin', '15-36': 'admin',
  '15-37': 'admin', '15-39': 'admin', '15-42': 'admin', '15E2': 'admin', '15F6': 'admin', '15F7': 'admin',
  // 16: trans fat, calorie and sodium labelling
  '16-01': 'admin', '16-02': 'admin', '16-03': 'admin', '16-04': 'admin', '16-06': 'admin', '16-10': 'admin',
  // 18: permits, certificates, orders
  '18-01': 'admin', '18-08': 'admin', '18-11': 'admin', '18-12': 'admin', '18-13': 'admin', '18-14': 'admin',
  // 19: plastics and polystyrene
  '19-01': 'admin', '19-04': 'admin', '19-05': 'admin', '19-06': 'admin', '19-07': 'admin', '19-08': 'admin',
  '19-10': 'admin', '19-11': 'admin',
  // 20: postings (grade card, allergy poster, healthy eating)
  '20-01': 'admin', '20-02': 'admin', '20-04': 'admin', '20-05': 'admin', '20-06': 'admin', '20-08': 'admin',
  '20A': 'admin', '20D': 'admin', '20E': 'admin', '20F': 'admin',
  // 22: miscellaneous administrative
  '22A': 'admin', '22B': 'admin', '22C': 'admin', '22E': 'admin', '22F': 'admin', '22G': 'admin',
  // 28: Health Code general provisions
  '28-01': 'facility', '28-03': 'facility', '28-04': 'facility', '28-05': 'hygiene', '28-06': 'admin',
  '28-07': 'admin',
};

/** Codes the city has not yet been seen using fall back to the usual meaning of their family. */
const FAMILY_FALLBACK: Array<[RegExp, ViolationCategory]> = [
  [/^02/, 'food_temp'],
  [/^0[346]/, 'hygiene'],
  [/^0[5]|^10/, 'facility'],
  [/^08/, 'vermin'],
  [/^09/, 'hygiene'],
  [/^(1[5-9]|2[0-2])/, 'admin'],
];

export type VerminKind = 'rats' | 'mice' | 'roaches' | 'flies' | 'other' | 'conducive';

/** The vermin subtype of each vermin-category code; 08A/08B are conditions, not sightings. */
const VERMIN_KIND_BY_CODE: Record<string, VerminKind> = {
  '04K': 'rats',
  '04L': 'mice',
  '04M': 'roaches',
  '04N': 'flies',
  '04O': 'other',
  '08A': 'conducive',
  '08B': 'conducive',
};

/** Violation codes are written '04L', '04l ', '15-27': compare upper-case and trimmed. */
export function normalizeViolationCode(code: string | null | undefined): string | null {
  const trimmed = (code ?? '').trim().toUpperCase();
  return trimmed === '' ? null : trimmed;
}

export function categoryOf(code: string | null | undefined): ViolationCategory {
  const normalized = normalizeViolationCode(code);
  if (!normalized) return 'other';
  const listed = CATEGORY_BY_CODE[normalized];
  if (listed) return listed;
  for (const [family, category] of FAMILY_FALLBACK) if (family.test(normalized)) return category;
  return 'other';
}

/** Whether the mapping lists the code itself (not through its family). */
export function isMappedCode(code: string): boolean {
  return normalizeViolationCode(code)! in CATEGORY_BY_CODE;
}

export function verminKindOf(code: string | null | undefined): VerminKind | null {
  const normalized = normalizeViolationCode(code);
  return normalized ? VERMIN_KIND_BY_CODE[normalized] ?? null : null;
}

/** Every listed code with its category, for seeding and documentation. */
export function mappedCodes(): Array<{ code: string; category: ViolationCategory }> {
  return Object.entries(CATEGORY_BY_CODE).map(([code, category]) => ({ code, category }));
}
