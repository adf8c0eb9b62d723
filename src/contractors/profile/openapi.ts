import { Type } from '@sinclair/typebox';
import { batchBody } from '../../contract/batch';
import { batchResponse, dataResponse, JSON_BODY_ERRORS, ref, scoreFactorList, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import type { ApiFragment } from '../../contract/types';
import { COMPANY_NAME_RULE, CONTRACTOR_RISK_DESCRIPTION, CONTRACTOR_RISK_FACTOR_KEYS, SAVINGS_DESCRIPTION, TICKET_STATUS_DESCRIPTION } from '../../domain/contractors';
import { RISK_LEVEL_BANDS, RISK_LEVELS } from '../../domain/scoring';
import { CANONICAL_LINK_HEADER, CONTRACTORS_TAG, SLUG_ANSWERS, slugParam } from '../types';

export const CONTRACTOR_BATCH_MAX = 25;

export const contractorProfileInputs = {
  profile: { params: Type.Object({ slug: slugParam }) },
  // Items have no shape rule: a slug that cannot be one is answered in notFound (docs/decisions.md).
  batch: { body: batchBody('slugs', CONTRACTOR_BATCH_MAX) },
};

const int = (description: string) => ({ type: 'integer', minimum: 0, description });

const PROFILE_RULES = [
  "A company as the OATH Hearings Division dockets it: its tickets across every docket spelling grouped under it (spellings lists them), each ticket's standing read exactly as GET /contractors/{slug}/tickets serves it (same status, money and reopenableUntil), as of today (UTC) for live keys and the fixture reference date for test keys. Figures are computed from the tickets at read time, so a 75-day window that has closed since the last ingest no longer counts, and a hearing date that has passed no longer keeps a ticket open.",
  `Risk:\n\n${CONTRACTOR_RISK_DESCRIPTION}`,
  `Reopen savings:\n\n${SAVINGS_DESCRIPTION}`,
  `Ticket standing:\n\n${TICKET_STATUS_DESCRIPTION}`,
].join('\n\n');

export const contractorProfileFragment: ApiFragment = {
  schemas: {
    ContractorProfile: {
      type: 'object',
      additionalProperties: false,
      description: PROFILE_RULES,
      required: [
        'slug', 'name', 'riskLevel', 'riskScore', 'tickets', 'openTickets', 'finesImposedCents', 'finesDueCents', 'defaultedHearings',
        'reopenableSavingsMinCents', 'reopenableSavingsMaxCents', 'riskFactors', 'spellings', 'groupedBecause',
      ],
      properties: {
        slug: { type: 'string', description: "The canonical slug: the company's own (the earliest issued of the slugs made from its spellings). A request by an absorbed slug answers with the surviving company's slug here: link and cache under it." },
        name: { type: 'string', description: 'The primary docket spelling: the spelling on most of its tickets (earliest-issued on a tie).' },
        riskLevel: { type: 'string', enum: [...RISK_LEVELS], description: `The full assessment (see the ContractorProfile description), from riskScore: ${RISK_LEVEL_BANDS}. It can differ from the balance-weighted level of browse and search.` },
        riskScore: { type: 'integer', minimum: 0, maximum: 100, description: 'Higher is worse; the sum of riskFactors points.' },
        tickets: int('Summonses across every docket spelling of the company.'),
        openTickets: int('Tickets still demanding action (money due or a hearing ahead): status open or defaulted.'),
        finesImposedCents: int('Sum of imposedCents over the tickets (penalties imposed once decided; a penalty written before any decision does not count).'),
        finesDueCents: int('Sum of dueCents over the tickets (balances due, each never negative).'),
        defaultedHearings: int('Unpaid default judgments: tickets with status defaulted (a default paid in full or written off is closed and not counted).'),
        reopenableSavingsMinCents: int('Floor: the default inflation a granted new hearing erases, over tickets whose 75-day window is live today: the sum of max(0, imposedCents - soughtCents). 0 when no window is live.'),
        reopenableSavingsMaxCents: int('Ceiling: everything at stake in live windows if the charges are dismissed: the sum of imposedCents plus late fees over the same tickets. Never below the floor.'),
        riskFactors: scoreFactorList(CONTRACTOR_RISK_FACTOR_KEYS, {
          count: 'Tickets the factor counts (flat, not weighted).',
          detail: 'The points, the cap and the figures or weighted sum behind them.',
        }),
        spellings: { type: 'array', items: { type: 'string' }, description: 'Every company spelling the city has docketed under this company (the respondent name fields joined), alphabetical.' },
        groupedBecause: {
          type: 'array',
          description: `Why spellings were grouped into this company beyond equal spelling: one entry per join of two groups of spellings by a cut name, a typo, a known abbreviation or acronym, or a related name at a shared respondent address (rules 6 to 9 of the rule below), in a stable order. Empty for a company of one spelling, or whose spellings are equal by the spelling rule alone (punctuation, legal form, canonical words): those joins are not listed. An entry names a spelling of each side, not every spelling joined. A company not grouped again since this field was added reads empty until its spellings are next grouped.\n\n${COMPANY_NAME_RULE}`,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['rule', 'evidence', 'spellings'],
            properties: {
              rule: { type: 'string', enum: ['truncation', 'typo', 'abbreviation', 'acronym'], description: 'truncation: one spelling is the other cut at a field width; typo: one letter added, dropped or changed, or two swapped, in a word of six letters or more; abbreviation: words of one spelled short in the other (COMM = COMMUNITY, NYC = NEW YORK CITY); acronym: a city agency by its acronym, or (at a shared address) a name by its initials.' },
              evidence: { type: 'string', enum: ['name', 'shared-address'], description: 'name: the two names alone show it; shared-address: the two were docketed at one respondent address (house number, street, ZIP) and their names are related so.' },
              spellings: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2, description: 'A spelling of each side of the join, alphabetical.' },
              words: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2, description: 'typo, abbreviation, acronym: the words that differ, each side in canonical spelling, in the order of spellings.' },
              width: { type: 'integer', minimum: 1, description: 'truncation: the length of the cut spelling.' },
              address: { type: 'string', description: "shared-address: the address the two share, as compared: house number, street in canonical words, five-digit ZIP ('30-30 THOMSON AVENUE 11101')." },
            },
          },
        },
      },
    },
  },
  paths: {
    '/api/v1/contractors/{slug}': {
      get: {
        operationId: 'getContractor',
        summary: "A contractor's docket profile",
        description: `Totals across every docket spelling of the company, its full risk assessment and what it can still save by reopening defaults (ContractorProfile). Any slug ever issued answers: ${SLUG_ANSWERS} Unknown query parameters are ignored.`,
        tags: [CONTRACTORS_TAG],
        ...operationInput(contractorProfileInputs.profile),
        responses: { '200': { ...dataResponse(ref('ContractorProfile')), headers: CANONICAL_LINK_HEADER }, ...standardErrors(['404', 'No contractor with this slug (not_found).']) },
      },
    },
    '/api/v1/contractors/batch': {
      post: {
        operationId: 'batchContractors',
        summary: `Profiles of up to ${CONTRACTOR_BATCH_MAX} contractors`,
        description: `Answers the profiles of the slugs found, in request order, each requested slug once (duplicates answered once); unknown slugs and strings that cannot be a slug (upper case, spaces, empty) are listed in meta.notFound, in request order, each once, and are not errors. Two different slugs that answer the same company (an absorbed company's old slug and the absorber's) are each answered, with the same profile, whose slug is the canonical one (a batch answers no Link header: compare each profile's slug with the one requested). More than ${CONTRACTOR_BATCH_MAX} slugs, counted as sent (duplicates included), is 400 batch_too_large. A body that is not an object with a non-empty slugs array of strings is 400 invalid_body. Profiles are the same as GET /contractors/{slug}. Not paginated; no limit or cursor. Unknown query parameters are rejected.`,
        tags: [CONTRACTORS_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(contractorProfileInputs.batch),
        responses: {
          '200': batchResponse(ref('ContractorProfile')),
          ...standardErrors(['400', `A body breaking its rule (invalid_body) or more than ${CONTRACTOR_BATCH_MAX} slugs (batch_too_large).`], ...JSON_BODY_ERRORS),
        },
      },
    },
  },
};
