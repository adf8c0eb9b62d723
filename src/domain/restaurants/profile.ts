import type { DerivedProfile, EstablishmentHistory, RemediationInput } from './types';
import { citationsOf, inspectionsAsOf } from './history';
import { riskBlock } from './risk';
import { sanitaryReport } from './sanitary';
import { restaurantStats } from './stats';
import { summaryFacts } from './summary';
import { verminDates, verminReport } from './vermin';

/**
 * Every value ingest derives for one establishment, as a pure function of its records
 * and the clock. Remediation is optional input from the owner-response feature; it only
 * sets sanitary.ownerResponseSignal and never moves grade, score or risk.
 */
export function deriveProfile(history: EstablishmentHistory, asOf: Date, remediation?: RemediationInput | null): DerivedProfile {
  const inspections = inspectionsAsOf(history, asOf);
  const citations = citationsOf(inspections);
  const facts = summaryFacts(inspections);
  const risk = riskBlock(inspections, asOf);
  const { establishment } = history;
  return {
    summary: {
      camis: establishment.camis,
      name: establishment.name,
      address: establishment.address,
      borough: establishment.borough,
      zip: establishment.zip,
      cuisine: establishment.cuisine,
      grade: facts.grade,
      score: facts.score,
      closed: facts.closed,
      riskLevel: risk.level,
      riskScore: risk.score,
      lastInspectedAt: facts.lastInspectedAt,
      latitude: establishment.latitude,
      longitude: establishment.longitude,
      openViolations: facts.openViolations,
    },
    gradeDate: facts.gradeDate,
    risk,
    vermin: verminReport(citations, asOf),
    sanitary: sanitaryReport(inspections, asOf, remediation),
    stats: restaurantStats(inspections),
    verminDates: verminDates(citations),
  };
}
