import { type Static, Type } from '@sinclair/typebox';
import { DATE, nullable, pageResponse, ref } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { dateParam, enumOf, pageParams } from '../../contract/params';
import { exportableList, exportListErrors, exportParams } from '../../contract/export-document';
import type { ApiFragment } from '../../contract/types';
import { PERMIT_AGENCIES, PERMIT_RECORD_TYPES } from '../../domain/properties/permits';
import { bblParam } from '../openapi';
import { PERMIT_SORTS } from './queries';

const TAG = 'Properties';

export const PermitListQuery = Type.Object({
  status: Type.Optional(enumOf(['open', 'closed'] as const, { description: 'open: only permits and filings not signed off or closed (isOpen true); closed: only the others.' })),
  since: Type.Optional(dateParam('Issued on or after this date (issuedAt; records with no issue date never match).')),
  until: Type.Optional(dateParam('Issued on or before this date (issuedAt; records with no issue date never match).')),
  sort: enumOf(PERMIT_SORTS, { default: '-date', description: 'date / -date: by issuedAt, oldest / newest first. Default -date.' }),
  ...pageParams(100, 20),
  ...exportParams,
});
export type PermitListQuery = Static<typeof PermitListQuery>;

/** The CSV columns of a lot's permit list export (README: CSV exports): a PropertyPermit's fields. */
export const PERMIT_CSV = ['identifier', 'agency', 'recordType', 'status', 'description', 'isOpen', 'issuedAt', 'expiresAt', 'statusAt'] as const;

/** What each permit route takes: the operation below and the route are written from these. */
export const permitInputs = {
  permits: { params: Type.Object({ bbl: bblParam }), query: PermitListQuery },
};

const PERMIT_MAPPING = [
  '**agency**, **recordType** and the fields by dataset. agency is `DOB` (BIS, the Buildings Information System) or `DOB_NOW`; recordType is `permit` (a work permit) or `job_filing` (the job application the permits are issued under). A lot shows both: a job filing and the permits issued for it are separate items.',
  '- DOB Permit Issuance (ipu4-2q9a): agency `DOB`, recordType `permit`. identifier `<Job #>-<Job doc #>-<Permit Type>[-<Permit Subtype>]` (`141008987-01-EQ-OT`), each renewal its own item. status `Permit Status / Filing Status` (`ISSUED / RENEWAL`). description: the permit type, subtype and job type in words (the dataset has no scope text). issuedAt the Issuance Date, expiresAt the Expiration Date, statusAt the Issuance Date (the Filing Date while IN PROCESS). isOpen while the permit is in force: not REVOKED and its expiration date not passed (a permit is in force through its expiration day); IN PROCESS, ISSUED and RE-ISSUED are open until then.',
  '- DOB Job Application Filings (ic3t-wcy2): agency `DOB`, recordType `job_filing`. identifier `<Job #>-<Doc #>` (`440673852-01`). status the Job Status Descrp (`SIGNED OFF`, `PERMIT ISSUED - ENTIRE JOB/WORK`, ...), followed by `/ WITHDRAWN` when the special action status is W. description the Job Description (the job type and Other Description when blank). issuedAt the Pre-Filing Date, expiresAt null, statusAt the Latest Action Date. isOpen until signed off or completed (Job Status X SIGNED OFF, U COMPLETED, I SIGN-OFF (ARA), or a SIGNOFF_DATE) or withdrawn (SPECIAL_ACTION_STATUS W); every other stage (pre-filing, plan exam, disapproved, permit issued, suspended) is open.',
  '- DOB NOW: Build – Job Application Filings (w9ak-ipjd): agency `DOB_NOW`, recordType `job_filing`. identifier the Job Filing Number (`B00472129-P1`). status the Filing Status. description the Job Description. issuedAt the Filing Date, expiresAt null, statusAt the Current Status Date. isOpen until the Filing Status is LOC Issued (the letter of completion: DOB NOW\'s sign-off), Signed Off or Withdrawn, or a Signoff Date is given.',
  '- DOB NOW: Build – Approved Permits (rbx6-tga4): agency `DOB_NOW`, recordType `permit`. identifier the Work Permit number (`M00001706-I1-SH`), each issuance its own item. status the Permit Status where the dataset gives one, otherwise `Issued / <Filing Reason>` (every row of the dataset is an issued permit). description the Job Description. issuedAt the Issued Date, expiresAt the Expired Date, statusAt the Issued Date. isOpen until its expiration date passes, unless its Permit Status is Revoked, Signed-off, Withdrawn, Expired or Cancelled.',
  'A status value a mapping does not know never hides an item: it is read as open (unless a sign-off or expiration date says otherwise), and the ingest report counts it. isOpen is derived as of the day of the last ingest or daily re-derivation (test keys: the fixture reference date), so a permit reads closed from the day after it expires. status and description are empty strings when the dataset leaves them blank. A record that names only its building (BIN) is served on the lot the loaded datasets place that building on; records whose lot cannot be told (neither a lot nor a known BIN, a BBL column naming another lot than borough/block/lot, or a BIN in another borough than the lot) are not loaded.',
].join('\n');

const PERMIT_ORDER = `Order: -date (default) newest issuedAt first, date oldest first. Ties break on the record's dataset and source id, in the same direction as the sort, so the order is total. Records with no issuedAt (a permit still IN PROCESS) come after every dated one in both directions. Cursor pagination is keyset over those values: following meta.nextCursor reaches every record exactly once, and records written between two pages never shift the ones still to come. A cursor is only valid for the same lot, filters and sort. Unknown query parameters are rejected (400 unknown_parameter); a parameter given twice is 400; since after until is 400.`;

export const permitsFragment: ApiFragment = {
  schemas: {
    PropertyPermit: {
      type: 'object',
      additionalProperties: false,
      description: PERMIT_MAPPING,
      required: ['identifier', 'agency', 'recordType', 'status', 'description', 'isOpen', 'issuedAt', 'expiresAt', 'statusAt'],
      properties: {
        identifier: { type: 'string', description: 'Job, filing or permit number (per dataset above).' },
        agency: { type: 'string', enum: [...PERMIT_AGENCIES], description: '`DOB` (BIS) or `DOB_NOW`.' },
        recordType: { type: 'string', enum: [...PERMIT_RECORD_TYPES], description: '`permit` (a work permit) or `job_filing` (a job application).' },
        status: { type: 'string', description: "The current status, from the dataset's own status columns." },
        description: { type: 'string', description: 'Scope of work.' },
        isOpen: { type: 'boolean', description: 'Not signed off or closed; for a permit, still in force (mapping per dataset above).' },
        issuedAt: nullable({ ...DATE, description: 'Permits: the issuance date. Job filings: the date filed.' }),
        expiresAt: nullable({ ...DATE, description: 'Permits: the expiration date. Job filings: null.' }),
        statusAt: nullable({ ...DATE, description: 'Date of the current status.' }),
      },
    },
  },
  paths: {
    ...exportableList(
      '/api/v1/properties/{bbl}/permits',
      {
        operationId: 'listPropertyPermits',
        summary: "A lot's permits and job filings",
        description: `Every permit and job filing of the lot from DOB's BIS (permit issuance, job application filings) and DOB NOW (job filings, approved permits), one item per record. Filters combine (AND).\n\n${PERMIT_MAPPING}\n\n${PERMIT_ORDER}`,
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        'x-ordered': [['since', 'until']],
        ...operationInput(permitInputs.permits),
        responses: { '200': pageResponse(ref('PropertyPermit')), ...exportListErrors(['404', 'No lot with this bbl on record (not_found).']) },
      },
      PERMIT_CSV,
    ),
  },
};
