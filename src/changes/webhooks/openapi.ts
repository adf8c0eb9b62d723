import { Type } from '@sinclair/typebox';
import { DATE_TIME, errorResponse, JSON_BODY_ERRORS, listResponse, nullable, pageResponse, ref, dataResponse, standardErrors } from '../../contract/components';
import { operationInput } from '../../contract/input';
import { enumOf, pageParams } from '../../contract/params';
import type { ApiFragment } from '../../contract/types';
import { BOROUGHS } from '../../nyc/boroughs';
import type { ChangeVocabulary } from '../../domain/changes';
import { CHANGES_TAG } from '../openapi';
import { DELIVERY_ERRORS, HTTP_ERROR_PATTERN } from './delivery-errors';

export const MAX_SUBSCRIPTIONS_PER_KEY = 25;
export const WEBHOOK_ID_PATTERN = '^whk_[A-Za-z0-9_-]{16,32}$';
const DELIVERY_ID_PATTERN = '^dlv_[1-9][0-9]{0,14}$';

/** What selecting a portfolio receives, for the document. */
const PORTFOLIO_SELECTION =
  "Owner portfolios (their id, as GET /portfolios/{id} takes it): the portfolio's own changes (a lot joining or leaving it, the portfolio formed or dissolved) and the changes of the lots placed in it (property changes: violations, deadline statuses). A lot's portfolio is read when its change is matched to subscriptions, moments after the change is recorded: a lot that leaves the portfolio stops being selected from then on, and its lot_left is delivered (it is the portfolio's own change). Restaurants and companies are not selected through a portfolio. Selects together with entityIds, zips and boroughs (any of them).";

const list = <T extends Parameters<typeof Type.Array>[0]>(items: T, max: number, description: string) => Type.Optional(Type.Array(items, { maxItems: max, uniqueItems: true, description }));

const createWebhookBody = (vocabulary: ChangeVocabulary) =>
  Type.Object(
    {
      url: Type.String({ minLength: 8, maxLength: 2048, pattern: '^https?://[^\\s]+$', description: 'Where to POST events: an absolute http or https URL without credentials or fragment. Unless the deployment allows it (WEBHOOKS_ALLOW_PRIVATE_TARGETS), every address the host is or resolves to must be globally routable unicast: a loopback, private, link-local, reserved or transition address (IPv4-mapped, NAT64, 6to4, ...), or a local name (localhost), is refused with 400 at creation, and each delivery resolves the host again and fails with target_not_allowed if it now points at one. A name that does not resolve yet is accepted.' }),
      description: Type.Optional(Type.String({ maxLength: 200, description: 'Your note; shown back.' })),
      families: list(enumOf(vocabulary.families), vocabulary.families.length, 'Families to receive; empty or absent: every family.'),
      kinds: list(enumOf(vocabulary.kinds), vocabulary.kinds.length, 'Kinds of change to receive (GET /changes lists their meanings); empty or absent: every kind.'),
      entityIds: list(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }), 1000, 'Restaurants (camis), lots (BBL, 10 digits), companies (slug) and owner portfolios (their id) to receive; selects together with zips, boroughs and portfolioIds (any of them).'),
      zips: list(Type.String({ pattern: '^[0-9]{5}$' }), 200, "Five-digit ZIP codes: changes of restaurants and lots there (companies have no ZIP; select them by slug)."),
      boroughs: list(enumOf(BOROUGHS), BOROUGHS.length, `Boroughs (${BOROUGHS.join(', ')}): changes of restaurants and lots there.`),
      portfolioIds: list(Type.String({ pattern: '^[1-5][0-9]{9}$' }), 100, PORTFOLIO_SELECTION),
    },
    { additionalProperties: false },
  );

const webhookIdParam = Type.Object({ id: Type.String({ pattern: WEBHOOK_ID_PATTERN, description: 'The subscription id (whk_...).' }) });

/** The webhooks' inputs, declared from the feed's vocabulary: the routes validate with them and the document shows them. */
export const webhookInputs = (vocabulary: ChangeVocabulary) => ({
  create: { body: createWebhookBody(vocabulary) },
  list: { query: Type.Object({}) },
  remove: { params: webhookIdParam },
  deliveries: { params: webhookIdParam, query: Type.Object({ ...pageParams(100, 20) }) },
});
export type WebhookInputs = ReturnType<typeof webhookInputs>;

const DELIVERY_RULES = `Each change a subscription matches is one event, delivered as POST <url> with Content-Type application/json and the body {"id": "chg_<n>", "type": <kind>, "mode": "live"|"test", "subscriptionId", "data": <the Change as GET /changes serves it>}. Signed in the Standard Webhooks scheme (standardwebhooks.com; its libraries verify it): headers webhook-id (the event id, the same on every retry: de-duplicate on it), webhook-timestamp (Unix seconds of this attempt) and webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>"> keyed with the bytes the secret whsec_<base64> encodes; the id is signed, so a body replayed under another id fails verification (README: Webhooks has a receiver). Any 2xx answer within the timeout (10 s by default) delivers it; anything else (another status, a timeout, a refused connection) is retried with exponential backoff: 11 retries, the k-th about 30 s x 2^(k-1) (x 1 to 2, jittered) after the previous, about a day in all, then the delivery is failed. Delivery is at least once (a process stopped between the receiver's answer and recording it sends the event again): de-duplicate on webhook-id. Deliveries are fair across subscriptions: at most a few of one subscription are in flight at once (2 by default), and a key with fewer in flight is served first, so a slow receiver delays only its own subscription's events. Only changes recorded after the subscription was created are sent; a live key's subscriptions receive live changes, a test key's the test mode's (the fixture's). Events of one subscription can arrive out of order.`;

export const webhooksFragment = (vocabulary: ChangeVocabulary, inputs: WebhookInputs): ApiFragment => ({
  schemas: {
    Webhook: {
      type: 'object',
      additionalProperties: false,
      description: `A subscription of the calling key. ${DELIVERY_RULES}`,
      required: ['id', 'url', 'description', 'mode', 'families', 'kinds', 'entityIds', 'zips', 'boroughs', 'portfolioIds', 'createdAt'],
      properties: {
        id: { type: 'string', pattern: WEBHOOK_ID_PATTERN },
        url: { type: 'string' },
        description: nullable({ type: 'string' }),
        mode: { type: 'string', enum: ['live', 'test'], description: "The key's mode: whose changes it receives." },
        families: { type: 'array', items: { type: 'string', enum: [...vocabulary.families] }, description: 'Empty: every family.' },
        kinds: { type: 'array', items: { type: 'string', enum: [...vocabulary.kinds] }, description: 'Empty: every kind.' },
        entityIds: { type: 'array', items: { type: 'string' } },
        zips: { type: 'array', items: { type: 'string' } },
        boroughs: { type: 'array', items: { type: 'string', enum: [...BOROUGHS] } },
        portfolioIds: { type: 'array', items: { type: 'string' }, description: `entityIds, zips, boroughs and portfolioIds select together (any); all four empty: every entity. ${PORTFOLIO_SELECTION}` },
        createdAt: DATE_TIME,
      },
    },
    NewWebhook: {
      type: 'object',
      additionalProperties: false,
      description: 'The subscription just created, with its signing secret: shown this once, never again.',
      required: ['webhook', 'secret'],
      properties: {
        webhook: ref('Webhook'),
        secret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]{43}=$', description: 'Standard Webhooks secret: whsec_ and 32 random bytes in base64, the HMAC-SHA256 key of every delivery (pass it whole to a Standard Webhooks library). Keep it: it cannot be read again (delete and create the subscription for a new one). Secrets issued before they were standard base64 are URL-safe base64 of the same key: replace - with +, _ with /, and add =.' },
      },
    },
    WebhookDelivery: {
      type: 'object',
      additionalProperties: false,
      description: 'One event sent (or being sent) to a subscription, with its attempts.',
      required: ['id', 'eventId', 'kind', 'entityId', 'status', 'attempts', 'lastStatusCode', 'lastError', 'createdAt', 'lastAttemptAt', 'deliveredAt'],
      properties: {
        id: { type: 'string', pattern: DELIVERY_ID_PATTERN },
        eventId: { type: 'string', description: 'The change id (Webhook-Id).' },
        kind: { type: 'string', enum: [...vocabulary.kinds] },
        entityId: { type: 'string' },
        status: { type: 'string', enum: ['pending', 'delivered', 'retrying', 'failed', 'cancelled'], description: 'pending: not tried yet; retrying: an attempt failed, another is scheduled; delivered: a 2xx came back; failed: every retry failed; cancelled: the subscription was deleted first.' },
        attempts: { type: 'integer', minimum: 0 },
        lastStatusCode: nullable({ type: 'integer', description: "The receiver's last HTTP status; null before an answer." }),
        lastError: {
          oneOf: [{ type: 'string', enum: [...DELIVERY_ERRORS] }, { type: 'string', pattern: HTTP_ERROR_PATTERN }, { type: 'null' }],
          description: 'Why the last attempt failed, in a fixed vocabulary: timeout (no answer within the timeout), connection_refused, tls (the TLS handshake or the certificate failed), target_not_allowed (the host resolved to an address deliveries may not reach), connection_failed (any other network failure, name resolution included), or http_<status> (the receiver answered that non-2xx status). null: no attempt failed last.',
        },
        createdAt: DATE_TIME,
        lastAttemptAt: nullable(DATE_TIME),
        deliveredAt: nullable(DATE_TIME),
      },
    },
  },
  paths: {
    '/api/v1/webhooks': {
      post: {
        operationId: 'createWebhook',
        summary: 'Subscribe to changes',
        description: `Creates a subscription of the calling key (at most ${MAX_SUBSCRIPTIONS_PER_KEY} per key: 409 too_many_webhooks) and answers it with its secret, shown once. ${DELIVERY_RULES} The public test key shared by the consoles cannot subscribe (403 forbidden): use a key of your own.`,
        tags: [CHANGES_TAG],
        ...operationInput(inputs.create),
        responses: {
          '201': dataResponse(ref('NewWebhook'), 'Created.'),
          ...standardErrors(...JSON_BODY_ERRORS, ['403', 'The public test key cannot subscribe (forbidden).'], ['409', `The key has ${MAX_SUBSCRIPTIONS_PER_KEY} subscriptions (too_many_webhooks).`]),
          '400': errorResponse('invalid_body: a field breaks its rule, or the url is refused (param url).'),
        },
      },
      get: {
        operationId: 'listWebhooks',
        summary: "The key's subscriptions",
        description: `Every subscription of the calling key (at most ${MAX_SUBSCRIPTIONS_PER_KEY}), oldest first, without secrets. Another key's subscriptions are never listed. Unknown query parameters are rejected.`,
        tags: [CHANGES_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(inputs.list),
        responses: { '200': listResponse(ref('Webhook')), ...standardErrors() },
      },
    },
    '/api/v1/webhooks/{id}': {
      delete: {
        operationId: 'deleteWebhook',
        summary: 'Unsubscribe',
        description: 'Deletes a subscription of the calling key: nothing more is sent (deliveries still queued are cancelled). Another key\'s subscription, or one already deleted, is 404 not_found.',
        tags: [CHANGES_TAG],
        ...operationInput(inputs.remove),
        responses: { '204': { description: 'Deleted.' }, ...standardErrors(['404', 'No such subscription of this key (not_found).']) },
      },
    },
    '/api/v1/webhooks/{id}/deliveries': {
      get: {
        operationId: 'listWebhookDeliveries',
        summary: "A subscription's deliveries",
        description: "The deliveries of a subscription of the calling key, newest first, with their status and attempts (kept 30 days); paged with signed cursors (a cursor is only valid for the same subscription). Another key's subscription is 404 not_found. Unknown query parameters are rejected.",
        tags: [CHANGES_TAG],
        'x-unknown-parameters': 'reject',
        ...operationInput(inputs.deliveries),
        responses: { '200': pageResponse(ref('WebhookDelivery')), ...standardErrors(['404', 'No such subscription of this key (not_found).']) },
      },
    },
  },
});
