/**
 * The administrative side the spec implies but does not expose: moderation of report
 * statuses and owner remediation documents. Run through `npm run admin` (scripts/admin.ts),
 * never through an HTTP endpoint. Every move is written to community_admin_log in the
 * same transaction as the move itself (reports/store.ts, remediation/store.ts), so there is no
 * move without its log line.
 *
 * Effects are immediate because nothing is cached: counts, the score adjustment, caps and
 * public surfaces are all read from the reports table on each request.
 */
import type { Pool } from 'pg';
import { citationId, REMEDIATION_KINDS, type CitationKey } from '../domain/community/remediation';
import { REPORT_STATUSES, type ReportStatus } from '../domain/community/score';
import { addRemediationDocuments, openCitations } from './remediation/store';
import { establishmentExists, moveReportStatus } from './reports/store';

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export interface StatusMove {
  reportId: string;
  from: ReportStatus;
  to: ReportStatus;
}

/** Moves a report to another status (any to any; moving to the same status is logged and changes nothing). */
export async function setReportStatus(pg: Pool, reportId: string, status: string, reason: string | null = null): Promise<StatusMove> {
  if (!(REPORT_STATUSES as readonly string[]).includes(status)) throw new AdminError(`status must be one of ${REPORT_STATUSES.join(', ')}`);
  const from = await moveReportStatus(pg, reportId, status as ReportStatus, reason);
  if (from === null) throw new AdminError(`no report ${reportId} (unknown, or erased by its device)`);
  return { reportId, from, to: status as ReportStatus };
}

export interface RemediationInput {
  camis: string;
  /** A citation id (date|type|code) or a bare violation code matched among the open violations. */
  violation: string;
  kind: string;
  /** YYYY-MM-DD upload date; default today (UTC). */
  date?: string;
  now?: Date;
}

/** Records an owner document against open violations; returns the citations it documents. */
export async function addRemediationDocument(pg: Pool, input: RemediationInput): Promise<CitationKey[]> {
  if (!(REMEDIATION_KINDS as readonly string[]).includes(input.kind)) throw new AdminError(`kind must be one of ${REMEDIATION_KINDS.join(', ')}`);
  const now = input.now ?? new Date();
  const date = input.date ?? now.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new AdminError('--date must be a real date written YYYY-MM-DD');
  }
  if (!(await establishmentExists(pg, input.camis))) throw new AdminError(`no establishment ${input.camis}`);
  const open = await openCitations(pg, [input.camis], now);
  const matches = input.violation.includes('|')
    ? open.filter((citation) => citationId(citation) === input.violation)
    : open.filter((citation) => citation.code.toUpperCase() === input.violation.toUpperCase());
  if (!matches.length) {
    const listed = open.map((citation) => `  ${citationId(citation)}`).join('\n') || '  (none)';
    throw new AdminError(`${input.violation} is not an open violation of ${input.camis}; open violations:\n${listed}`);
  }
  await addRemediationDocuments(pg, matches, input.kind, date);
  return matches.map(({ camis, inspectedAt, inspectionType, code }) => ({ camis, inspectedAt, inspectionType, code }));
}
