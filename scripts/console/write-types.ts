/**
 * Writes web/console/api-types.ts: the OpenAPI document's component schemas as TypeScript types,
 * so the console reads the shapes the server describes instead of a hand-kept copy. Run by
 * `npm run openapi` right after it writes src/contract/openapi.json (and alone with
 * `npx tsx scripts/console/write-types.ts`); test/console/api-types.test.ts fails when the written
 * file differs from what the committed document gives. The output is types only, so the browser
 * bundle imports nothing from the server.
 *
 * Hand code rather than a generator package: the document uses a small JSON Schema subset (type,
 * type lists, enum, const, $ref, oneOf, items, properties, required, additionalProperties), and a
 * CommonJS function the jest test can call directly. Any other structural keyword throws, so a
 * schema the translation does not understand is never silently loosened to a wider type.
 */
import fs from 'node:fs';
import path from 'node:path';

export const DOCUMENT = path.resolve(__dirname, '../../src/contract/openapi.json');
export const TARGET = path.resolve(__dirname, '../../web/console/api-types.ts');

type Schema = { [keyword: string]: unknown };
interface Document {
  components: { schemas: Record<string, Schema> };
}

const REF = '#/components/schemas/';
// Keywords that only annotate or constrain values TypeScript cannot express: ignored.
// if/then/else state rules across fields (a pest report names its pest): they narrow what
// `properties` already types, so the wider type stands in TypeScript.
const ANNOTATIONS = new Set(['description', 'format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'maxItems', 'minItems', 'example', 'examples', 'default', 'title', 'deprecated', 'x-message', 'x-error-code', 'x-keyword-errors', 'if', 'then', 'else']);
const STRUCTURE = new Set(['type', 'enum', 'const', '$ref', 'oneOf', 'items', 'properties', 'required', 'additionalProperties']);

function literal(value: unknown): string {
  return value === null ? 'null' : JSON.stringify(value);
}

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function union(members: string[]): string {
  return [...new Set(members)].join(' | ');
}

function objectType(schema: Schema, indent: string, where: string): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(([name, property]) => `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner, `${where}.${name}`)};`);
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false && extra !== true) lines.push(`${inner}[key: string]: ${typeOf(extra as Schema, inner, `${where}[*]`)};`);
  // An open object without declared properties: any JSON object.
  if (lines.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function typeOf(schema: Schema, indent: string, where: string): string {
  for (const keyword of Object.keys(schema)) {
    if (!STRUCTURE.has(keyword) && !ANNOTATIONS.has(keyword)) throw new Error(`${where}: keyword ${keyword} has no TypeScript translation here`);
  }
  if (typeof schema.$ref === 'string') {
    if (!schema.$ref.startsWith(REF)) throw new Error(`${where}: only ${REF}... references are translated`);
    return schema.$ref.slice(REF.length);
  }
  if ('const' in schema) return literal(schema.const);
  // enum lists every allowed value, null included when the type allows it.
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
  if (Array.isArray(schema.oneOf)) return union(schema.oneOf.map((member, i) => typeOf(member as Schema, indent, `${where}.oneOf[${i}]`)));
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types.length === 0) return 'unknown';
  return union(
    types.map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array':
          return schema.items ? `Array<${typeOf(schema.items as Schema, indent, `${where}[]`)}>` : 'unknown[]';
        case 'object':
          return objectType(schema, indent, where);
        default:
          throw new Error(`${where}: type ${type} has no TypeScript translation`);
      }
    }),
  );
}

/** The text of web/console/api-types.ts for a document: one exported type per component schema, in the document's order. */
export function consoleTypes(document: Document): string {
  const blocks = Object.entries(document.components.schemas).map(([name, schema]) => {
    const type = typeOf(schema, '', name);
    return schema.type === 'object' && type.startsWith('{\n') ? `export interface ${name} ${type}` : `export type ${name} = ${type};`;
  });
  return [
    '/**',
    ' * Generated from src/contract/openapi.json (components.schemas) by scripts/console/write-types.ts;',
    ' * do not edit: `npm run openapi` rewrites it, test/console/api-types.test.ts fails when it is stale.',
    ' */',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}

export function writeConsoleTypes(): void {
  const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as Document;
  fs.writeFileSync(TARGET, consoleTypes(document));
  console.log(`wrote ${TARGET}`);
}

if (require.main === module) writeConsoleTypes();
