import { type Static, Type } from '@sinclair/typebox';
import { batchBody } from '../contract/batch';
import { batchResponse, DATE, DATE_TIME, dataResponse, JSON_BODY_ERRORS, listResponse, nullable, pageResponse, ref, standardErrors } from '../contract/components';
import { exportableList, exportListErrors, exportParams } from '../contract/export-document';
import { operationInput } from '../contract/input';
import { bblParam, enumOf, limitParam, pageParams } from '../contract/params';
import type { ApiFragment } from '../contract/types';
import { PORTFOLIO_RULE } from '../domain/owners/portfolios';
import { rankingText } from '../search/typeahead';
import { PORTFOLIO_TIERS } from './search/queries';
import { OWNERS_TAG, PORTFOLIO_LOT_SORTS, portfolioIdParam } from './types';

export const PortfolioLotsQuery = Type.Object({
  sort: enumOf(PORTFOLIO_LOT_SORTS, {
    default: 'bbl',
    description: 'bbl (default): by BBL ascending; -openViolations: most open violations first; openViolations: fewest first. Ties break on the BBL in the same direction, so the order is total.',
  }),
  ...pageParams(500, 100),
  ...exportParams,
});
export type PortfolioLotsQuery = Static<typeof PortfolioLotsQuery>;

/** The CSV columns of a portfolio's lots export: a PortfolioLot's fields. */
export const PORTFOLIO_LOTS_CSV = ['bbl', 'address', 'zip', 'borough', 'unitsResidential', 'openViolations', 'overdueDeadlines', 'actionNeededDeadlines'] as const;

export const PortfolioSearchQuery = Type.Object({
  q: Type.String({
    minLength: 3,
    maxLength: 120,
    description: 'A name of an owner, head officer or corporation, or a business address, as people type it, possibly unfinished (3-120 characters).',
  }),
  limit: limitParam(25, 10),
});
export type PortfolioSearchQuery = Static<typeof PortfolioSearchQuery>;

/** The most portfolios one POST /portfolios/batch answers. */
export const PORTFOLIO_BATCH_MAX = 25;
/** The lots a batch's portfolios may hold together: each portfolio's totals read every one of its lots. */
export const PORTFOLIO_BATCH_MAX_LOTS = 20_000;

export const ownerInputs = {
  batch: { body: batchBody('ids', PORTFOLIO_BATCH_MAX) },
  search: { query: PortfolioSearchQuery },
  lotOwners: { params: Type.Object({ bbl: bblParam }) },
  portfolio: { params: Type.Object({ id: portfolioIdParam }) },
  portfolioLots: { params: Type.Object({ id: portfolioIdParam }), query: PortfolioLotsQuery },
};

const int = (description: string) => ({ type: 'integer', minimum: 0, description });
const namedCount = (what: string) => ({
  type: 'array',
  description: `${what}, most registrations first (then alphabetical).`,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'registrations'],
    properties: { name: { type: 'string', description: 'As HPD writes it most often (upper case).' }, registrations: int('Current registrations of the portfolio\'s lots that name it.') },
  },
});

const PORTFOLIO_IDS = 'A portfolio\'s id is the lowest BBL among its lots when it was last grouped: it stays while that lot stays in the portfolio, and moves when that lot leaves or a lot with a lower BBL joins (follow a lot\'s portfolio.id from GET /properties/{bbl}/owners to find its portfolio again). Portfolios are regrouped after every load or sync of HPD registrations or contacts.';

const BUSINESS_ADDRESS = {
  type: 'object',
  additionalProperties: false,
  required: ['houseNumber', 'street', 'apartment', 'city', 'state', 'zip'],
  description: 'The business address the contact gave, as HPD writes it (each part null when blank).',
  properties: {
    houseNumber: nullable({ type: 'string' }),
    street: nullable({ type: 'string' }),
    apartment: nullable({ type: 'string' }),
    city: nullable({ type: 'string' }),
    state: nullable({ type: 'string' }),
    zip: nullable({ type: 'string' }),
  },
};

export const ownersFragment: ApiFragment = {
  schemas: {
    PortfolioSummary: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'people', 'lots', 'unitsResidential'],
      properties: {
        id: { type: 'string', description: 'GET /portfolios/{id}.' },
        name: { type: 'string', description: 'The person on most of its registrations (its corporate owner when it names no person).' },
        people: { type: 'array', items: { type: 'string' }, description: 'Up to three of its owners and head officers, most registrations first.' },
        lots: int('Lots in the portfolio.'),
        unitsResidential: int("PLUTO's residential units over its lots."),
      },
    },
    LotOwners: {
      type: 'object',
      additionalProperties: false,
      description: "A lot's owners as its current HPD multiple dwelling registration names them (the registration with the latest registration date), and the portfolio they group the lot into. Buildings HPD does not register (fewer than three units, or not residential) have no registration: registration null, contacts empty, portfolio null. A registration whose contacts name no owner, head officer or corporate owner (as when HPD Registration Contacts is not loaded in this deployment: GET /meta/sources says whether it is) proves no portfolio: portfolio null.",
      required: ['bbl', 'registration', 'contacts', 'portfolio'],
      properties: {
        bbl: { type: 'string' },
        registration: nullable({
          type: 'object',
          additionalProperties: false,
          required: ['id', 'registeredOn', 'endsOn', 'current'],
          properties: {
            id: { type: 'string', description: 'HPD RegistrationID.' },
            registeredOn: nullable({ ...DATE, description: 'LastRegistrationDate.' }),
            endsOn: nullable({ ...DATE, description: 'RegistrationEndDate: the registration lapses after it.' }),
            current: { type: 'boolean', description: 'endsOn is today or later (the fixture reference date for test keys); a lapsed registration still names the owners last registered.' },
          },
        }),
        contacts: {
          type: 'array',
          description: 'Every contact of the registration: owners first (corporate, individual, joint), then head officers, officers, shareholders, agents, site managers, lessees and any other role; in each role by name.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['role', 'name', 'corporationName', 'title', 'businessAddress'],
            properties: {
              role: { type: 'string', description: 'HPD contact type: CorporateOwner, IndividualOwner, JointOwner, HeadOfficer, Officer, Shareholder, Agent, SiteManager, Lessee, ...' },
              name: nullable({ type: 'string', description: "A person's first and last name (middle initial included), upper case; null for a corporation." }),
              corporationName: nullable({ type: 'string', description: 'The corporation named (corporate owners, managing agents written as companies).' }),
              title: nullable({ type: 'string', description: 'The title or contact description HPD gives (MANAGING MEMBER, PRESIDENT, CORP, ...).' }),
              businessAddress: BUSINESS_ADDRESS,
            },
          },
        },
        portfolio: nullable({
          type: 'object',
          additionalProperties: false,
          required: ['id', 'lots', 'unitsResidential'],
          properties: {
            id: { type: 'string', description: 'GET /portfolios/{id}.' },
            lots: int('Lots in the portfolio.'),
            unitsResidential: int("Residential units over its lots (PLUTO's; a lot PLUTO has not described counts 0)."),
          },
        }),
      },
    },
    Portfolio: {
      type: 'object',
      additionalProperties: false,
      description: `${PORTFOLIO_RULE}\n\n${PORTFOLIO_IDS}`,
      required: ['id', 'people', 'corporations', 'businessAddresses', 'totals', 'contractors', 'groupedAt'],
      properties: {
        id: { type: 'string' },
        people: namedCount('Owners and head officers whose registrations make the portfolio'),
        corporations: namedCount("Corporate owners named on the lots' current registrations"),
        businessAddresses: namedCount('Business addresses that joined its people (house, street in canonical words, ZIP)'),
        totals: {
          type: 'object',
          additionalProperties: false,
          required: ['lots', 'unitsResidential', 'openViolations', 'overdueDeadlines', 'actionNeededDeadlines', 'oathTicketsWithFinesDue', 'oathFinesDueCents'],
          description: "Summed over the portfolio's lots, each read as the lot's own routes serve it, as of today (live keys) or the fixture reference date (test keys).",
          properties: {
            lots: int('Lots in the portfolio.'),
            unitsResidential: int("PLUTO's residential units."),
            openViolations: int('Violations still open on the lots\' dockets (isOpen, as GET /properties/{bbl}/violations serves them).'),
            overdueDeadlines: int('Deadlines with status overdue (verifiable: the evidence is known complete past the due date), as GET /properties/{bbl}/deadlines serves them.'),
            actionNeededDeadlines: int('Deadlines with status action_needed.'),
            oathTicketsWithFinesDue: int('OATH tickets with a balance due of the docketed contractors that are portfolio companies (contractors).'),
            oathFinesDueCents: int('Their balances due, summed.'),
          },
        },
        contractors: {
          type: 'array',
          description: "The companies OATH dockets (GET /contractors/{slug}) that bear the name of one of the portfolio's corporate owners, read by the contractors' company name rule (legal forms, punctuation and spacing as that rule reads them; no typo matching here), by slug.",
          items: { type: 'object', additionalProperties: false, required: ['slug', 'name'], properties: { slug: { type: 'string' }, name: { type: 'string' } } },
        },
        groupedAt: { ...DATE_TIME, description: 'When a regrouping last changed the portfolio (its lots, units, people, corporations or addresses).' },
      },
    },
    PortfolioLot: {
      type: 'object',
      additionalProperties: false,
      required: [...PORTFOLIO_LOTS_CSV],
      properties: {
        bbl: { type: 'string' },
        address: nullable({ type: 'string', description: "PLUTO's address; null when PLUTO has not described the lot." }),
        zip: nullable({ type: 'string' }),
        borough: { type: 'string' },
        unitsResidential: nullable({ type: 'integer', minimum: 0, description: "PLUTO's residential units; null when PLUTO has not described the lot." }),
        openViolations: int('Violations still open on the lot\'s docket.'),
        overdueDeadlines: int('Deadlines with status overdue.'),
        actionNeededDeadlines: int('Deadlines with status action_needed.'),
      },
    },
  },
  paths: {
    '/api/v1/portfolios/search': {
      get: {
        operationId: 'searchPortfolios',
        summary: 'Typeahead over owners, corporations and business addresses',
        description: `Portfolios whose people, corporate owners or business addresses match q, best first (PortfolioSummary). One search a keystroke; inside a tier the largest portfolio first (lots, then units), then the id. Ranking:\n\n${rankingText(PORTFOLIO_TIERS)}\n\nAt most limit portfolios (1-25, default 10); not paginated. Unknown query parameters are ignored (typeahead surface); a parameter given twice is 400. Answers may be served from the API's answer cache (TYPEAHEAD_CACHE): a cached answer is dropped when the mode's portfolios index changes.`,
        tags: [OWNERS_TAG],
        ...operationInput(ownerInputs.search),
        responses: { '200': listResponse(ref('PortfolioSummary')), ...standardErrors() },
      },
    },
    '/api/v1/properties/{bbl}/owners': {
      get: {
        operationId: 'getPropertyOwners',
        summary: "Who owns a lot, and the portfolio it belongs to",
        description: `The lot's current HPD registration, every contact it names (role, name, business address) and its portfolio (LotOwners). A lot on record with no registration answers registration null, no contacts and portfolio null. A malformed bbl is 400 invalid_parameter; a lot not on record is 404 not_found. Unknown query parameters are ignored.\n\n${PORTFOLIO_RULE}`,
        tags: [OWNERS_TAG],
        ...operationInput(ownerInputs.lotOwners),
        responses: { '200': dataResponse(ref('LotOwners')), ...standardErrors(['404', 'No lot with this bbl on record (not_found).']) },
      },
    },
    '/api/v1/portfolios/batch': {
      post: {
        operationId: 'batchPortfolios',
        summary: 'Several portfolios at once',
        description: `Answers the portfolios found, in request order, each requested id once (duplicates answered once); unknown ids, dissolved portfolios and strings that cannot be a portfolio id (not 10 digits) are listed in meta.notFound, in request order, each once, and are not errors. Each portfolio is the same as GET /portfolios/{id}. More than ${PORTFOLIO_BATCH_MAX} ids, counted as sent (duplicates included), or portfolios holding more than ${PORTFOLIO_BATCH_MAX_LOTS} lots together (each portfolio's totals read every one of its lots: ask for the largest alone), is 400 batch_too_large. A body that is not an object with a non-empty ids array of strings is 400 invalid_body. Not paginated; no limit or cursor. Unknown query parameters are rejected.\n\n${PORTFOLIO_IDS}`,
        tags: [OWNERS_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(ownerInputs.batch),
        responses: {
          '200': batchResponse(ref('Portfolio')),
          ...standardErrors(['400', `A body breaking its rule (invalid_body) or more than ${PORTFOLIO_BATCH_MAX} ids (batch_too_large).`], ...JSON_BODY_ERRORS),
        },
      },
    },
    '/api/v1/portfolios/{id}': {
      get: {
        operationId: 'getPortfolio',
        summary: 'An owner portfolio: its people, companies, addresses and what its lots owe',
        description: `Who makes the portfolio and totals over its lots (Portfolio). A malformed id is 400 invalid_parameter; an unknown one is 404 not_found. Unknown query parameters are ignored.\n\n${PORTFOLIO_IDS}`,
        tags: [OWNERS_TAG],
        ...operationInput(ownerInputs.portfolio),
        responses: { '200': dataResponse(ref('Portfolio')), ...standardErrors(['404', 'No portfolio with this id (not_found).']) },
      },
    },
    ...exportableList(
      '/api/v1/portfolios/{id}/lots',
      {
        operationId: 'listPortfolioLots',
        summary: "A portfolio's lots",
        description: "Every lot of the portfolio with its address, units, open violations and deadline counts (PortfolioLot), as of today (live keys) or the fixture reference date (test keys). Cursor pagination is keyset over the sort's values: following meta.nextCursor reaches every lot exactly once while the portfolio is not regrouped; a cursor is only valid for the same portfolio and sort. A malformed id is 400 invalid_parameter; an unknown one is 404 not_found. Unknown query parameters are rejected (400 unknown_parameter).",
        tags: [OWNERS_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(ownerInputs.portfolioLots),
        responses: { '200': pageResponse(ref('PortfolioLot')), ...exportListErrors(['404', 'No portfolio with this id (not_found).']) },
      },
      PORTFOLIO_LOTS_CSV,
    ),
  },
  tags: [{ name: OWNERS_TAG, description: 'Who owns a building and what else they own: HPD registrations grouped into portfolios.' }],
};
