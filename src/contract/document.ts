import { API_VERSION } from '../config';
import { fragments } from './fragments';
import type { ApiFragment, OpenApiDocument } from './types';

const DESCRIPTION = `Read-mostly JSON API over New York City public records.

Conventions: every /api/v1 call needs \`Authorization: Bearer <key>\`. Successful answers are
objects with \`data\` (and \`meta\` on lists); every other answer is the error envelope
\`{error: {status, code, message, requestId, param?, details?}}\`. Lists page with an opaque
signed cursor (\`meta.nextCursor\`), bound to the filters and sort that made it. A parameter
given twice is 400 invalid_parameter; strict list surfaces reject unknown parameters with
400 unknown_parameter. Keys with a daily limit get X-RateLimit-Limit, X-RateLimit-Remaining
and X-RateLimit-Reset (epoch seconds of the next UTC midnight); unlimited keys get Reset only.
Test keys (ik_test_) answer from a fixed fixture data set computed as of its reference date.`;

/** Merges the families' fragments into the one OpenAPI 3.1 document; a path or schema defined twice is a bug. */
export function buildDocument(parts: ApiFragment[] = fragments): OpenApiDocument {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'NYC Inspection, Property and Contractor Records API', version: API_VERSION, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [],
    paths: {},
    components: {
      schemas: {},
      parameters: {},
      responses: {},
      securitySchemes: { bearerKey: { type: 'http', scheme: 'bearer', description: 'ik_live_... or ik_test_... key' } },
    },
    security: [{ bearerKey: [] }],
  };
  for (const part of parts) {
    doc.tags.push(...(part.tags ?? []));
    for (const [path, item] of Object.entries(part.paths)) {
      if (doc.paths[path]) throw new Error(`OpenAPI path ${path} defined twice`);
      doc.paths[path] = item;
    }
    for (const [name, schema] of Object.entries(part.schemas ?? {})) {
      if (doc.components.schemas[name]) throw new Error(`OpenAPI schema ${name} defined twice`);
      doc.components.schemas[name] = schema;
    }
    for (const [name, parameter] of Object.entries(part.parameters ?? {})) {
      if (doc.components.parameters[name]) throw new Error(`OpenAPI parameter ${name} defined twice`);
      doc.components.parameters[name] = parameter;
    }
  }
  return doc;
}

let cached: OpenApiDocument | undefined;
export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}
