import { API_VERSION } from '../config';
import { MAX_BODY_DEPTH } from '../http/json-body';
import type { ApiFragment, OpenApiDocument } from './types';

const DESCRIPTION = `Read-mostly JSON API over New York City public records.

Conventions: every /api/v1 call needs \`Authorization: Bearer <key>\`. Successful answers are
objects with \`data\` (and \`meta\` on lists); every other answer is the error envelope
\`{error: {status, code, message, requestId, param?, details?}}\`. Lists page with an opaque
signed cursor (\`meta.nextCursor\`), bound to the filters and sort that made it. A parameter
given twice is 400 invalid_parameter; strict list surfaces reject unknown parameters with
400 unknown_parameter. Keys with a daily limit get X-RateLimit-Limit, X-RateLimit-Remaining
and X-RateLimit-Reset (epoch seconds of the next UTC midnight); unlimited keys get Reset only.
The shared public test key of the consoles is limited per client address instead of per key
(one busy client cannot spend everyone's day): its headers, its 429 and /me's usage count the
caller's own address (an IPv6 address counts as its /64 network), and its community writes are
seen only from the address that made them. The address is the TCP
peer; behind reverse proxies the deployment sets how many of them append to
X-Forwarded-For, and the entry that many hops from the right is the client. Paths are
case-sensitive: /API/V1/... is not an API path (401 without a key, 404 with one). A method a
path does not serve is 405 with Allow (OPTIONS lists them). Text parameters and JSON bodies
must be well-formed text: a NUL character, a lone UTF-16 surrogate or bytes that are not
UTF-8 are 400. A JSON body may nest arrays and objects at most ${MAX_BODY_DEPTH} levels deep (400
invalid_body past that, refused before it is parsed).
Test keys (ik_test_) answer from a fixed fixture data set computed as of its reference date.
Community writes made with a test key (reports and their photos, usernames, avatars,
erasures, and the report caps they count toward) are seen only through the test key of the
same key pair: every other test key keeps the fixture's answers, and live keys never see
them. The same X-Device-Id under two key pairs is two separate devices.`;

/** Merges the families' fragments into the one OpenAPI 3.1 document; a path or schema defined twice is a bug. */
export function buildDocument(parts: ApiFragment[]): OpenApiDocument {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'NYC Inspection, Property and Contractor Records API',
      version: API_VERSION,
      description: DESCRIPTION,
      // What the answers are: the city's open data, under its terms.
      license: { name: 'NYC Open Data Terms of Use', url: 'https://opendata.cityofnewyork.us/overview/#termsofuse' },
    },
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
