import { type Static, Type } from '@sinclair/typebox';
import { DATE_TIME, nullable, pageResponse, ref, standardErrors } from '../contract/components';
import { operationInput } from '../contract/input';
import { enumOf, listOf, pageParams } from '../contract/params';
import type { ApiFragment } from '../contract/types';
import { CHANGE_FAMILIES, CHANGE_KIND_MEANINGS, CHANGE_KINDS, CHANGE_RETENTION_DAYS, KINDS_OF_FAMILY } from './kinds';
import { CHANGE_ID_PATTERN } from './store';

export const CHANGES_TAG = 'Changes';

const KIND_LIST = CHANGE_KINDS.map((kind) => `${kind}: ${CHANGE_KIND_MEANINGS[kind]}`).join('; ');

/** How the feed is fed, for the list's and the item's text. */
export const CHANGE_FEED_RULES = `The ingest records a change when a load or the daily rederive changes an entity's derived record: it compares the entity's state (restaurant: latest inspection date, grade, closed, citation count; property lot: violations, open violations, and the status of each compliance obligation that applies to it as GET /properties/{bbl}/deadlines computes it on the ingest's clock; contractor: tickets, closed, defaulted, inside the new-hearing window) with the state it saw last, and writes one change per kind. The first time the ingest sees an entity it records nothing (a first load is not news); the test-mode fixture's changes are what its later datasets brought to entities an earlier one had described (violations of lots PLUTO had loaded). Kinds: ${KIND_LIST}. Changes are kept ${CHANGE_RETENTION_DAYS} days before the clock of the latest ingest, then pruned by it. The daily rederive compares every lot's deadline statuses on its new clock, so an obligation that becomes due_soon or overdue with time is recorded that day, with no load.`;

export const ChangeListQuery = Type.Object({
  family: Type.Optional(listOf(enumOf(CHANGE_FAMILIES), `Families to keep (comma list, any of): ${CHANGE_FAMILIES.join(', ')}.`)),
  kinds: Type.Optional(listOf(enumOf(CHANGE_KINDS), `Kinds of change to keep (comma list, any of): ${CHANGE_KINDS.join(', ')}.`)),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'Only changes whose time (at, the ingest\'s clock) is at or after this instant (RFC 3339, e.g. 2026-04-01T00:00:00Z).' })),
  after: Type.Optional(Type.String({ pattern: CHANGE_ID_PATTERN, description: 'Only changes recorded after this change id (a poller passes the last id it has seen; ids grow in recording order).' })),
  ...pageParams(500, 100),
});
export type ChangeListQuery = Static<typeof ChangeListQuery>;

export const changeInputs = { list: { query: ChangeListQuery } };

export const ChangeSchema = {
  type: 'object',
  additionalProperties: false,
  description: `One change of one entity. ${Object.entries(KINDS_OF_FAMILY).map(([family, kinds]) => `${family}: ${kinds.join(', ')}`).join('; ')}.`,
  required: ['id', 'family', 'entityId', 'kind', 'at', 'recordedAt', 'detail', 'link'],
  properties: {
    id: { type: 'string', pattern: CHANGE_ID_PATTERN, description: 'The change id, chg_<n>: n grows in recording order within a mode (live, test). Webhook deliveries carry it as their event id.' },
    family: { type: 'string', enum: [...CHANGE_FAMILIES] },
    entityId: { type: 'string', description: 'The entity: a restaurant camis, a property BBL (10 digits), a contractor slug.' },
    kind: { type: 'string', enum: [...CHANGE_KINDS] },
    at: { ...DATE_TIME, description: "The ingest's clock when it saw the change (a load's as-of date; test mode: the fixture reference date)." },
    recordedAt: { ...DATE_TIME, description: 'When the change was written.' },
    detail: {
      type: 'object',
      additionalProperties: false,
      description: 'What the kind says more: from/to of a grade change, to = the date of a new inspection, count of the new or changed rows; obligation (a deadline kind) with from/to its old and new deadline status for deadline_status_change; absent fields do not apply.',
      properties: {
        from: nullable({ type: 'string' }),
        to: nullable({ type: 'string' }),
        count: { type: 'integer', minimum: 1 },
        obligation: { type: 'string', description: 'deadline_status_change: the obligation kind (the kind of a GET /properties/{bbl}/deadlines item).' },
      },
    },
    link: { type: 'string', description: 'The resource: /api/v1/restaurants/{camis}, /api/v1/properties/{bbl} or /api/v1/contractors/{slug}.' },
  },
};

export const changesFragment: ApiFragment = {
  tags: [{ name: CHANGES_TAG, description: 'What changed in the records, per restaurant, lot and company, as the ingest sees it; and webhooks that deliver it.' }],
  schemas: { Change: ChangeSchema },
  paths: {
    '/api/v1/changes': {
      get: {
        operationId: 'listChanges',
        summary: 'The change feed',
        description: `Changes of every family in recording order (oldest first), of the key's mode: live keys see the live ingest's changes, test keys the fixture's. ${CHANGE_FEED_RULES}\n\nPaging: follow meta.nextCursor to the end of what exists now; to poll later, pass the last id seen as after (a cursor is only valid with the same filters). Filters combine (AND). Unknown query parameters are rejected (400 unknown_parameter).`,
        tags: [CHANGES_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(changeInputs.list),
        responses: { '200': pageResponse(ref('Change')), ...standardErrors() },
      },
    },
  },
};
