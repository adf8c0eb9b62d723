import { Type } from '@sinclair/typebox';
import { DATE_TIME, nullable, pageResponse, ref, standardErrors } from '../contract/components';
import { operationInput } from '../contract/input';
import { enumOf, listOf, pageParams } from '../contract/params';
import type { ApiFragment } from '../contract/types';
import { CHANGE_RETENTION_DAYS, type ChangeVocabulary } from '../domain/changes';
import { CHANGE_ID_PATTERN } from './store';

export const CHANGES_TAG = 'Changes';

/** a, b or c. */
const inWords = (items: readonly string[], last: string) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}` : items.join(''));

/** The kinds a load records as it sees them happen, for the list's text (empty when no family has one). */
const observedKinds = (vocabulary: ChangeVocabulary) => {
  const parts = vocabulary.of.filter((part) => (part.observed ?? []).length > 0);
  return parts.length === 0
    ? ''
    : `Some kinds are recorded as the load sees them happen, not from two states (${parts.map((part) => `${part.family}: ${part.observed!.join(', ')}`).join('; ')}): a contractor's tickets never change slug without one, when spellings are grouped again (companies merged or split) or the city dockets a summons under another company's spelling. `;
};

/** How the feed is fed, for the list's text. */
const changeFeedRules = (vocabulary: ChangeVocabulary) => `The ingest records a change when a load or the daily rederive changes an entity's derived record: it compares the entity's state (${vocabulary.of.map((part) => `${part.family}: ${part.state}`).join('; ')}) with the state it saw last, and writes one change per kind. ${observedKinds(vocabulary)}The first time the ingest sees an entity it records nothing (a first load is not news); the test-mode fixture's changes are what its later datasets brought to entities an earlier one had described (violations of lots PLUTO had loaded). Kinds: ${vocabulary.kinds.map((kind) => `${kind}: ${vocabulary.meanings[kind]}`).join('; ')}. Changes are kept ${CHANGE_RETENTION_DAYS} days before the clock of the latest ingest, then pruned by it. The daily rederive compares every lot's deadline statuses on its new clock, so an obligation that becomes due_soon or overdue with time is recorded that day, with no load.`;

const changeListQuery = (vocabulary: ChangeVocabulary) =>
  Type.Object({
    family: Type.Optional(listOf(enumOf(vocabulary.families), `Families to keep (comma list, any of): ${vocabulary.families.join(', ')}.`)),
    kinds: Type.Optional(listOf(enumOf(vocabulary.kinds), `Kinds of change to keep (comma list, any of): ${vocabulary.kinds.join(', ')}.`)),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'Only changes whose time (at, the ingest\'s clock) is at or after this instant (RFC 3339, e.g. 2026-04-01T00:00:00Z).' })),
    after: Type.Optional(Type.String({ pattern: CHANGE_ID_PATTERN, description: 'Only changes recorded after this change id (a poller passes the last id it has seen; ids grow in recording order).' })),
    ...pageParams(500, 100),
  });

/** The feed's inputs, declared from its vocabulary: the routes validate with them and the document shows them. */
export const changeInputs = (vocabulary: ChangeVocabulary) => ({ list: { query: changeListQuery(vocabulary) } });
export type ChangeInputs = ReturnType<typeof changeInputs>;

const changeSchema = (vocabulary: ChangeVocabulary) => ({
  type: 'object',
  additionalProperties: false,
  description: `One change of one entity. ${vocabulary.of.map((part) => `${part.family}: ${Object.keys(part.kinds).join(', ')}`).join('; ')}.`,
  required: ['id', 'family', 'entityId', 'kind', 'at', 'recordedAt', 'detail', 'link'],
  properties: {
    id: { type: 'string', pattern: CHANGE_ID_PATTERN, description: 'The change id, chg_<n>: n grows in recording order within a mode (live, test). Webhook deliveries carry it as their event id.' },
    family: { type: 'string', enum: [...vocabulary.families] },
    entityId: { type: 'string', description: `The entity: ${vocabulary.of.map((part) => part.entityId).join(', ')}.` },
    kind: { type: 'string', enum: [...vocabulary.kinds] },
    at: { ...DATE_TIME, description: "The ingest's clock when it saw the change (a load's as-of date; test mode: the fixture reference date)." },
    recordedAt: { ...DATE_TIME, description: 'When the change was written.' },
    detail: {
      type: 'object',
      additionalProperties: false,
      description: 'What the kind says more: from/to of a grade change, to = the date of a new inspection, count of the new or changed rows; obligation (a deadline kind) with from/to its old and new deadline status for deadline_status_change; from/to the slugs of a contractor change of slug (tickets_moved with count, merged_into, split_from); absent fields do not apply.',
      properties: {
        from: nullable({ type: 'string' }),
        to: nullable({ type: 'string' }),
        count: { type: 'integer', minimum: 1 },
        obligation: { type: 'string', description: 'deadline_status_change: the obligation kind (the kind of a GET /properties/{bbl}/deadlines item).' },
      },
    },
    link: { type: 'string', description: `The resource: ${inWords(vocabulary.of.map((part) => `/api/v1/${part.collection}/{${part.idParam}}`), 'or')}.` },
  },
});

export const changesFragment = (vocabulary: ChangeVocabulary, inputs: ChangeInputs): ApiFragment => ({
  tags: [{ name: CHANGES_TAG, description: 'What changed in the records, per restaurant, lot and company, as the ingest sees it; and webhooks that deliver it.' }],
  schemas: { Change: changeSchema(vocabulary) },
  paths: {
    '/api/v1/changes': {
      get: {
        operationId: 'listChanges',
        summary: 'The change feed',
        description: `Changes of every family in recording order (oldest first), of the key's mode: live keys see the live ingest's changes, test keys the fixture's. ${changeFeedRules(vocabulary)}\n\nPaging: follow meta.nextCursor to the end of what exists now; to poll later, pass the last id seen as after (a cursor is only valid with the same filters). Filters combine (AND). Unknown query parameters are rejected (400 unknown_parameter).`,
        tags: [CHANGES_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(inputs.list),
        responses: { '200': pageResponse(ref('Change')), ...standardErrors() },
      },
    },
  },
});
