import type { Schema } from './types';

function range(schema: Schema): string {
  const { minimum, maximum } = schema;
  if (minimum !== undefined && maximum !== undefined) return ` from ${minimum} to ${maximum}`;
  if (minimum !== undefined) return ` of at least ${minimum}`;
  if (maximum !== undefined) return ` of at most ${maximum}`;
  return '';
}

function describeValue(schema: Schema): string {
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  // A pattern says nothing to a person: a schema with one names its values in words.
  if (typeof schema['x-value'] === 'string') return schema['x-value'];
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return `an integer${range(schema)}`;
    case 'number':
      return `a number${range(schema)}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      if (schema.format === 'date') return 'a real date written YYYY-MM-DD';
      if (schema.format === 'date-time') return 'an ISO 8601 date-time';
      if (schema.minLength !== undefined && schema.minLength === schema.maxLength) return `exactly ${schema.minLength} characters`;
      if (schema.minLength !== undefined && schema.maxLength !== undefined) return `${schema.minLength} to ${schema.maxLength} characters`;
      if (schema.minLength !== undefined) return `at least ${schema.minLength} characters`;
      if (schema.maxLength !== undefined) return `at most ${schema.maxLength} characters`;
      return 'a string';
    default:
      return 'a valid value';
  }
}

/** A person-facing sentence saying what the parameter accepts, generated from its schema. */
export function describeParameter(name: string, schema: Schema): string {
  if (schema.type === 'array') {
    const items = schema.items ?? {};
    const max = schema.maxItems ? ` (at most ${schema.maxItems} values)` : '';
    const allowed = items.enum ? items.enum.join(', ') : `values that are each ${describeValue(items)}`;
    return `${name} must be a comma-separated list of ${allowed}${max}`;
  }
  return `${name} must be ${describeValue(schema)}`;
}
