import type { ValidateFunction } from 'ajv';
import type { Context, Middleware } from 'koa';
import { unescape } from 'node:querystring';
import { ApiError, invalidBody, invalidParameter, missingParameter, unknownParameter } from '../errors';
import { anchored, createAjv } from './ajv';
import { describeParameter } from './messages';
import type { OpenApiDocument, Operation, Parameter, Schema } from './types';

/** Query and path values arrive as text; each is read as its schema's type before ajv judges it. */
function coerce(raw: string, schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
    case 'number':
      return /^-?(\d+\.?\d*|\.\d+)$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'array':
      // Items are taken as written (no trimming), so the document's item schema judges exactly what was sent.
      return raw.split(',').map((item) => coerce(item, schema.items ?? {}));
    default:
      return enumSpelling(raw, schema);
  }
}

/**
 * Enumerated values are case-insensitive for every parameter of every family: a value that
 * matches one of the enum's values but for case is read as that value (borough=manhattan is
 * Manhattan, grade=a is A). Only when exactly one value matches, so an enum that ever held two
 * values differing only in case would keep them apart.
 */
function enumSpelling(raw: string, schema: Schema): string {
  const values = schema.enum;
  if (!Array.isArray(values) || values.includes(raw)) return raw;
  const lower = raw.toLowerCase();
  const matches = values.filter((value): value is string => typeof value === 'string' && value.toLowerCase() === lower);
  return matches.length === 1 ? matches[0] : raw;
}

const decodeQueryText = (text: string) => unescape(text.replace(/\+/g, ' '));

/**
 * The items of a list parameter (style form, explode false) as sent: split on the literal commas
 * of the still-encoded query string and decoded after, so an item may hold a comma written %2C
 * (a real cuisine is "Juice, Smoothies, Fruit Salads"). Decoding first would split it in three.
 */
function listItems(querystring: string, name: string): string[] | undefined {
  for (const pair of querystring.split('&')) {
    const at = pair.indexOf('=');
    if (at >= 0 && decodeQueryText(pair.slice(0, at)) === name) return pair.slice(at + 1).split(',').map(decodeQueryText);
  }
  return undefined;
}

interface CompiledParameter {
  spec: Parameter;
  check: ValidateFunction;
}

interface FieldError {
  message?: string;
  code?: string;
}

type BodyFieldErrors = FieldError & { byKeyword?: Record<string, FieldError> };

export interface CompiledOperation {
  operation: Operation;
  query: CompiledParameter[];
  /** The query parameters by name (read once per request, built once per operation). */
  queryByName: Map<string, CompiledParameter>;
  path: CompiledParameter[];
  header: CompiledParameter[];
  body?: ValidateFunction;
  bodyRequired: boolean;
  /**
   * x-message and x-error-code of the body's top-level fields: the person-facing rule and the
   * code its errors answer with; x-keyword-errors: both for one keyword of the field's rule
   * (a batch's maxItems answers batch_too_large, its other rules invalid_body).
   */
  bodyFields: Record<string, BodyFieldErrors>;
}

function resolveParameter(doc: OpenApiDocument, parameter: Parameter | { $ref: string }): Parameter {
  if ('$ref' in parameter) {
    const name = parameter.$ref.replace('#/components/parameters/', '');
    const found = doc.components.parameters[name];
    if (!found) throw new Error(`unknown parameter ref ${parameter.$ref}`);
    return found;
  }
  return parameter;
}

export function compileOperation(doc: OpenApiDocument, ajv: ReturnType<typeof createAjv>, operation: Operation): CompiledOperation {
  const compiled: CompiledOperation = { operation, query: [], queryByName: new Map(), path: [], header: [], bodyRequired: false, bodyFields: {} };
  for (const raw of operation.parameters ?? []) {
    const spec = resolveParameter(doc, raw);
    compiled[spec.in].push({ spec, check: ajv.compile(anchored(spec.schema)) });
  }
  for (const parameter of compiled.query) compiled.queryByName.set(parameter.spec.name, parameter);
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body) {
    compiled.body = ajv.compile(anchored(body));
    compiled.bodyRequired = operation.requestBody?.required ?? false;
    const resolved: Schema = body.$ref ? doc.components.schemas[String(body.$ref).replace('#/components/schemas/', '')] ?? {} : body;
    for (const [name, field] of Object.entries<Schema>(resolved.properties ?? {})) {
      if (field['x-message'] || field['x-error-code'] || field['x-keyword-errors']) {
        compiled.bodyFields[name] = { message: field['x-message'], code: field['x-error-code'], byKeyword: field['x-keyword-errors'] };
      }
    }
  }
  return compiled;
}

function checkValue(parameter: CompiledParameter, raw: string, items?: string[]): unknown {
  const { spec } = parameter;
  // No text with NUL reaches a store (Postgres refuses it in text): one check for every parameter of every family.
  if (raw.includes('\u0000')) throw invalidParameter(spec.name, `${spec.name} must not contain a NUL character`);
  const value = items ? items.map((item) => coerce(item, spec.schema.items ?? {})) : coerce(raw, spec.schema);
  if (!parameter.check(value)) {
    const message = spec['x-message'] ?? describeParameter(spec.name, spec.schema);
    throw spec['x-error-code'] ? new ApiError(400, spec['x-error-code'], message, { param: spec.name }) : invalidParameter(spec.name, message);
  }
  return value;
}

const NO_QUERY: Context['query'] = Object.freeze({});

/** A top-level function, not a closure per request (tsx names every closure it creates, at a cost on each request). */
function given(query: Context['query'], name: string): boolean {
  return query[name] !== undefined;
}

function readQuery(ctx: Context, compiled: CompiledOperation): Record<string, unknown> {
  const known = compiled.queryByName;
  const strict = compiled.operation['x-unknown-parameters'] === 'reject';
  const values: Record<string, unknown> = {};
  // No query string, nothing given: Koa would parse '' into {} on every such request.
  const query = ctx.querystring === '' ? NO_QUERY : ctx.query;
  for (const [name, raw] of Object.entries(query)) {
    const parameter = known.get(name);
    if (!parameter) {
      if (strict) throw unknownParameter(name, [...known.keys()]);
      continue;
    }
    if (Array.isArray(raw)) throw invalidParameter(name, `${name} was given more than once; give it once (comma-separate several values where a list is allowed)`);
    const items = parameter.spec.schema.type === 'array' ? listItems(ctx.querystring, name) : undefined;
    values[name] = checkValue(parameter, raw ?? '', items);
  }
  for (const { spec } of compiled.query) {
    if (values[spec.name] !== undefined) continue;
    if (spec.required) throw missingParameter(spec.name);
    if (spec.schema.default !== undefined) values[spec.name] = spec.schema.default;
  }
  for (const [name, needs] of Object.entries(compiled.operation['x-requires'] ?? {})) {
    if (!given(query, name)) continue;
    const absent = needs.filter((other) => !given(query, other));
    if (absent.length) throw invalidParameter(name, `${name} can only be used together with ${needs.join(' and ')}`);
  }
  for (const [low, high] of compiled.operation['x-ordered'] ?? []) {
    if (given(query, low) && given(query, high) && (values[low] as number | string) > (values[high] as number | string)) {
      throw invalidParameter(low, `${low} must not be after ${high}`);
    }
  }
  return values;
}

function readPath(ctx: Context, compiled: CompiledOperation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of compiled.path) {
    // @koa/router has already percent-decoded path parameters; decoding again broke on a literal "%".
    const raw = (ctx.params as Record<string, string> | undefined)?.[parameter.spec.name] ?? '';
    values[parameter.spec.name] = checkValue(parameter, raw);
  }
  return values;
}

function readHeaders(ctx: Context, compiled: CompiledOperation): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of compiled.header) {
    const { spec } = parameter;
    // Node joins a repeated header with ", " (or keeps only the first): a device must name itself once.
    if ((ctx.req.headersDistinct[spec.name.toLowerCase()]?.length ?? 0) > 1) throw invalidParameter(spec.name, `the ${spec.name} header was sent more than once; send it once`);
    const raw = ctx.get(spec.name).trim();
    if (!raw) {
      if (spec.required) throw new ApiError(400, spec['x-missing-code'] ?? 'missing_parameter', `the ${spec.name} header is required`, { param: spec.name });
      continue;
    }
    checkValue(parameter, raw);
    values[spec.name] = raw;
  }
  return values;
}

function readBody(ctx: Context, compiled: CompiledOperation): unknown {
  if (!compiled.body) return undefined;
  const hasBody = ctx.request.length !== undefined || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && !ctx.is('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'request body must be JSON (Content-Type: application/json)');
  }
  const body = (ctx.request as unknown as { body?: unknown }).body;
  const empty = body === undefined || (typeof body === 'object' && body !== null && Object.keys(body).length === 0 && !hasBody);
  if (empty) {
    if (compiled.bodyRequired) throw invalidBody('a JSON request body is required');
    return undefined;
  }
  if (!compiled.body(body)) {
    const fieldCode = (param: string) => compiled.bodyFields[param.split('.')[0]]?.code ?? 'invalid_body';
    // An if/then/else error only wraps the errors of the branch that failed, which say what is wrong.
    const details = (compiled.body.errors ?? []).filter((error) => error.keyword !== 'if').slice(0, 10).map((error) => {
      const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
      if (error.keyword === 'additionalProperties') {
        const extra = String(error.params.additionalProperty);
        const param = path ? `${path}.${extra}` : extra;
        return { param, message: `${path ? `${path}.` : ''}${extra} is not a field of this body`, code: fieldCode(param) };
      }
      if (error.keyword === 'required') {
        const missing = String(error.params.missingProperty);
        const param = path ? `${path}.${missing}` : missing;
        return { param, message: `${path ? `${path}.` : ''}${missing} is required`, code: fieldCode(param) };
      }
      const field = compiled.bodyFields[path.split('.')[0]];
      const rule = field?.byKeyword?.[error.keyword] ?? field;
      return { param: path || 'body', message: rule?.message ?? `${path || 'body'} ${error.message ?? 'is not valid'}`, code: rule?.code ?? 'invalid_body' };
    });
    // One field breaking several keywords of its rule is one problem, told once.
    const unique = details
      .filter((detail, index) => details.findIndex((other) => other.param === detail.param && other.message === detail.message) === index)
      .map(({ param, message }) => ({ param, message }));
    const params = new Set(unique.map((detail) => detail.param));
    const codes = new Set(details.map((detail) => detail.code));
    const code = codes.size === 1 ? [...codes][0] : 'invalid_body';
    const message = unique[0]?.message ?? 'request body is not valid';
    const param = params.size === 1 ? [...params][0] : undefined;
    throw new ApiError(400, code, message, { details: unique, param });
  }
  return body;
}

export interface ValidatedInput {
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
}

/** Middleware that checks one operation's input against the document and leaves the typed values in ctx.state.input. */
export function validator(compiled: CompiledOperation): Middleware {
  return async (ctx, next) => {
    const input: ValidatedInput = {
      params: readPath(ctx, compiled),
      query: readQuery(ctx, compiled),
      headers: readHeaders(ctx, compiled),
      body: readBody(ctx, compiled),
    };
    ctx.state.input = input;
    await next();
  };
}

export { createAjv };
