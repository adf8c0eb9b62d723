import { dataResponse, errorResponse, json, ref, standardErrors } from '../contract/components';
import type { ApiFragment } from '../contract/types';

/**
 * What a probe can be refused: a probe takes no key, parameter or body, so only the HTTP
 * server's own refusals before routing (the error envelope's headers_too_large) reach it.
 */
const PROBE_ERRORS = {
  '408': errorResponse('The request was not received in time (request_timeout), refused before routing.'),
  '431': errorResponse('Request line and headers over the server limit (headers_too_large), refused before routing.'),
};

export const platformFragment: ApiFragment = {
  tags: [{ name: 'Platform', description: 'Key introspection, health and the contract itself.' }],
  schemas: {
    KeyIntrospection: {
      type: 'object',
      required: ['name', 'tier', 'mode', 'createdAt', 'usage'],
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        tier: { type: 'string', enum: ['standard', 'unlimited'] },
        mode: { type: 'string', enum: ['live', 'test'], description: 'live keys read real records; test keys read the fixture data set.' },
        createdAt: { type: 'string', format: 'date-time' },
        usage: {
          type: 'object',
          required: ['today', 'last30Days', 'dailyLimit'],
          additionalProperties: false,
          properties: {
            today: { type: 'integer', minimum: 0, description: 'Requests since 00:00 UTC, including 4xx answers, excluding requests refused by the limit.' },
            last30Days: { type: 'integer', minimum: 0, description: 'Requests over the last 30 UTC days, today included.' },
            dailyLimit: { type: ['integer', 'null'], description: 'null = unlimited. For the shared public test key: the limit of each client address, and today / last30Days are the caller address\'s own counts.' },
          },
        },
      },
    },
    Health: {
      type: 'object',
      required: ['status', 'version'],
      additionalProperties: false,
      properties: {
        status: { type: 'string', enum: ['ok', 'degraded'] },
        version: { type: 'string', const: '1.1' },
      },
    },
  },
  paths: {
    '/api/v1/me': {
      get: {
        operationId: 'getMe',
        summary: 'Introspect the calling key',
        description:
          "Not counted toward the key's day, and answered even when the daily limit is spent (never 429), so a key can always read its usage. A limited key gets X-RateLimit-Limit, and X-RateLimit-Remaining of the usage read here.",
        tags: ['Platform'],
        responses: { '200': dataResponse(ref('KeyIntrospection')), ...Object.fromEntries(Object.entries(standardErrors()).filter(([status]) => status !== '429')) },
      },
    },
    '/api/v1/health': {
      get: {
        operationId: 'getHealth',
        summary: 'Service health',
        description: 'ok while both Elasticsearch and Postgres answer; otherwise 503 with status degraded. No data wrapper.',
        tags: ['Platform'],
        responses: {
          '200': json(ref('Health'), 'Both stores answer.'),
          '503': { ...json(ref('Health'), 'A store does not answer; Retry-After given.') },
          ...Object.fromEntries(Object.entries(standardErrors()).filter(([status]) => status !== '503')),
        },
      },
    },
    '/api/v1/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This OpenAPI 3.1 document',
        tags: ['Platform'],
        responses: {
          '200': json(
            {
              type: 'object',
              required: ['openapi', 'paths'],
              properties: {
                openapi: { type: 'string', description: 'The OpenAPI version, 3.1.0.' },
                info: { type: 'object' },
                paths: { type: 'object' },
                components: { type: 'object' },
              },
            },
            'The contract.',
          ),
          ...standardErrors(),
        },
      },
    },
    '/livez': {
      get: {
        operationId: 'getLivez',
        summary: 'Liveness probe (no key)',
        description: '200 while the process serves requests, whatever the state of the stores.',
        tags: ['Platform'],
        security: [],
        responses: { '200': json({ type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }), ...PROBE_ERRORS },
      },
    },
    '/readyz': {
      get: {
        operationId: 'getReadyz',
        summary: 'Readiness probe (no key)',
        description: '200 while both stores answer, 503 otherwise.',
        tags: ['Platform'],
        security: [],
        responses: {
          '200': json({ type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }),
          '503': errorResponse('A store does not answer.'),
          ...PROBE_ERRORS,
        },
      },
    },
  },
};
