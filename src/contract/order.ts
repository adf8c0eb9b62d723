import type { OpenApiDocument, Schema } from './types';

/**
 * Returns the value with its object keys in the order its schema lists them (extra keys
 * after), recursively. Blocks stored as JSONB come back with Postgres's key order; answers
 * should read like the contract, the same way on every endpoint.
 */
export function orderBySchema(value: unknown, schema: Schema, doc?: OpenApiDocument): unknown {
  if (schema.$ref) {
    if (!doc) throw new Error(`${String(schema.$ref)}: a schema with references needs the document it is in`);
    return orderBySchema(value, doc.components.schemas[String(schema.$ref).replace('#/components/schemas/', '')] ?? {}, doc);
  }
  if (Array.isArray(value)) return schema.items ? value.map((item) => orderBySchema(item, schema.items, doc)) : value;
  if (!value || typeof value !== 'object' || !schema.properties) return value;
  const source = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    if (key in source) ordered[key] = orderBySchema(source[key], property, doc);
  }
  for (const key of Object.keys(source)) if (!(key in ordered)) ordered[key] = source[key];
  return ordered;
}
