/** The console's own types; the API's shapes come from the OpenAPI document (./api-types.ts, generated). */
import type { ContractorProfile, PropertyProfile, RiskBlock } from './api-types';

/** One risk factor as the factor list shows it, from any family's profile (the restaurant's carry no points). */
export type Factor = RiskBlock['factors'][number] | PropertyProfile['riskFactors'][number] | ContractorProfile['riskFactors'][number];

/** What the profile area shows: one entity of one family at a time. */
export type Selection = { family: 'restaurant'; camis: string } | { family: 'property'; bbl: string } | { family: 'contractor'; slug: string };
