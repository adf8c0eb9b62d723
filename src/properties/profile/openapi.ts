import { Type } from '@sinclair/typebox';
import { batchBody } from '../../contract/batch';
import { batchResponse, dataResponse, JSON_BODY_ERRORS, ref, scoreFactorList, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import type { ApiFragment } from '../../contract/types';
import { ECB_DEFAULT_HEARING_STATUS, PROPERTY_RISK_DESCRIPTION, PROPERTY_RISK_FACTOR_KEYS } from '../../domain/properties/risk';
import { RISK_LEVEL_BANDS, RISK_LEVELS } from '../../domain/scoring';
import { bblParam } from '../openapi';
import { recordTablesDescription } from '../store';
import { VIOLATION_AGENCIES } from '../types';
import { PROFILE_CACHE_HOURS } from './store';

const TAG = 'Properties';
export const PROPERTY_BATCH_MAX = 25;

export const profileInputs = {
  profile: { params: Type.Object({ bbl: bblParam }) },
  // Items have no shape rule: a bbl that is not 10 digits is answered in notFound (docs/decisions.md).
  batch: { body: batchBody('bbls', PROPERTY_BATCH_MAX) },
};

const int = (description: string) => ({ type: 'integer', minimum: 0, description });

const PROFILE_RULES = [
  'A tax lot as the city\'s records show it: PLUTO for its address and borough, the violation dockets (DOB Violations, DOB ECB Violations, DOB Safety Violations) for its figures, each violation read with the same isOpen and penalty mapping as GET /properties/{bbl}/violations.',
  `Cached: a profile is computed once and served for up to ${PROFILE_CACHE_HOURS} hours, on the clock of the key's mode (now for live keys; test keys read the fixture as of its reference date, so their answers never change). An ingest that changes any record of the lot (its PLUTO row, a violation, any dataset counted in totalRecords) makes the next request compute it again at once.`,
  `Risk:\n\n${PROPERTY_RISK_DESCRIPTION}`,
].join('\n\n');

export const profileFragment: ApiFragment = {
  schemas: {
    PropertyProfile: {
      type: 'object',
      additionalProperties: false,
      description: PROFILE_RULES,
      required: ['bbl', 'address', 'borough', 'riskLevel', 'riskScore', 'openViolations', 'totalRecords', 'finesImposedCents', 'finesDueCents', 'defaultedHearings', 'agencies', 'riskFactors'],
      properties: {
        bbl: { type: 'string', pattern: '^[0-9]{10}$', description: 'Borough-block-lot, 10 digits.' },
        address: { type: 'string', description: "PLUTO's address of the lot; an empty string while PLUTO has not described the lot (a lot first seen on a violation docket)." },
        borough: { type: 'string', description: 'Manhattan, Bronx, Brooklyn, Queens or Staten Island (from the BBL).' },
        riskLevel: { type: 'string', enum: [...RISK_LEVELS], description: `From riskScore: ${RISK_LEVEL_BANDS}.` },
        riskScore: { type: 'integer', minimum: 0, maximum: 100, description: 'Higher is worse; the sum of riskFactors points (see the PropertyProfile description).' },
        openViolations: int('Violations of the lot that still demand action (isOpen true), across every docket.'),
        totalRecords: int(`Every record of the lot across every ingested dataset: ${recordTablesDescription()}.`),
        finesImposedCents: int('Sum of the penalties imposed on the lot\'s violations (ECB PENALITY_IMPOSED; DOB BIS, DOB safety and HPD violations carry none).'),
        finesDueCents: int('Penalties currently due (judgment exposure): the sum of the violations\' balances due, each never negative.'),
        defaultedHearings: int(`ECB hearings that became default judgments: ECB violations whose HEARING_STATUS is ${ECB_DEFAULT_HEARING_STATUS}, paid or not.`),
        agencies: {
          type: 'array',
          description: `Every enforcement system with at least one record of the lot (${VIOLATION_AGENCIES.join(', ')}), with its open violations; ordered by openCount descending, then agency. Empty when the lot has no violation on record.`,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['agency', 'openCount'],
            properties: { agency: { type: 'string', enum: [...VIOLATION_AGENCIES] }, openCount: int('Open violations from this system.') },
          },
        },
        riskFactors: scoreFactorList(PROPERTY_RISK_FACTOR_KEYS, {
          count: 'Findings the factor counts (flat, not weighted).',
          detail: 'The points, the cap and the weighted sum behind them.',
        }),
      },
    },
  },
  paths: {
    '/api/v1/properties/{bbl}': {
      get: {
        operationId: 'getProperty',
        summary: 'Profile of one tax lot',
        description: `The lot's risk and violation figures (PropertyProfile). A malformed bbl is 400 invalid_parameter; a lot not on record is 404 not_found. Served from a cache of up to ${PROFILE_CACHE_HOURS} hours, refreshed as soon as an ingest changes any of the lot's records. Unknown query parameters are ignored.`,
        tags: [TAG],
        ...operationInput(profileInputs.profile),
        responses: { '200': dataResponse(ref('PropertyProfile')), ...standardErrors(['404', 'No lot with this bbl on record (not_found).']) },
      },
    },
    '/api/v1/properties/batch': {
      post: {
        operationId: 'batchProperties',
        summary: `Profiles of up to ${PROPERTY_BATCH_MAX} tax lots`,
        description: `Answers the profiles of the lots on record in request order, each once (duplicates answered once); unknown bbls and bbls that are not 10 digits (such as "", "1-00285-0008" or "10028500080") are listed in meta.notFound, in request order, each once, and are not errors. More than ${PROPERTY_BATCH_MAX} bbls, counted as sent (duplicates included), is 400 batch_too_large. A body that is not an object with a non-empty bbls array of strings is 400 invalid_body. Profiles are the same as GET /properties/{bbl} (same cache). Not paginated; no limit or cursor. Unknown query parameters are rejected.`,
        tags: [TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(profileInputs.batch),
        responses: {
          '200': batchResponse(ref('PropertyProfile')),
          ...standardErrors(['400', `A body breaking its rule (invalid_body) or more than ${PROPERTY_BATCH_MAX} bbls (batch_too_large).`], ...JSON_BODY_ERRORS),
        },
      },
    },
  },
};
