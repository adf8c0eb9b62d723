/** The shapes the console reads, as the OpenAPI document describes them (only the fields shown). */

export interface RestaurantSummary {
  camis: string;
  name: string;
  address: string;
  borough: string;
  zip: string | null;
  cuisine: string | null;
  grade: string | null;
  score: number | null;
  closed: boolean;
  riskLevel: string;
  riskScore: number;
  lastInspectedAt: string | null;
  latitude: number | null;
  longitude: number | null;
  openViolations: number;
  distanceMeters?: number;
}

export interface Factor {
  key: string;
  label: string;
  count: number;
  points?: number;
  detail: string;
}

export interface RestaurantProfile {
  restaurant: RestaurantSummary;
  gradeDate: string | null;
  risk: { score: number; level: string; factors: Factor[] };
  vermin: { rats: number; mice: number; roaches: number; flies: number; other: number; conducive: number; lastSightedAt: string | null };
  sanitary: {
    latestCycleScore: number | null;
    latestInitialScore: number | null;
    worstScore36mo: number | null;
    criticalFood24mo: number;
    openFoodViolations: number;
    closures36mo: number;
    ownerResponseSignal: string | null;
  };
  stats: { openViolations: number; totalViolations: number; criticalViolations: number; inspectionCount: number; closureCount: number; oathSummonses: number };
}

export interface RestaurantInspection {
  inspectedAt: string;
  type: string | null;
  score: number | null;
  grade: string | null;
  action: string | null;
  closedRestaurant: boolean;
  violations: Array<{ code: string | null; description: string; critical: boolean }>;
}

export interface PropertyHit {
  bbl: string;
  address: string | null;
  borough: string;
  slug: string;
}

export interface PropertyProfile {
  bbl: string;
  address: string;
  borough: string;
  riskLevel: string;
  riskScore: number;
  openViolations: number;
  totalRecords: number;
  finesDueCents: number;
  agencies: Array<{ agency: string; openCount: number }>;
  riskFactors: Factor[];
}

export interface Deadline {
  kind: string;
  label: string;
  status: 'ok' | 'due_soon' | 'overdue' | 'action_needed' | 'unverifiable';
  dueDate: string | null;
  lastEvidenceAt: string | null;
  basis: string;
  penalty: string;
  verifiable: boolean;
  whatToDo: string;
}

export interface ContractorSummary {
  slug: string;
  name: string;
  ticketCount: number;
  finesDueCents: number;
  riskLevel: string;
}

export interface ContractorProfile {
  slug: string;
  name: string;
  riskLevel: string;
  riskScore: number;
  tickets: number;
  openTickets: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
  reopenableSavingsMinCents: number;
  reopenableSavingsMaxCents: number;
  riskFactors: Factor[];
  spellings: string[];
}

export interface ContractorTicket {
  ticket: string;
  charge: string;
  issued: string | null;
  hearingDate: string | null;
  hearingResult: string;
  status: 'open' | 'defaulted' | 'closed';
  dueCents: number;
  imposedCents: number;
  soughtCents: number;
  defaulted: boolean;
  reopenableUntil: string | null;
}

/** What the profile area shows: one entity of one family at a time. */
export type Selection = { family: 'restaurant'; camis: string } | { family: 'property'; bbl: string } | { family: 'contractor'; slug: string };
