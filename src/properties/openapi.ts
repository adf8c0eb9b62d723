import { type Static, Type } from '@sinclair/typebox';
import { DATE, listResponse, nullable, pageResponse, ref, standardErrors } from '../contract/components';
import { operationInput } from '../contract/input';
import { bblParam, dateParam, enumOf, listOf, pageParams } from '../contract/params';

export { bblParam };
import { exportableList, exportListErrors, exportParams } from '../contract/export-document';
import type { ApiFragment } from '../contract/types';
import { DEADLINE_KINDS, DEADLINE_STATUSES, DUE_SOON_DAYS, EVIDENCE_DATASETS } from '../domain/properties/deadlines';
import { HPD_CLOSING_STATUSES } from '../domain/properties/violations';
import { HPD_VIOLATION_CLASSES, VIOLATION_AGENCIES, VIOLATION_RECORD_TYPES, VIOLATION_SORTS } from './types';

const TAG = 'Properties';


export const ViolationDocketQuery = Type.Object({
  agency: Type.Optional(listOf(enumOf(VIOLATION_AGENCIES), `Agencies to keep: ${VIOLATION_AGENCIES.join(', ')}.`)),
  status: Type.Optional(enumOf(['open', 'closed'] as const, { description: 'open: only violations that still demand action (isOpen true); closed: only the others.' })),
  class: Type.Optional(listOf(enumOf(HPD_VIOLATION_CLASSES), `HPD hazard classes to keep: ${HPD_VIOLATION_CLASSES.join(', ')} (class C: immediately hazardous). Only HPD violations have a class, so this filter leaves out every other docket's.`)),
  since: Type.Optional(dateParam('Issued on or after this date (violations with no issue date never match).')),
  until: Type.Optional(dateParam('Issued on or before this date (violations with no issue date never match).')),
  sort: enumOf(VIOLATION_SORTS, { default: '-date', description: 'date / -date: by issue date; penalty / -penalty: by penalty imposed. Default -date.' }),
  ...pageParams(100, 20),
  ...exportParams,
});
export type ViolationDocketQuery = Static<typeof ViolationDocketQuery>;

/** The CSV columns of a lot's violation docket export (README: CSV exports): a PropertyViolation's fields. */
export const VIOLATION_DOCKET_CSV = ['identifier', 'agency', 'recordType', 'status', 'description', 'isOpen', 'issuedAt', 'statusAt', 'penaltyImposedCents', 'penaltyDueCents', 'class'] as const;

export const DeadlineQuery = Type.Object({
  status: Type.Optional(listOf(enumOf(DEADLINE_STATUSES), `Statuses to keep: ${DEADLINE_STATUSES.join(', ')}.`)),
  dueBefore: Type.Optional(dateParam('Only obligations due on or before this date (items with no due date are left out).')),
});
export type DeadlineQuery = Static<typeof DeadlineQuery>;

/** What each properties route takes: the operations below and the routes are written from these. */
export const propertyInputs = {
  violations: { params: Type.Object({ bbl: bblParam }), query: ViolationDocketQuery },
  deadlines: { params: Type.Object({ bbl: bblParam }), query: DeadlineQuery },
};

const VIOLATION_MAPPING = [
  '**agency** and **recordType** by dataset:',
  '- DOB Violations (3h2n-5cm9): agency `DOB`, recordType `dob_violation`. isOpen: a `*` in the VIOLATION_CATEGORY code (`V*-`, `VW*-`, `VP*-`: dismissed or resolved) means closed, no star (`V-DOB VIOLATION - ACTIVE`) means open; a blank or unknown category falls back to the star in the violation number\'s prefix. No penalty (penaltyImposedCents and penaltyDueCents are 0: DOB\'s penalties are the ECB records).',
  '- DOB ECB Violations (6bgk-3dad): agency `ECB`, recordType `ecb_violation`. isOpen while ECB_VIOLATION_STATUS is not RESOLVE, or the hearing date is today or later, or a balance is due. penaltyImposedCents is PENALITY_IMPOSED; penaltyDueCents is BALANCE_DUE, never negative (an overpayment is no debt). status reads `ECB_VIOLATION_STATUS / HEARING_STATUS / CERTIFICATION_STATUS`; statusAt is the hearing date.',
  '- DOB Safety Violations (855j-jady): agency `DOB_NOW`, recordType `dob_safety_violation`. isOpen unless Violation Status is Dismissed. No penalty columns (both 0).',
  `- HPD Housing Maintenance Code Violations (wvxf-dwi5): agency \`HPD\`, recordType \`hpd_violation\`. isOpen while HPD shows the violation open: ViolationStatus \`Open\` is open and \`Close\` closed; where ViolationStatus is blank or another value, open unless CurrentStatus is a closing status (${HPD_CLOSING_STATUSES.join(', ')}). status is CurrentStatus (NOV SENT OUT, NOT COMPLIED WITH, INVALID CERTIFICATION, VIOLATION CLOSED, VIOLATION DISMISSED, ...; ViolationStatus where it is blank), statusAt CurrentStatusDate; issuedAt is the notice of violation's issue date (NOVIssuedDate), or the inspection date for a violation not yet noticed; description is the notice's text (NOVDescription). class is HPD's hazard class (A non-hazardous, B hazardous, C immediately hazardous). No penalty columns (both 0): HPD's civil penalties are sought in Housing Court and are not in the dataset.`,
  'A status value a mapping does not know never hides a violation: what cannot be read as closed is open (the ingest report counts such values). status and description are empty strings when the dataset leaves them blank.',
].join('\n');

const VIOLATION_ORDER = `Order: -date (default) newest issue date first, date oldest first; -penalty largest penalty imposed first, penalty smallest first. Ties break on the violation's dataset and source id, in the same direction as the sort, so the order is total. Violations with no issue date come after every dated one in both date directions. Cursor pagination is keyset over those values: following meta.nextCursor reaches every violation exactly once, and violations written between two pages never shift the ones still to come. A cursor is only valid for the same lot, filters and sort. Unknown query parameters are rejected (400 unknown_parameter); a parameter given twice is 400; since after until is 400.`;

/** The rule that keeps an old copy from reading as "nothing filed". */
const EVIDENCE_DATES = [
  'Evidence is only as good as the copy loaded: each item names the data set its status rests on (evidenceDataset) and the day up to which that data set is known complete here (evidenceAsOf: the newer of its newest record\'s date and its last full sync with the city\'s portal). An item is `overdue` with `verifiable: true` only when evidenceAsOf is on or after its due date: a filing made after the copy ends would not be in it. Otherwise the item is `unverifiable` (verifiable false) with the due date and the latest filing the copy shows, and its basis says how far the copy goes (for example: the 2015 elevator device file is known complete only to 2015-10-13, before the due date 2026-01-14). An item with no due date (a CAT5 test with none on file) is never read as overdue. What the filings show was done (ok, due_soon) and what needs action stand whatever the copy\'s age.',
  'An open DOB (BIS) violation (DOB Violations, 3h2n-5cm9) lists its obligation and makes it action_needed, on any lot, PLUTO described or not: low- and high-pressure boiler (LBLVIO, HBLVIO), boiler (B) and Local Law 62/91 (LL6291) violations the boiler inspection; elevator affirmations of correction (ACC1, ACJ1 and kin) and CAT1 test violations (EVCAT1 and its residential and NYCHA kin) the CAT1 test; CAT5 test violations (EVCAT5 and kin) the CAT5 test; FISP violations the facade report; BENCH benchmarking (code meanings from third-party notes [T]). An open DOB Safety Violation lists its obligation the same way.',
].join('\n\n');

/** Which evidence this service ingests, and where it is another vintage or shape than the rule's source. */
const EVIDENCE_LOADED = [
  'What counts as loaded: a dataset is loaded once this deployment holds records of it (`npm run ingest -- <dataset>` or `npm run sync`). Each rule reads the current dataset where it is loaded: `dob-now-facades` (DOB NOW: Safety – Facades Compliance Filings, xubg-57si) for `facade_filing`, `dob-now-elevators` (DOB NOW: Elevator Safety Compliance, e5aq-a4j2) for the elevator items, `ll84-disclosure` (Energy and Water Data Disclosure for LL84, 5zyy-y8am: a report year counts as submitted for every lot its property names) for `benchmarking`, `dob-now-boilers` (DOB NOW: Safety Boiler, 52dp-yji6) for `boiler_inspection`; these list every lot they concern, so a lot they do not list has nothing filed. Where the current one is not loaded, the older files below are read, and where one is another vintage or shape than the dataset the rule names, the item reads it as follows.',
  '- `elevator_periodic`, `elevator_cat1`, `elevator_cat5` (dataset `elevators`): DOB\'s 2015 elevator device file, not DOB NOW Elevator Safety Compliance (e5aq-a4j2). It lists every device of 2015 with its status (only `A`, active, owes tests; NYCHA `H`, work-in-progress `W`, dismantled `D` and no-jurisdiction `J` devices do not) and its last periodic inspection; lastEvidenceAt is that inspection. It has no CAT1 or CAT5 columns, so with it loaded no CAT1 or CAT5 report is on file; a lot with no device in it has no elevator item. Being a 2015 file (known complete to its newest inspection, 2015-10-13), it cannot show a missed deadline of today: its active devices read unverifiable with that date.',
  '- `facade_filing` (dataset `facade-filings`): DOB\'s hazardous-facade re-inspection extract (NYCDOB/data_store, ECB violations of 2020 re-inspected by the Facades unit), not DOB NOW: Safety – Facades Compliance Filings (xubg-57si). Each violation stands for the UNSAFE technical report it was issued for, in the FISP cycle of its issue date (cycle 9 from 2020-02-21, cycle 8 before); a latest re-inspection of Compliance or Records Show Compliance stands for a SAFE report that day (the condition corrected), any other result leaves the facade UNSAFE: action_needed. The extract lists only lots with such a violation, so for every other lot the item stays a reminder naming the FISP dataset; it ends in January 2021, so a cycle closing after that reads unverifiable, not overdue.',
  '- `benchmarking` (dataset `energy-benchmarking`): the LL84 annual municipal report of 2021 (city buildings only, parsed from DOB\'s PDF), not the LL84 disclosure dataset (5zyy-y8am). A report year counts as submitted when the report shows a score, source EUI or GHG intensity for it (2010 and 2021 in that file; no submission date, so lastEvidenceAt is null). It lists only city buildings, so for every other lot the item stays a reminder; it dates none of its records, so a missing report year reads unverifiable, never overdue.',
  '- `energy_grade_label` and the benchmarking and emissions applicability (dataset `energy-grades`): the LL33 grades of 2020 with the covered-buildings list (one row per BBL, parsed from DOB\'s PDF). A lot on it is benchmarked whatever its PLUTO floor area; grade N exempts the label.',
  '- `hpd_registration` (dataset `hpd-registrations`): HPD Multiple Dwelling Registrations (tesw-yqqr) as published; the registration stands until its RegistrationEndDate. The shared sample holds 100 registrations, all ended by 2018-09-01, so loaded alone it reads most multiple dwellings as unregistered (overdue) and its own lots as lapsed.',
  '- DOB Safety Violations (855j-jady, dataset `dob-safety-violations`): its Violation Type and Device Type decide which obligation an open violation concerns; a violation that names only its building is joined to its lot by BIN.',
  'Records that name only a building (BIN) are joined to its lot through the buildings the other loaded datasets place on lots.',
].join('\n');

const KIND_LIST = DEADLINE_KINDS.map((kind) => `\`${kind}\``).join(', ');

const STATUS_MEANINGS = [
  `- \`ok\`: satisfied for the current cycle or period.`,
  `- \`due_soon\`: not yet satisfied and due within ${DUE_SOON_DAYS} days.`,
  `- \`overdue\`: the due date passed with no satisfying filing in a data set known complete up to that date (evidenceAsOf on or after dueDate).`,
  `- \`action_needed\`: a filing exists but shows something the owner must fix (facade UNSAFE or SWARMP, elevator or boiler defects, a lapsed registration), or DOB Safety Violations or DOB Violations shows an open failure-to-file or failure-to-correct violation for the obligation.`,
  `- \`unverifiable\`: no public dataset loaded here can confirm it, or the one it rests on ends before the due date (verifiable false): treat it as a reminder of the date owed.`,
].join('\n');

export const propertiesFragment: ApiFragment = {
  tags: [{ name: TAG, description: 'Tax lots (by BBL): their violation dockets and compliance deadlines.' }],
  schemas: {
    PropertyViolation: {
      type: 'object',
      additionalProperties: false,
      description: VIOLATION_MAPPING,
      required: ['identifier', 'agency', 'recordType', 'status', 'description', 'isOpen', 'issuedAt', 'statusAt', 'penaltyImposedCents', 'penaltyDueCents', 'class'],
      properties: {
        identifier: { type: 'string', description: 'Violation or summons number, as the dataset writes it.' },
        agency: { type: 'string', enum: [...VIOLATION_AGENCIES] },
        recordType: { type: 'string', enum: [...VIOLATION_RECORD_TYPES] },
        status: { type: 'string', description: 'The current status line, from the dataset\'s own status columns.' },
        description: { type: 'string' },
        isOpen: { type: 'boolean', description: 'Still demands action (mapping per dataset above).' },
        issuedAt: nullable(DATE),
        statusAt: nullable({ ...DATE, description: 'Last status or hearing date.' }),
        penaltyImposedCents: { type: 'integer', minimum: 0 },
        penaltyDueCents: { type: 'integer', minimum: 0, description: 'Balance currently due.' },
        class: nullable({
          type: 'string',
          description: "HPD's hazard class of the violation: `A` non-hazardous, `B` hazardous, `C` immediately hazardous (another letter HPD writes is served as written). Null for the DOB, ECB and DOB safety dockets, which have no such class (ECB's own Hazardous/Non-Hazardous severity is not mapped onto it).",
        }),
      },
    },
    Deadline: {
      type: 'object',
      additionalProperties: false,
      description: 'A compliance obligation of the lot, derived by the service from PLUTO and the loaded city datasets (not raw city data).',
      required: ['kind', 'label', 'status', 'dueDate', 'lastEvidenceAt', 'basis', 'penalty', 'verifiable', 'whatToDo', 'guideUrl', 'evidenceDataset', 'evidenceAsOf'],
      properties: {
        kind: { type: 'string', enum: [...DEADLINE_KINDS], description: 'Stable obligation key.' },
        label: { type: 'string' },
        status: { type: 'string', enum: [...DEADLINE_STATUSES], description: STATUS_MEANINGS },
        dueDate: nullable({ ...DATE, description: 'Next date something is owed (past when overdue); null when no public fact fixes it.' }),
        lastEvidenceAt: nullable({ ...DATE, description: 'Most recent satisfying filing the city shows.' }),
        basis: { type: 'string', description: 'Plain-English rule and citation; says when a dataset that would confirm it is not loaded.' },
        penalty: { type: 'string', description: 'Cost of missing it.' },
        verifiable: { type: 'boolean', description: 'False when no public record loaded here can confirm compliance, or when the data set the item rests on is not known complete up to its due date: treat as a reminder.' },
        whatToDo: { type: 'string' },
        guideUrl: nullable({ type: 'string' }),
        evidenceDataset: nullable({
          type: 'string',
          description: 'The data set (its name in the dataset registry, as `npm run ingest` names it) the status rests on: the violation docket that shows an open failure-to-file, else the filings the rule reads (the current data set where loaded, else the older file; where neither is loaded, the current one that would confirm it). Null for a reminder no public data set can confirm.',
        }),
        evidenceAsOf: nullable({
          ...DATE,
          description: 'The day up to which that data set is known complete in this key\'s mode: the newer of its newest record\'s date and its last full sync with the city\'s portal. Null when it is not loaded here, or when it dates none of its records and was never fully synced. A filing due after this day may simply not be in the copy loaded here.',
        }),
      },
    },
  },
  paths: {
    ...exportableList(
      '/api/v1/properties/{bbl}/violations',
      {
        operationId: 'listPropertyViolations',
        summary: "A lot's violation docket",
        description: `Every violation of the lot from the DOB, ECB, DOB safety and HPD housing maintenance code dockets, one item per violation. Filters combine (AND); agency is a comma list matching any. Meant for monitoring by polling with since set to the last check.\n\n${VIOLATION_MAPPING}\n\n${VIOLATION_ORDER}`,
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        'x-ordered': [['since', 'until']],
        ...operationInput(propertyInputs.violations),
        responses: { '200': pageResponse(ref('PropertyViolation')), ...exportListErrors(['404', 'No lot with this bbl on record (not_found).']) },
      },
      VIOLATION_DOCKET_CSV,
    ),
    '/api/v1/properties/{bbl}/deadlines': {
      get: {
        operationId: 'listPropertyDeadlines',
        summary: "A lot's compliance deadlines",
        description: [
          `The obligations that apply to the lot, one item per kind, as of today (live keys) or the fixture reference date (test keys). Obligations that do not apply are not listed: a lot PLUTO shows with no building (numbldgs 0, or a vacant-land class V* with no building count) gets no building obligation from PLUTO alone, only what a loaded city dataset shows for it; a lot whose building count is unknown keeps them. Ordered by dueDate ascending (no due date last), then kind. Not paginated.`,
          `Kinds: ${KIND_LIST}; each item's basis gives its rule and citation.`,
          `Statuses:\n${STATUS_MEANINGS}`,
          `A dataset not loaded for this deployment is never read as "nothing filed": an obligation it would confirm is served as a reminder (status unverifiable, verifiable false, lastEvidenceAt null, the date the law sets) and its basis names the missing dataset; it is action_needed instead when DOB Safety Violations (855j-jady) or DOB Violations (3h2n-5cm9) is loaded and shows an open failure-to-file or failure-to-correct violation for it. Evidence datasets: ${Object.values(EVIDENCE_DATASETS).join('; ')}.`,
          EVIDENCE_DATES,
          EVIDENCE_LOADED,
          'Unknown query parameters are rejected (400 unknown_parameter); a parameter given twice is 400.',
        ].join('\n\n'),
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(propertyInputs.deadlines),
        responses: { '200': listResponse(ref('Deadline')), ...standardErrors(['404', 'No lot with this bbl on record (not_found).']) },
      },
    },
  },
};
