/**
 * Generated from src/contract/openapi.json (components.schemas) by scripts/console/write-types.ts;
 * do not edit: `npm run openapi` rewrites it, test/console/api-types.test.ts fails when it is stale.
 */

export interface ErrorEnvelope {
  error: {
    status: number;
    code: "invalid_parameter" | "missing_parameter" | "unknown_parameter" | "invalid_body" | "invalid_cursor" | "batch_too_large" | "device_id_required" | "invalid_photo" | "invalid_image" | "invalid_request" | "missing_key" | "invalid_key" | "not_found" | "method_not_allowed" | "username_taken" | "payload_too_large" | "unsupported_media_type" | "daily_limit_exceeded" | "rename_throttled" | "report_cap" | "internal_error" | "unavailable" | "headers_too_large" | "request_timeout" | "forbidden" | "too_many_webhooks" | "too_many_exports";
    message: string;
    param?: string;
    details?: Array<{
      param: string;
      message: string;
    }>;
    scope?: "establishment" | "device";
    canRenameAt?: string;
    retryAfterSeconds?: number;
    requestId: string;
  };
}

export interface PageMeta {
  nextCursor: string | null;
  returned: number;
}

export interface BatchMeta {
  returned: number;
  notFound: Array<string>;
}

export interface KeyIntrospection {
  name: string;
  tier: "standard" | "unlimited";
  mode: "live" | "test";
  createdAt: string;
  usage: {
    today: number;
    last30Days: number;
    dailyLimit: number | null;
  };
}

export interface Health {
  status: "ok" | "degraded";
  version: "1.1";
}

export interface DataSource {
  name: string;
  socrataId: string | null;
  family: "restaurants" | "properties" | "contractors";
  title: string;
  cadence: "daily" | "weekly" | "monthly" | "quarterly" | "yearly" | "fixed";
  dropped: "removed" | "kept";
  rowsHeld: number;
  newestRecord: string | null;
  lastSync: {
    startedAt: string;
    finishedAt: string;
    full: boolean;
    rowsFetched: number;
    rowsApplied: number;
    rowsRejected: number;
    rowsRemoved: number;
  } | null;
  lastFullAt: string | null;
  position: string | null;
  nextRun: {
    at: string;
    full: boolean;
  } | null;
  lastError: {
    at: string;
    message: string;
  } | null;
}

export interface CommunityBlock {
  counts: {
    pest: number;
    food_poisoning: number;
    sanitation_other: number;
    praise_taste: number;
    praise_clean: number;
  };
  lastReportAt: string | null;
  scoreAdjustment: number;
}

export interface Remediation {
  openViolations: number;
  documentedOpenViolations: number;
  categories: Array<"vermin" | "food_temp" | "hygiene" | "facility" | "admin" | "other">;
  lastDocumentedAt: string | null;
}

export interface CommunityAuthor {
  displayName: string;
  avatarId: string | null;
}

export interface CommunityReport {
  id: string;
  kind: "pest" | "food_poisoning" | "sanitation_other" | "praise_taste" | "praise_clean";
  pestSubtype: "rats" | "mice" | "roaches" | "flies" | "other" | null;
  body: string;
  createdAt: string;
  photoIds: Array<string>;
  author: CommunityAuthor;
}

export interface OwnCommunityReport {
  id: string;
  kind: "pest" | "food_poisoning" | "sanitation_other" | "praise_taste" | "praise_clean";
  pestSubtype: "rats" | "mice" | "roaches" | "flies" | "other" | null;
  body: string;
  createdAt: string;
  photoIds: Array<string>;
  author: CommunityAuthor;
  camis: string;
  status: "active" | "disputed" | "hidden" | "upheld";
}

export interface NewCommunityReport {
  kind: "pest" | "food_poisoning" | "sanitation_other" | "praise_taste" | "praise_clean";
  pestSubtype?: "rats" | "mice" | "roaches" | "flies" | "other" | null;
  body: string;
  photos?: Array<string | Record<string, unknown>> | null;
}

export interface DeviceProfile {
  username: string | null;
  funDefault: string;
  displayName: string;
  avatarId: string | null;
  createdAt: string | null;
  renamedAt: string | null;
  canRenameAt: string | null;
}

export interface UsernameCheck {
  available: boolean;
  reason?: "invalid" | "taken" | "reserved";
}

export interface RestaurantSummary {
  camis: string;
  name: string;
  address: string;
  borough: string;
  zip: string | null;
  cuisine: string | null;
  grade: "A" | "B" | "C" | "Z" | "P" | "N" | null;
  score: number | null;
  closed: boolean;
  riskLevel: "LOW" | "MODERATE" | "HIGH" | "SEVERE";
  riskScore: number;
  lastInspectedAt: string | null;
  latitude: number | null;
  longitude: number | null;
  openViolations: number;
  distanceMeters?: number;
}

export interface RiskBlock {
  score: number;
  level: "LOW" | "MODERATE" | "HIGH" | "SEVERE";
  factors: Array<{
    key: string;
    label: string;
    count: number;
    detail: string;
  }>;
}

export interface VerminReport {
  rats: number;
  mice: number;
  roaches: number;
  flies: number;
  other: number;
  conducive: number;
  lastSightedAt: string | null;
  weighted: {
    rats: number;
    mice: number;
    roaches: number;
    flies: number;
    other: number;
    conducive: number;
  };
}

export interface SanitaryReport {
  latestCycleScore: number | null;
  latestInitialScore: number | null;
  worstScore36mo: number | null;
  criticalFood24mo: number;
  openFoodViolations: number;
  closures36mo: number;
  ownerResponseSignal: "documented_fixes" | null;
  weighted: {
    criticalFood: number;
    closures: number;
    worstScoreWeight: number;
  };
}

export interface RestaurantStats {
  openViolations: number;
  totalViolations: number;
  criticalViolations: number;
  inspectionCount: number;
  closureCount: number;
  oathSummonses: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
}

export interface RestaurantProfile {
  restaurant: RestaurantSummary;
  gradeDate: string | null;
  risk: RiskBlock;
  vermin: VerminReport;
  sanitary: SanitaryReport;
  stats: RestaurantStats;
  community: CommunityBlock;
  remediation: Remediation | null;
}

export interface RestaurantViolation {
  code: string | null;
  description: string;
  critical: boolean;
  inspectedAt: string;
  inspectionType: string | null;
  category: "vermin" | "food_temp" | "hygiene" | "facility" | "admin" | "other";
}

export interface RestaurantInspection {
  inspectedAt: string;
  type: string | null;
  score: number | null;
  grade: "A" | "B" | "C" | "Z" | "P" | "N" | null;
  action: string | null;
  closedRestaurant: boolean;
  violations: Array<RestaurantViolation>;
}

export interface CityViolation {
  code: string | null;
  description: string;
  critical: boolean;
  inspectedAt: string;
  inspectionType: string | null;
  category: "vermin" | "food_temp" | "hygiene" | "facility" | "admin" | "other";
  camis: string;
  restaurantName: string;
  address: string;
  borough: string;
  latitude: number | null;
  longitude: number | null;
  zip: string | null;
}

export interface CityInspection {
  camis: string;
  name: string;
  address: string;
  borough: string;
  inspectedAt: string;
  type: string | null;
  score: number | null;
  grade: "A" | "B" | "C" | "Z" | "P" | "N" | null;
  closedRestaurant: boolean;
}

export interface ViolationCode {
  code: string;
  description: string;
  category: "vermin" | "food_temp" | "hygiene" | "facility" | "admin" | "other";
}

export interface RestaurantAggregates {
  establishments: number;
  byGrade: {
    [key: string]: number;
  };
  byBorough: {
    [key: string]: number;
  };
  violationsLast30Days: number;
}

export interface PropertyViolation {
  identifier: string;
  agency: "DOB" | "ECB" | "DOB_NOW";
  recordType: "dob_violation" | "ecb_violation" | "dob_safety_violation";
  status: string;
  description: string;
  isOpen: boolean;
  issuedAt: string | null;
  statusAt: string | null;
  penaltyImposedCents: number;
  penaltyDueCents: number;
}

export interface Deadline {
  kind: "facade_filing" | "elevator_periodic" | "elevator_cat1" | "elevator_cat5" | "boiler_inspection" | "gas_piping" | "parapet_observation" | "benchmarking" | "energy_grade_label" | "emissions" | "energy_audit" | "hpd_registration" | "cooling_tower" | "backflow_test" | "lead_paint_notice" | "lead_paint_xrf" | "bedbug_report";
  label: string;
  status: "ok" | "due_soon" | "overdue" | "action_needed" | "unverifiable";
  dueDate: string | null;
  lastEvidenceAt: string | null;
  basis: string;
  penalty: string;
  verifiable: boolean;
  whatToDo: string;
  guideUrl: string | null;
  evidenceDataset: string | null;
  evidenceAsOf: string | null;
}

export interface PropertyPermit {
  identifier: string;
  agency: "DOB" | "DOB_NOW";
  recordType: "permit" | "job_filing";
  status: string;
  description: string;
  isOpen: boolean;
  issuedAt: string | null;
  expiresAt: string | null;
  statusAt: string | null;
}

export interface PropertySearchResult {
  bbl: string;
  address: string;
  borough: "Manhattan" | "Bronx" | "Brooklyn" | "Queens" | "Staten Island";
  slug: string;
}

export interface PropertyProfile {
  bbl: string;
  address: string;
  borough: string;
  riskLevel: "LOW" | "MODERATE" | "HIGH" | "SEVERE";
  riskScore: number;
  openViolations: number;
  totalRecords: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
  agencies: Array<{
    agency: "DOB" | "ECB" | "DOB_NOW";
    openCount: number;
  }>;
  riskFactors: Array<{
    key: "open_violations" | "fines_due" | "defaulted_hearings" | "recent_violations";
    label: string;
    count: number;
    points: number;
    detail: string;
  }>;
}

export interface ContractorProfile {
  slug: string;
  name: string;
  riskLevel: "LOW" | "MODERATE" | "HIGH" | "SEVERE";
  riskScore: number;
  tickets: number;
  openTickets: number;
  finesImposedCents: number;
  finesDueCents: number;
  defaultedHearings: number;
  reopenableSavingsMinCents: number;
  reopenableSavingsMaxCents: number;
  riskFactors: Array<{
    key: "fines_due" | "defaulted_hearings" | "open_tickets" | "violations_found";
    label: string;
    count: number;
    points: number;
    detail: string;
  }>;
  spellings: Array<string>;
}

export interface ContractorTicket {
  ticket: string;
  charge: string;
  issued: string | null;
  hearingDate: string | null;
  hearingResult: string;
  status: "open" | "defaulted" | "closed";
  dueCents: number;
  imposedCents: number;
  soughtCents: number;
  defaulted: boolean;
  reopenableUntil: string | null;
}

export interface ContractorSummary {
  slug: string;
  name: string;
  ticketCount: number;
  finesDueCents: number;
  riskLevel: "LOW" | "MODERATE" | "HIGH" | "SEVERE";
}

export interface Change {
  id: string;
  family: "restaurant" | "property" | "contractor";
  entityId: string;
  kind: "new_inspection" | "new_citation" | "grade_change" | "closure" | "new_violation" | "status_change" | "deadline_status_change" | "new_ticket" | "default" | "reopen_window_opened" | "reopen_window_closed";
  at: string;
  recordedAt: string;
  detail: {
    from?: string | null;
    to?: string | null;
    count?: number;
    obligation?: string;
  };
  link: string;
}

export interface Webhook {
  id: string;
  url: string;
  description: string | null;
  mode: "live" | "test";
  families: Array<"restaurant" | "property" | "contractor">;
  kinds: Array<"new_inspection" | "new_citation" | "grade_change" | "closure" | "new_violation" | "status_change" | "deadline_status_change" | "new_ticket" | "default" | "reopen_window_opened" | "reopen_window_closed">;
  entityIds: Array<string>;
  zips: Array<string>;
  boroughs: Array<"Manhattan" | "Bronx" | "Brooklyn" | "Queens" | "Staten Island">;
  createdAt: string;
}

export interface NewWebhook {
  webhook: Webhook;
  secret: string;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  kind: "new_inspection" | "new_citation" | "grade_change" | "closure" | "new_violation" | "status_change" | "deadline_status_change" | "new_ticket" | "default" | "reopen_window_opened" | "reopen_window_closed";
  entityId: string;
  status: "pending" | "delivered" | "retrying" | "failed" | "cancelled";
  attempts: number;
  lastStatusCode: number | null;
  lastError: "timeout" | "connection_refused" | "tls" | "target_not_allowed" | "connection_failed" | string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
}
