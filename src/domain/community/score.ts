/**
 * The CommunityBlock of a restaurant profile and the report caps, as pure functions of
 * the stored reports and a clock.
 *
 * Score adjustment rule (documented in the OpenAPI description):
 *   - Negative kinds dock points: pest 1.0, food_poisoning 1.0, sanitation_other 0.5
 *     (a catch-all, less specific, so it weighs half).
 *   - Each dock fades linearly with the report's age, from full on the day it is filed to
 *     nothing at 90 days: weight = max(0, 1 - ageDays / 90), ageDays fractional.
 *     A report dated after `asOf` (e.g. written with a test key while test mode computes as
 *     of a fixed reference date) counts at full weight.
 *   - Statuses active, disputed and upheld dock alike. Upheld means a moderator found the
 *     report credible; it is still a community signal, not an inspection, so it weighs
 *     the same, and confirming a report never removes its dock. Hidden counts for nothing.
 *   - One client address docks once per establishment and UTC day: of the reports that
 *     carry the same client key (devices.ts reportClientKey) and day, only the one docking
 *     most counts, whatever device ids they were sent with. Reports without a client key
 *     (filed before it was kept) each count, as they always did.
 *   - Praise never adds. The sum is capped at -8, rounded to 2 decimals, never -0.
 */

export const REPORT_KINDS = ['pest', 'food_poisoning', 'sanitation_other', 'praise_taste', 'praise_clean'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['active', 'disputed', 'hidden', 'upheld'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What public surfaces (report lists, photo bytes, counts, score) show: every status but hidden. */
export const PUBLIC_STATUSES: readonly ReportStatus[] = ['active', 'disputed', 'upheld'];

export const NEGATIVE_KIND_DOCK: Readonly<Record<ReportKind, number>> = {
  pest: 1,
  food_poisoning: 1,
  sanitation_other: 0.5,
  praise_taste: 0,
  praise_clean: 0,
};

export const SCORE_ADJUSTMENT_FLOOR = -8;
export const DOCK_FADE_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ScoredReport {
  kind: ReportKind;
  status: ReportStatus;
  createdAt: Date;
  /** The keyed hash of the filing client's address; null or absent for reports filed before it was kept. */
  clientKey?: string | null;
}

export type CommunityCounts = Record<ReportKind, number>;

export interface CommunityBlock {
  counts: CommunityCounts;
  /** YYYY-MM-DD (UTC) of the newest non-hidden report, or null. */
  lastReportAt: string | null;
  /** In [-8, 0]. */
  scoreAdjustment: number;
}

const isKind = (kind: string): kind is ReportKind => (REPORT_KINDS as readonly string[]).includes(kind);

/** Hidden reports are kept but count for nothing anywhere public. */
export function isPubliclyCounted(report: { status: ReportStatus }): boolean {
  return report.status !== 'hidden';
}

/** 1 for a report filed at `asOf`, falling linearly to 0 at 90 days old. */
export function dockWeight(createdAt: Date, asOf: Date): number {
  const ageDays = Math.max(0, (asOf.getTime() - createdAt.getTime()) / DAY_MS);
  return Math.max(0, 1 - ageDays / DOCK_FADE_DAYS);
}

function roundToCents(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded; // turns -0 into 0
}

/** The capped, fading dock of one establishment's reports, in [-8, 0]. */
export function scoreAdjustment(reports: readonly ScoredReport[], asOf: Date): number {
  let dock = 0;
  const perClientDay = new Map<string, number>();
  for (const report of reports) {
    if (!isPubliclyCounted(report) || !isKind(report.kind)) continue;
    const points = NEGATIVE_KIND_DOCK[report.kind] * dockWeight(report.createdAt, asOf);
    if (report.clientKey == null) {
      dock += points;
      continue;
    }
    const key = `${report.clientKey} ${utcDate(report.createdAt)}`;
    perClientDay.set(key, Math.max(perClientDay.get(key) ?? 0, points));
  }
  for (const points of perClientDay.values()) dock += points;
  return roundToCents(Math.max(SCORE_ADJUSTMENT_FLOOR, -dock));
}

export function emptyCounts(): CommunityCounts {
  return { pest: 0, food_poisoning: 0, sanitation_other: 0, praise_taste: 0, praise_clean: 0 };
}

/** YYYY-MM-DD of an instant, in UTC. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The CommunityBlock of one restaurant from all its stored reports (any status). */
export function communityBlock(reports: readonly ScoredReport[], asOf: Date): CommunityBlock {
  const counts = emptyCounts();
  let newest: Date | null = null;
  for (const report of reports) {
    if (!isPubliclyCounted(report) || !isKind(report.kind)) continue;
    counts[report.kind] += 1;
    if (!newest || report.createdAt.getTime() > newest.getTime()) newest = report.createdAt;
  }
  return { counts, lastReportAt: newest ? utcDate(newest) : null, scoreAdjustment: scoreAdjustment(reports, asOf) };
}

// ---------------------------------------------------------------------------------------
// Report caps
// ---------------------------------------------------------------------------------------

/** A device may file at most this many reports about one establishment per UTC day. */
export const REPORTS_PER_ESTABLISHMENT_PER_DAY = 3;
/** A device may file at most this many reports in all per UTC day. */
export const REPORTS_PER_DEVICE_PER_DAY = 25;

/** Midnight UTC starting the day of `instant`. */
export function utcDayStart(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

/** Midnight UTC ending the day of `instant`: when caps reset. */
export function nextUtcDayStart(instant: Date): Date {
  return new Date(utcDayStart(instant).getTime() + DAY_MS);
}

/** Whole seconds until the caps reset (at least 1), for Retry-After and retryAfterSeconds. */
export function secondsUntilNextUtcDay(now: Date): number {
  return Math.max(1, Math.ceil((nextUtcDayStart(now).getTime() - now.getTime()) / 1000));
}

export type ReportCapScope = 'establishment' | 'device';

/**
 * Which cap a new report would break, given the device's non-hidden reports since
 * utcDayStart(now): in all, and about this establishment. The device cap is named first
 * when both are hit, since it is the one that blocks every other restaurant too.
 * Hidden reports must not be in either count (the spec: they count toward neither).
 */
export function reportCapHit(counts: { deviceToday: number; establishmentToday: number }): ReportCapScope | null {
  if (counts.deviceToday >= REPORTS_PER_DEVICE_PER_DAY) return 'device';
  if (counts.establishmentToday >= REPORTS_PER_ESTABLISHMENT_PER_DAY) return 'establishment';
  return null;
}
