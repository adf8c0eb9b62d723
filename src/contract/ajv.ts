import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Schema } from './types';

export const DOC_ID = 'openapi.json';

/**
 * One ajv instance holding the whole document, so a schema anywhere can $ref
 * #/components/schemas/X. OpenAPI keywords (example, x-*) are not JSON Schema: strict off.
 */
export function createAjv(doc: OpenApiDocument): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components }, DOC_ID);
  return ajv;
}

/** Points local refs at the document registered in ajv. */
export function anchored(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOC_ID}#/`));
}
