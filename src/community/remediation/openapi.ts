import { DATE, nullable } from '../../contract/components';
import type { ApiFragment } from '../../contract/types';

/** The remediation block of restaurant profiles (figures.ts). The operator loads the documents, so no path serves them. */
export const remediationFragment: ApiFragment = {
  schemas: {
    Remediation: {
      type: 'object',
      description:
        'Owner-submitted proof of a fix (invoice, receipt, re-issued certificate) for violations open now (the citations of the latest inspection date). UNVERIFIED, pending re-inspection; it never changes grade, score or risk. The profile carries null instead of this object when no open violation has a document. Documents are loaded by the operator (no public endpoint).',
      required: ['openViolations', 'documentedOpenViolations', 'categories', 'lastDocumentedAt'],
      additionalProperties: false,
      properties: {
        openViolations: { type: 'integer', minimum: 0, description: 'Violations open now: the set measured against.' },
        documentedOpenViolations: { type: 'integer', minimum: 0, description: 'Open violations with at least one owner document.' },
        categories: {
          type: 'array',
          items: { type: 'string', enum: ['vermin', 'food_temp', 'hygiene', 'facility', 'admin', 'other'] },
          description: 'Distinct categories of the documented open violations, in this enumeration order.',
        },
        lastDocumentedAt: nullable({ ...DATE, description: 'Latest upload date among the documents of open violations.' }),
      },
    },
  },
  paths: {},
};
