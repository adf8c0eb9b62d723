import type { ApiFragment, Schema } from './types';

/** Shared building blocks every family uses in its part of the document. */

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] });
export const DATE: Schema = { type: 'string', format: 'date' };
export const DATE_TIME: Schema = { type: 'string', format: 'date-time' };

/**
 * The riskFactors of a 0-100 risk score whose factors carry their points (src/domain/scoring.ts
 * ScoreFactor): every factor, in the order of `keys`, its points adding up to riskScore.
 */
export function scoreFactorList(keys: readonly string[], describe: { count: string; detail: string }): Schema {
  const int = (description: string) => ({ type: 'integer', minimum: 0, description });
  const howMany = ['one', 'two', 'three', 'four', 'five', 'six'][keys.length - 1] ?? String(keys.length);
  return {
    type: 'array',
    description: `The ${howMany} factors of riskScore, always all ${howMany}, in this order: ${keys.join(', ')}. Their points add up to riskScore.`,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['key', 'label', 'count', 'points', 'detail'],
      properties: {
        key: { type: 'string', enum: [...keys], description: 'Stable factor key.' },
        label: { type: 'string' },
        count: int(describe.count),
        points: int('Points of riskScore from this factor.'),
        detail: { type: 'string', description: describe.detail },
      },
    },
  };
}

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('ErrorEnvelope') } },
});

export const json = (schema: Schema, description = 'OK') => ({ description, content: { 'application/json': { schema } } });

/** {data: item} */
export const dataResponse = (schema: Schema, description = 'OK') => json({ type: 'object', required: ['data'], additionalProperties: false, properties: { data: schema } }, description);

/** {data: [items]}, with meta when the list has one. Every list answer of the API has this shape. */
export const listResponse = (item: Schema, description = 'OK', meta?: Schema) =>
  json(
    {
      type: 'object',
      required: meta ? ['data', 'meta'] : ['data'],
      additionalProperties: false,
      properties: { data: { type: 'array', items: item }, ...(meta && { meta }) },
    },
    description,
  );

/** A cursor list's page: {data: [items], meta: {nextCursor, returned}}. */
export const pageResponse = (item: Schema, description = 'OK') => listResponse(item, description, ref('PageMeta'));

/** A batch's answer: {data: [found items], meta: {returned, notFound}}. */
export const batchResponse = (item: Schema, description = 'OK') => listResponse(item, description, ref('BatchMeta'));

/** What every operation with a JSON request body can answer besides its own errors; spread into standardErrors. */
export const JSON_BODY_ERRORS: Array<[string, string]> = [
  ['413', 'Request body over the server cap (payload_too_large).'],
  ['415', 'Body is not JSON (unsupported_media_type).'],
];

/** The error answers every authenticated operation can give. */
export function standardErrors(...extra: Array<[string, string]>): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    '400': errorResponse('A parameter or the body breaks its rule (invalid_parameter, missing_parameter, unknown_parameter, invalid_body, invalid_cursor).'),
    '401': errorResponse('No key (missing_key), or an unknown or revoked key (invalid_key).'),
    '429': errorResponse("The key's daily limit is spent (daily_limit_exceeded); Retry-After says when it resets."),
    '500': errorResponse('A bug (internal_error), logged under the requestId.'),
    '503': errorResponse('A backing store is down (unavailable); Retry-After given.'),
  };
  for (const [status, description] of extra) responses[status] = errorResponse(description);
  return responses;
}

export const sharedFragment: ApiFragment = {
  paths: {},
  schemas: {
    ErrorEnvelope: {
      type: 'object',
      required: ['error'],
      additionalProperties: false,
      properties: {
        error: {
          type: 'object',
          required: ['status', 'code', 'message', 'requestId'],
          properties: {
            status: { type: 'integer' },
            code: {
              type: 'string',
              enum: [
                'invalid_parameter', 'missing_parameter', 'unknown_parameter', 'invalid_body', 'invalid_cursor', 'batch_too_large',
                'device_id_required', 'invalid_photo', 'invalid_image', 'invalid_request', 'missing_key', 'invalid_key', 'not_found',
                'method_not_allowed', 'username_taken', 'payload_too_large', 'unsupported_media_type', 'daily_limit_exceeded',
                'rename_throttled', 'report_cap', 'internal_error', 'unavailable', 'headers_too_large', 'request_timeout',
                'forbidden', 'too_many_webhooks', 'too_many_exports',
              ],
              description:
                'invalid_request: an HTTP request Node cannot parse (400); headers_too_large: request headers over the server limit (431); request_timeout: a request not received in time (408). These three are answered before routing, so they carry no key check and no rate-limit headers.',
            },
            message: { type: 'string', description: 'Written for a person: what was wrong and what is allowed.' },
            param: { type: 'string', description: 'The one input at fault.' },
            details: {
              type: 'array',
              items: { type: 'object', required: ['param', 'message'], properties: { param: { type: 'string' }, message: { type: 'string' } } },
            },
            scope: { type: 'string', enum: ['establishment', 'device'], description: 'On report_cap: which cap was hit.' },
            canRenameAt: { type: 'string', format: 'date-time', description: 'On rename_throttled.' },
            retryAfterSeconds: { type: 'integer', description: 'On every 429 and 503, with the Retry-After header.' },
            requestId: { type: 'string' },
          },
        },
      },
    },
    PageMeta: {
      type: 'object',
      required: ['nextCursor', 'returned'],
      additionalProperties: false,
      properties: {
        nextCursor: { type: ['string', 'null'], description: 'Pass back as cursor for the next page; null on the last page.' },
        returned: { type: 'integer', minimum: 0 },
      },
    },
    BatchMeta: {
      type: 'object',
      required: ['returned', 'notFound'],
      additionalProperties: false,
      properties: {
        returned: { type: 'integer', minimum: 0 },
        notFound: { type: 'array', items: { type: 'string' } },
      },
    },
  },
};
