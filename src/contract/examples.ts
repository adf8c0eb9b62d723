import type { OpenApiDocument, Operation, Parameter, Schema } from './types';

/**
 * Every operation's example: one request and the answer the test-mode fixture gives it,
 * recorded by `npm run examples` (scripts/examples/) into src/contract/examples.json and
 * replayed by test/console/examples.test.ts, which fails when an answer drifts from it.
 * withExamples writes them into the document in one place: the request's values as its
 * parameters' and body's `example`, the answer as its response's `example`.
 */

export interface ExampleRequest {
  method: string;
  /** The concrete path, path parameters filled in. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface ExampleResponse {
  status: number;
  contentType: string | null;
  /** The JSON answer, or a CSV export's text; absent for bytes (photos, avatars), an empty answer, or one left out for its size (the document itself). */
  body?: unknown;
}

export interface OperationExample {
  request: ExampleRequest;
  response: ExampleResponse;
}

/** operationId -> its example. */
export type Examples = Record<string, OperationExample>;

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

function operations(doc: OpenApiDocument): Map<string, { path: string; operation: Operation }> {
  const found = new Map<string, { path: string; operation: Operation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) found.set(operation.operationId, { path, operation });
    }
  }
  return found;
}

/** The values of a template's {names} in a concrete path, or null when the path is not one of the template's. */
export function pathValues(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
}

/** A query or header text as the value its schema describes (the document shows typed examples). */
function typed(text: string, schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return Number(text);
  if (type === 'boolean') return text === 'true';
  if (type === 'array') return text.split(',').map((item) => typed(item, schema.items ?? {}));
  return text;
}

/** A copy of the document with each operation's example written in; an example naming no operation, or a path or answer the document does not have, throws. */
export function withExamples(source: OpenApiDocument, examples: Examples): OpenApiDocument {
  const doc: OpenApiDocument = structuredClone(source);
  const byId = operations(doc);
  for (const [operationId, example] of Object.entries(examples)) {
    const found = byId.get(operationId);
    if (!found) throw new Error(`example for ${operationId}: no such operation`);
    const { operation, path } = found;
    const values = pathValues(path, example.request.path);
    if (!values) throw new Error(`example for ${operationId}: ${example.request.path} is not a path of ${path}`);
    for (const parameter of operation.parameters ?? []) {
      if ('$ref' in parameter) continue;
      const text = exampleText(parameter, values, example.request);
      if (text !== undefined) (parameter as Parameter).example = typed(text, parameter.schema);
    }
    if (example.request.body !== undefined) {
      const content = operation.requestBody?.content['application/json'];
      if (!content) throw new Error(`example for ${operationId}: the operation takes no JSON body`);
      content.example = example.request.body;
    }
    const response = operation.responses[String(example.response.status)];
    if (!response || '$ref' in response) throw new Error(`example for ${operationId}: no inline ${example.response.status} answer in the document`);
    if (example.response.body !== undefined) {
      const media = response.content?.[example.response.contentType ?? ''];
      if (!media) throw new Error(`example for ${operationId}: the ${example.response.status} answer has no ${example.response.contentType}`);
      media.example = example.response.body;
    }
  }
  return doc;
}

function exampleText(parameter: Parameter, pathParams: Record<string, string>, request: ExampleRequest): string | undefined {
  if (parameter.in === 'path') return pathParams[parameter.name];
  if (parameter.in === 'query') return request.query?.[parameter.name];
  const header = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === parameter.name.toLowerCase());
  return header?.[1];
}
