import type { CriticalFlag } from '../../src/restaurants/types';

/**
 * The city's wording for the codes the generator and the fixture cite (as it appears in
 * the 2026 API extract), with the usual points DOHMH assigns each at its lowest condition.
 */
export interface ViolationText {
  code: string;
  description: string;
  critical: CriticalFlag;
  points: number;
}

export const VIOLATION_TEXTS: ViolationText[] = [
  { code: '02B', critical: 'Critical', points: 7, description: 'Hot TCS food item not held at or above 140 °F.' },
  { code: '02G', critical: 'Critical', points: 7, description: 'Cold TCS food item held above 41 °F; smoked or processed fish held above 38 °F; intact raw eggs held above 45 °F; or reduced oxygen packaged (ROP) TCS foods held above required temperatures except during active necessary preparation.' },
  { code: '02H', critical: 'Critical', points: 7, description: 'After cooking or removal from hot holding, TCS food not cooled by an approved method whereby the internal temperature is reduced from 140 °F to 70 °F or less within 2  hours, and from 70 °F to 41 °F or less within 4 additional hours.' },
  { code: '04A', critical: 'Critical', points: 5, description: 'Food Protection Certificate (FPC) not held by manager or supervisor of food operations.' },
  { code: '04C', critical: 'Critical', points: 5, description: 'Food worker/food vendor does not use utensil or other barrier to eliminate bare hand contact with food that will not receive adequate additional heat treatment.' },
  { code: '04H', critical: 'Critical', points: 7, description: 'Raw, cooked or prepared food is adulterated, contaminated, cross-contaminated, or not discarded in accordance with HACCP plan.' },
  { code: '04K', critical: 'Critical', points: 7, description: "Evidence of rats or live rats in establishment's food or non-food areas." },
  { code: '04L', critical: 'Critical', points: 7, description: "Evidence of mice or live mice in establishment's food or non-food areas." },
  { code: '04M', critical: 'Critical', points: 7, description: "Live roaches in facility's food or non-food area." },
  { code: '04N', critical: 'Critical', points: 5, description: 'Filth flies or food/refuse/sewage associated with (FRSA) flies or other nuisance pests in establishment’s food and/or non-food areas. FRSA flies include house flies, blow flies, bottle flies, flesh flies, drain flies, Phorid flies and fruit flies.' },
  { code: '05D', critical: 'Critical', points: 7, description: 'No hand washing facility in or adjacent to toilet room or within 25 feet of a food preparation, food service or ware washing area. Hand washing facility not accessible, obstructed or used for non-hand washing purposes. No hot and cold running water or water at inadequate pressure. No soap or acceptable hand-drying device.' },
  { code: '06A', critical: 'Critical', points: 5, description: 'Personal cleanliness is inadequate. Outer garment soiled with possible contaminant. Effective hair restraint not worn where required. Jewelry worn on hands or arms. Fingernail polish worn or fingernails not kept clean and trimmed.' },
  { code: '06C', critical: 'Critical', points: 5, description: 'Food, supplies, or equipment not protected from potential source of contamination during storage, preparation, transportation, display, service or from customer’s refillable, reusable container. Condiments not in single-service containers or dispensed directly by the vendor.' },
  { code: '06D', critical: 'Critical', points: 5, description: 'Food contact surface not properly washed, rinsed and sanitized after each use and following any activity when contamination may have occurred.' },
  { code: '06E', critical: 'Critical', points: 5, description: 'Sanitized equipment or utensil, including in-use food dispensing utensil, improperly used or stored.' },
  { code: '06F', critical: 'Critical', points: 5, description: 'Wiping cloths not stored clean and dry, or in a sanitizing solution, between uses.' },
  { code: '08A', critical: 'Not Critical', points: 2, description: 'Establishment is not free of harborage or conditions conducive to rodents, insects or other pests.' },
  { code: '08C', critical: 'Not Critical', points: 2, description: 'Pesticide not properly labeled or used by unlicensed individual. Pesticide, other toxic chemical improperly used/stored. Unprotected, unlocked bait station used.' },
  { code: '09B', critical: 'Not Critical', points: 2, description: 'Thawing procedure improper.' },
  { code: '09C', critical: 'Not Critical', points: 2, description: 'Design, construction, materials used or maintenance of food contact surface improper. Surface not easily cleanable, sanitized and maintained.' },
  { code: '10A', critical: 'Not Critical', points: 2, description: 'Toilet facility not maintained or provided with toilet paper, waste receptacle or self-closing door.' },
  { code: '10B', critical: 'Not Critical', points: 2, description: 'Plumbing not properly installed or maintained; anti-siphonage or backflow prevention device not provided where required; equipment or floor not properly drained; sewage disposal system in disrepair or not functioning properly.' },
  { code: '10D', critical: 'Not Critical', points: 2, description: 'Mechanical or natural ventilation not provided, inadequate, improperly installed, in disrepair or fails to prevent and control excessive build-up of grease, heat, steam condensation, vapors, odors, smoke or fumes.' },
  { code: '10F', critical: 'Not Critical', points: 2, description: 'Non-food contact surface or equipment made of unacceptable material, not kept clean, or not properly sealed, raised, spaced or movable to allow accessibility for cleaning on all sides, above and underneath the unit.' },
  { code: '10G', critical: 'Not Critical', points: 2, description: 'Dishwashing and ware washing: Cleaning and sanitizing of tableware, including dishes, utensils, and equipment deficient.' },
  { code: '10H', critical: 'Not Critical', points: 2, description: 'Single service article not provided. Single service article reused or not protected from contamination when transported, stored, dispensed. Drinking straws not completely enclosed in wrapper or dispensed from a sanitary device.' },
];

/** Codes cited on administrative and enforcement visits (no score). */
export const NON_SANITARY_TEXTS: ViolationText[] = [
  { code: '20-06', critical: 'Not Critical', points: 0, description: 'Current letter grade or Grade Pending card not posted' },
  { code: '15-27', critical: 'Not Applicable', points: 0, description: 'Sign prohibiting smoking or using electronic cigarettes not conspicuously posted.' },
];

export function violationText(code: string): ViolationText {
  const found = [...VIOLATION_TEXTS, ...NON_SANITARY_TEXTS].find((text) => text.code === code);
  if (!found) throw new Error(`no text for violation code ${code}`);
  return found;
}
