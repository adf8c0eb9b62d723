/** Loose shapes of the OpenAPI 3.1 document: it is data, checked by ajv and by the contract test. */
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema: Schema;
  style?: string;
  explode?: boolean;
  /** Error code when a required header is absent (e.g. device_id_required). */
  'x-missing-code'?: string;
  /** Person-facing message when the value breaks its schema, where the generated one would be vague. */
  'x-message'?: string;
  /** The code a value breaking its schema answers with (invalid_parameter unless given; a cursor's is invalid_cursor). */
  'x-error-code'?: string;
  /** A value from the operation's example request (src/contract/examples.ts). */
  example?: unknown;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, any>;
  /** Strict list surfaces answer 400 unknown_parameter to a query parameter they do not define. */
  'x-unknown-parameters'?: 'reject' | 'ignore';
  /** Parameters that need others: {lat: ['lng']}. */
  'x-requires'?: Record<string, string[]>;
  /** Pairs [low, high] whose low must not exceed high (dates or numbers). */
  'x-ordered'?: Array<[string, string]>;
}

export type PathItem = Partial<Record<'get' | 'post' | 'patch' | 'put' | 'delete', Operation>>;

/** What each family contributes to the document. */
export interface ApiFragment {
  tags?: Array<{ name: string; description: string }>;
  paths: Record<string, PathItem>;
  schemas?: Record<string, Schema>;
  parameters?: Record<string, Parameter>;
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, any>;
  servers?: Array<Record<string, any>>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, any>;
    securitySchemes: Record<string, any>;
  };
  security: Array<Record<string, string[]>>;
}
