import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Operation, Parameter, Schema } from './types';

/**
 * What a route takes, declared once as TypeBox schemas: the same declaration writes the
 * operation's parameters and request body into the document (operationInput) and types the
 * input its handler receives (InputOf). Each parameter set is one object schema; a parameter
 * is required unless it is optional or has a default, and a defaulted one is never optional
 * in the type, since the validator fills its default in.
 *
 * Parameter-level fields ride on the parameter's schema and are lifted out of it here:
 * description, x-message (the person-facing rule), x-error-code (the code a value breaking its
 * schema answers with, invalid_parameter unless given) and x-missing-code (a required header's code).
 */
export interface RouteInput {
  params?: TObject;
  query?: TObject;
  headers?: TObject;
  body?: TSchema;
}

type StaticOr<T, Absent> = T extends TSchema ? Static<T> : Absent;

/** The validated input of a route, typed from its declaration. */
export interface InputOf<I extends RouteInput> {
  params: StaticOr<I['params'], Record<string, never>>;
  query: StaticOr<I['query'], Record<string, never>>;
  headers: StaticOr<I['headers'], Record<string, never>>;
  body: StaticOr<I['body'], undefined>;
}

const LOCATION = { params: 'path', query: 'query', headers: 'header' } as const;

/** Keywords first in the order the document has always written them. */
const LEADING_KEYS = ['type', 'required', 'additionalProperties', 'properties', 'items'];

/** A TypeBox schema as plain JSON Schema, keys in the document's order (JSON drops TypeBox's symbols). */
export function documentSchema(schema: Schema): Schema {
  const keys = [...LEADING_KEYS.filter((key) => key in schema), ...Object.keys(schema).filter((key) => !LEADING_KEYS.includes(key))];
  return Object.fromEntries(keys.map((key) => [key, key === 'properties' ? mapValues(schema[key], documentSchema) : nested(schema[key])]));
}

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const nested = (value: unknown): unknown => (isObject(value) ? documentSchema(value) : Array.isArray(value) ? value.map(nested) : value);
const mapValues = (record: Schema, map: (value: Schema) => Schema) => Object.fromEntries(Object.entries<Schema>(record).map(([name, value]) => [name, map(value)]));

function parametersOf(where: 'path' | 'query' | 'header', set: TObject): Parameter[] {
  const required = new Set(set.required ?? []);
  return Object.entries<Schema>(set.properties).map(([name, declared]) => {
    const { description, 'x-message': message, 'x-error-code': errorCode, 'x-missing-code': missingCode, ...schema } = declared;
    if (schema.default !== undefined && !required.has(name)) throw new Error(`parameter ${name} has a default: declare it without Type.Optional, its value is always there`);
    // Every list in a query string is one comma-separated value.
    const commaSeparated = where === 'query' && schema.type === 'array';
    return {
      name,
      in: where,
      required: required.has(name) && schema.default === undefined,
      description,
      ...(commaSeparated && { style: 'form', explode: false }),
      schema: documentSchema(schema),
      ...(missingCode !== undefined && { 'x-missing-code': missingCode }),
      ...(message !== undefined && { 'x-message': message }),
      ...(errorCode !== undefined && { 'x-error-code': errorCode }),
    };
  });
}

/** The parameters (in the declaration's order) and request body of an operation. */
export function operationInput(input: RouteInput): Pick<Operation, 'parameters' | 'requestBody'> {
  const parameters: Parameter[] = [];
  for (const part of Object.keys(input) as Array<keyof RouteInput>) {
    if (part === 'body') continue;
    const set = input[part];
    if (set) parameters.push(...parametersOf(LOCATION[part], set));
  }
  return {
    ...(parameters.length && { parameters }),
    ...(input.body && { requestBody: { required: true, content: { 'application/json': { schema: documentSchema(input.body) } } } }),
  };
}

/**
 * Where a route's declaration and its operation in the document disagree (parameter names, a
 * body): a route typed from one declaration but mounted on an operation written from another
 * would read values that are never there.
 */
export function inputMismatch(input: RouteInput, parameters: Parameter[], hasBody: boolean): string | null {
  if ((input.body !== undefined) !== hasBody) return hasBody ? 'the document has a request body the route does not declare' : 'the route declares a body the document does not have';
  for (const [part, where] of Object.entries(LOCATION) as Array<[keyof typeof LOCATION, string]>) {
    const declared = Object.keys(input[part]?.properties ?? {}).sort().join(',');
    const documented = parameters.filter((parameter) => parameter.in === where).map((parameter) => parameter.name).sort().join(',');
    if (declared !== documented) return `${where} parameters: the route declares [${declared}], the document [${documented}]`;
  }
  return null;
}
