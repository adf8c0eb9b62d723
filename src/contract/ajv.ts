import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { OpenApiDocument, Schema } from './types';

export const DOC_ID = 'openapi.json';

/**
 * One ajv instance holding the whole document, so a schema anywhere can $ref
 * #/components/schemas/X. OpenAPI keywords (example, x-*) are not JSON Schema: strict off.
 */
export function createAjv(doc: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  // Year 0000 passes RFC 3339's grammar, but Postgres has no such date (a query with it fails
  // instead of matching nothing): calendar dates start at year 1. Instants keep the grammar's
  // range; the change feed reads them as UTC before any store sees them.
  const { validate, compare } = fullFormats.date as { validate: (value: string) => boolean; compare: (a: string, b: string) => number | undefined };
  ajv.addFormat('date', { type: 'string', validate: (value: string) => !value.startsWith('0000') && validate(value), compare });
  ajv.addSchema({ $id: DOC_ID, components: doc.components }, DOC_ID);
  return ajv;
}

/** Points local refs at the document registered in ajv. */
export function anchored(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOC_ID}#/`));
}
