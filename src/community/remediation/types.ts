/** The remediation object of a restaurant profile (the contract's Remediation). */
export interface RemediationBlock {
  openViolations: number;
  documentedOpenViolations: number;
  categories: string[];
  lastDocumentedAt: string | null;
}
