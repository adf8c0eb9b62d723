import { type Static, Type } from '@sinclair/typebox';
import { listResponse, pageResponse, ref, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { enumOf, limitParam, listOf, nameFragmentParam, pageParams } from '../../contract/params';
import { exportableList, exportListErrors, exportParams } from '../../contract/export-document';
import type { ApiFragment } from '../../contract/types';
import { RISK_LEVEL_BANDS, RISK_LEVELS } from '../../domain/scoring';
import { CONTRACTORS_TAG } from '../types';
import { rankingText } from '../../search/typeahead';
import { BROWSE_SORTS, CONTRACTOR_TIERS } from './queries';

const int = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'integer', minimum: 0, ...extra, description });

const SUMMARY_LEVEL =
  `the balance-weighted summary level: the level (${RISK_LEVEL_BANDS}) of min(60, round(10 x log2(1 + finesDueCents / 100000))) + min(25, 5 x defaultedHearings) + min(15, round(1.5 x openTickets)), from the company's totals at the last ingest; it can differ from the full assessment of the profile (GET /contractors/{slug}).`;

const FILLER_RULE =
  'Names are read without their legal form: INC, CORP, LLC, CO, LTD, LP, LLP, PC, PLLC, HDFC in any spelling (INCORPORATED, CORPORATION, COMPANY, LIMITED, L.L.C.), THE and AND (& is AND) never have to match and never make a match, on the query and on the names alike ("abc corp" finds ABC CONSTRUCTION CORP and ABC CONSTRUCTION INC, and does not find XYZ CORP). The last word, possibly still being typed, matches only the start of a name word that is not one of them, so typing on only narrows the list ("corpo" finds CORPORATE INTERIORS, never a name through its CORPORATION; "l" never matches through LLC). While it could still become one of them (c, co, corp, corpo, i, inc, l, t, ...) it need not match after other words ("abc construction co" still finds ABC CONSTRUCTION CORP); with no other word left it is the start of a name word ("co" and "the co" find COHEN BROTHERS and ACME CONSTRUCTION). A q with no letters or digits answers an empty list. Case, accents, apostrophes and periods are ignored; other punctuation separates words.';

export const CONTRACTOR_SEARCH_DESCRIPTION = [
  "Typeahead over contractors' names: every docket spelling of a company is searched (the primary name and the spellings the city also dockets it under), the company answered once. Only listed companies: an absorbed company (its slug answers for the one that absorbed it) or one left without tickets is never found.",
  FILLER_RULE,
  'Ranking is by score tiers, never blended scores; a company belongs to the best tier any of its spellings qualifies for:',
  rankingText(CONTRACTOR_TIERS),
  'Within a tier the biggest outstanding balance comes first (finesDueCents, descending), then the most tickets, then the name (alphabetical) and the slug. A query whose words do not all match in one of these ways returns nothing.',
  'Every tier is looked up in one Elasticsearch search a keystroke.',
  `Items are Contractor summaries; riskLevel is ${SUMMARY_LEVEL}`,
].join('\n');

export const CONTRACTOR_BROWSE_DESCRIPTION = [
  'Every listed company (an absorbed company, whose slug answers for the one that absorbed it, and a company left without tickets are never listed); every filter combines with every other (AND), comma lists match any of their values. Figures are the company totals across every docket spelling as of the last ingest.',
  `q: every word must appear in one of the company's docket spellings, the last word as a prefix. ${FILLER_RULE}`,
  `riskLevel filters on ${SUMMARY_LEVEL}`,
  'minFinesDueCents keeps companies whose balance due (finesDueCents) is at least the value; minTickets those with at least that many tickets (ticketCount).',
  'Sort: -tickets (default, most tickets first), tickets, -finesDueCents (largest balance first; lists only companies with money on the books, finesDueCents > 0), finesDueCents (smallest first, zero balances included), name, -name (the name folded as for q: case, accents and punctuation ignored). Ties are broken by slug (ascending), which also makes the cursor exact.',
  'Cursor pagination is keyset (search_after) over the sort values, with no depth limit; a company whose figures change between two pages (a new ingest) moves to its new place, every other company is returned exactly once. Unknown query parameters are rejected (400 unknown_parameter).',
].join('\n\n');

export const ContractorBrowseQuery = Type.Object({
  q: Type.Optional(nameFragmentParam('Name fragment (1-120 characters): every word in one of the docket spellings, the last as a prefix; legal forms ignored.')),
  riskLevel: Type.Optional(listOf(enumOf(RISK_LEVELS), `Summary risk levels to keep (any case): ${RISK_LEVELS.join(', ')}.`)),
  // Bounded: a query integer is read from at most 15 digits, so the document says where it ends.
  minFinesDueCents: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999_999_999, description: 'Keep companies with at least this balance due, in cents (0 to 999999999999999).' })),
  minTickets: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Keep companies with at least this many tickets (0 to 1000000000).' })),
  sort: enumOf(BROWSE_SORTS, { default: '-tickets', description: 'tickets, finesDueCents or name; - for descending; default -tickets. -finesDueCents lists only companies with a balance due.' }),
  ...pageParams(100, 20),
  ...exportParams,
});
export type ContractorBrowseQuery = Static<typeof ContractorBrowseQuery>;

/** The CSV columns of the contractor browse export (README: CSV exports): a ContractorSummary's fields. */
export const CONTRACTOR_CSV = ['slug', 'name', 'ticketCount', 'finesDueCents', 'riskLevel'] as const;

export const ContractorSearchQuery = Type.Object({
  q: Type.String({ minLength: 3, maxLength: 120, description: 'Company name as typed, possibly unfinished, with typos (3-120 characters).' }),
  limit: limitParam(25, 10),
});
export type ContractorSearchQuery = Static<typeof ContractorSearchQuery>;

export const contractorBrowseInputs = {
  browse: { query: ContractorBrowseQuery },
  search: { query: ContractorSearchQuery },
};

export const contractorBrowseFragment: ApiFragment = {
  schemas: {
    ContractorSummary: {
      type: 'object',
      additionalProperties: false,
      description: 'A company as browse and search list it (the contract\'s Contractor summary): its totals across every docket spelling as of the last ingest.',
      required: ['slug', 'name', 'ticketCount', 'finesDueCents', 'riskLevel'],
      properties: {
        slug: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', description: 'The company id (GET /contractors/{slug}): lowercase kebab of the primary spelling when first issued (with -2, -3, ... when already issued, or when a word of the contractor paths such as search or batch); never changes.' },
        name: { type: 'string', description: 'The primary docket spelling (the spelling on most of its tickets), as docketed.' },
        ticketCount: int('Summonses across every docket spelling of the company.'),
        finesDueCents: int('Balance due across its tickets, in cents (each ticket never negative).'),
        riskLevel: { type: 'string', enum: [...RISK_LEVELS], description: `Balance-weighted: ${SUMMARY_LEVEL}` },
      },
    },
  },
  paths: {
    '/api/v1/contractors/search': {
      get: {
        operationId: 'searchContractors',
        summary: 'Typeahead: companies by name, biggest balances first among equal matches',
        description: `${CONTRACTOR_SEARCH_DESCRIPTION}\n\nAt most limit companies (1-25, default 10), best first; not paginated. Unknown query parameters are ignored (typeahead surface); a parameter given twice is 400.\n\nAnswers may be served from the API's answer cache (TYPEAHEAD_CACHE, on by default): a cached answer is dropped when the mode's contractors index changes (an ingest, rederive or rebuild), so an answer can lag a finished ingest by about two seconds, never more.`,
        tags: [CONTRACTORS_TAG],
        'x-unknown-parameters': 'ignore',
        ...operationInput(contractorBrowseInputs.search),
        responses: { '200': listResponse(ref('ContractorSummary'), 'Best matches first.'), ...standardErrors() },
      },
    },
    ...exportableList(
      '/api/v1/contractors',
      {
        operationId: 'browseContractors',
        summary: 'Browse and filter companies',
        description: CONTRACTOR_BROWSE_DESCRIPTION,
        tags: [CONTRACTORS_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(contractorBrowseInputs.browse),
        responses: { '200': pageResponse(ref('ContractorSummary')), ...exportListErrors() },
      },
      CONTRACTOR_CSV,
    ),
  },
};
