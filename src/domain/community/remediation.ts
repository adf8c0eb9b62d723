/**
 * Owner remediation documents: what the operator may record (its kinds) and how a citation
 * is named on the command line and in the admin log.
 */

export const REMEDIATION_KINDS = ['invoice', 'receipt', 'certificate'] as const;
export type RemediationKind = (typeof REMEDIATION_KINDS)[number];

/** One citation of an inspection: the violation a document is recorded against. */
export interface CitationKey {
  camis: string;
  inspectedAt: string;
  inspectionType: string;
  code: string;
}

/** A citation id as the admin command accepts it: `<inspected date>|<inspection type>|<code>`. */
export function citationId(key: Omit<CitationKey, 'camis'>): string {
  return `${key.inspectedAt}|${key.inspectionType}|${key.code}`;
}
