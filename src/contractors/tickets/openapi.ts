import { type Static, Type } from '@sinclair/typebox';
import { DATE, nullable, pageResponse, ref } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { booleanParam, dateParam, enumOf, listOf, pageParams } from '../../contract/params';
import { exportableList, exportListErrors, exportParams } from '../../contract/export-document';
import type { ApiFragment } from '../../contract/types';
import { NEW_HEARING_WINDOW_DAYS, TICKET_STATUS_DESCRIPTION, TICKET_STATUSES } from '../../domain/contractors';
import { CANONICAL_LINK_HEADER, CONTRACTORS_TAG, SLUG_ANSWERS, slugParam } from '../types';
import { TICKET_SORTS } from './queries';

export const TicketListQuery = Type.Object({
  status: Type.Optional(listOf(enumOf(TICKET_STATUSES), `Statuses to keep (comma list, any of): ${TICKET_STATUSES.join(', ')}; each ticket's status as of today (test keys: the fixture reference date).`)),
  hearingAfter: Type.Optional(dateParam('Only tickets whose hearing date (past or scheduled) is on or after this date; tickets with no hearing date never match.')),
  reopenableOnly: Type.Optional(booleanParam(`true: only defaults whose ${NEW_HEARING_WINDOW_DAYS}-day new-hearing window is live today (reopenableUntil not null). false (or absent): no such filter.`)),
  since: Type.Optional(dateParam('Issued (violation date) on or after this date; undated tickets never match.')),
  until: Type.Optional(dateParam('Issued (violation date) on or before this date; undated tickets never match.')),
  sort: enumOf(TICKET_SORTS, { default: '-date', description: '-date (default): newest violation date first; date: oldest first.' }),
  ...pageParams(100, 20),
  ...exportParams,
});
export type TicketListQuery = Static<typeof TicketListQuery>;

/** The CSV columns of a contractor's ticket list export (README: CSV exports): a ContractorTicket's fields. */
export const TICKET_CSV = ['ticket', 'charge', 'issued', 'hearingDate', 'hearingResult', 'status', 'dueCents', 'imposedCents', 'soughtCents', 'defaulted', 'reopenableUntil'] as const;

export const contractorTicketInputs = {
  tickets: { params: Type.Object({ slug: slugParam }), query: TicketListQuery },
};

const TICKET_ORDER = `Order: -date (default) newest violation date (issued) first, date oldest first. Ties break on the ticket number in the same direction, so the order is total. Tickets with no violation date come after every dated one in both directions. Cursor pagination is keyset over those values: following meta.nextCursor reaches every ticket exactly once, and tickets written between two pages never shift the ones still to come. A cursor is only valid for the same company, filters and sort (an absorbed company's old slug pages the same list as the absorber's). Filters combine (AND). Unknown query parameters are rejected (400 unknown_parameter); a parameter given twice is 400; since after until is 400.`;

export const contractorTicketsFragment: ApiFragment = {
  schemas: {
    ContractorTicket: {
      type: 'object',
      additionalProperties: false,
      description: `One OATH summons of the company, its standing as of today (UTC) for live keys and the fixture reference date for test keys, re-derived at read time from the summons' stored columns.\n\n${TICKET_STATUS_DESCRIPTION}`,
      required: ['ticket', 'charge', 'issued', 'hearingDate', 'hearingResult', 'status', 'dueCents', 'imposedCents', 'soughtCents', 'defaulted', 'reopenableUntil'],
      properties: {
        ticket: { type: 'string', description: 'The summons number as OATH writes it (10 characters in the city\'s data).' },
        charge: { type: 'string', description: "The lead charge: charge 1's description (its code when undescribed); an empty string for a summons without charges." },
        issued: nullable({ ...DATE, description: 'The violation date.' }),
        hearingDate: nullable({ ...DATE, description: 'The hearing date, past or scheduled.' }),
        hearingResult: { type: 'string', description: "The city's hearing_result line as written (IN VIOLATION, DEFAULTED, DISMISSED, ...); an empty string when blank." },
        status: { type: 'string', enum: [...TICKET_STATUSES], description: 'open, defaulted or closed (mapping in the ContractorTicket description).' },
        dueCents: { type: 'integer', minimum: 0, description: 'Balance due, never negative; 0 until decided.' },
        imposedCents: { type: 'integer', minimum: 0, description: 'Penalty imposed once decided; 0 before (a penalty written before any decision is no finding).' },
        soughtCents: { type: 'integer', minimum: 0, description: "Scheduled amount sought: the sum of the charges' infraction amounts; the cost of losing at a normal hearing." },
        defaulted: { type: 'boolean', description: 'A missed hearing turned this into a default judgment (hearing_result DEFAULT/DEFAULTED or hearing_status DEFAULTED), paid or not.' },
        reopenableUntil: nullable({ ...DATE, description: `Last day a first new-hearing request is granted automatically: the decision date (the hearing date when none) plus ${NEW_HEARING_WINDOW_DAYS} days, for a ticket with status defaulted that was never reopened (a new hearing is granted once per summons: once any ingest showed it reopened, a later default of it has no window), while that day is today or later; null otherwise (a window that has lapsed reads null).` }),
      },
    },
  },
  paths: {
    ...exportableList(
      '/api/v1/contractors/{slug}/tickets',
      {
        operationId: 'listContractorTickets',
        summary: "A contractor's tickets",
        description: `Every OATH summons of the company across every docket spelling, newest first by default, one item per summons. Any slug ever issued answers: ${SLUG_ANSWERS} An absorbed slug answers the surviving company's tickets.\n\n${TICKET_ORDER}`,
        tags: [CONTRACTORS_TAG],
        'x-unknown-parameters': 'reject',
        'x-ordered': [['since', 'until']],
        ...operationInput(contractorTicketInputs.tickets),
        responses: { '200': { ...pageResponse(ref('ContractorTicket')), headers: CANONICAL_LINK_HEADER }, ...exportListErrors(['404', 'No contractor with this slug (not_found).']) },
      },
      TICKET_CSV,
    ),
  },
};
