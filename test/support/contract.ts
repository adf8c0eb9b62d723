import type { ValidateFunction } from 'ajv';
import { anchored, createAjv } from '../../src/contract/ajv';
import { csvExportPath } from '../../src/contract/export';
import { openApiDocument } from '../../src/openapi';
import type { OpenApiDocument } from '../../src/contract/types';

/**
 * Checks a response an integration test saw against the document: the operation must
 * exist, the status must be declared, and a JSON body must match its schema.
 */
export class ResponseContract {
  private readonly ajv;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ path: string; pattern: RegExp }>;

  constructor(private readonly doc: OpenApiDocument = openApiDocument()) {
    this.ajv = createAjv(doc);
    this.templates = Object.keys(doc.paths)
      .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`) }))
      // Literal segments win over templates (/restaurants/search before /restaurants/{camis}).
      .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  }

  check(method: string, url: string, status: number, contentType: string | null, body: unknown): void {
    const path = new URL(url, 'http://x').pathname;
    const template = this.templates.find((candidate) => candidate.pattern.test(path));
    if (!template) {
      if (status === 404 || status === 401 || status === 405) return this.checkSchema('#/components/schemas/ErrorEnvelope', body, `${method} ${path} ${status}`);
      throw new Error(`${method} ${path} answered ${status} but the document has no such path`);
    }
    const operation = this.doc.paths[template.path][method.toLowerCase() as 'get'];
    if (!operation) {
      if (status === 405 || status === 401) return this.checkSchema('#/components/schemas/ErrorEnvelope', body, `${method} ${path} ${status}`);
      throw new Error(`${method} ${template.path} is not in the document but answered ${status}`);
    }
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) throw new Error(`${method} ${template.path} answered ${status}, which the document does not declare`);
    // A CSV export (src/contract/export.ts) is text; its tests compare it with the JSON pages. A
    // list's JSON operation declares its page alone: format=csv there answers what its .csv operation declares.
    if (contentType?.startsWith('text/csv')) {
      const csvOperation = this.doc.paths[csvExportPath(template.path)]?.[method.toLowerCase() as 'get'];
      const declared = response.content?.['text/csv'] ?? csvOperation?.responses[String(status)]?.content?.['text/csv'];
      if (!declared) throw new Error(`${method} ${template.path} ${status} answered text/csv, which the document does not declare`);
      return;
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return;
    if (!contentType?.includes('application/json')) throw new Error(`${method} ${template.path} ${status} should be JSON but was ${contentType}`);
    const key = `${method} ${template.path} ${status}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(anchored(schema));
      this.cache.set(key, validate);
    }
    if (!validate(body)) throw new Error(`${key} does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '\n' })}\n${JSON.stringify(body).slice(0, 2000)}`);
  }

  private checkSchema(ref: string, body: unknown, label: string): void {
    const validate = this.ajv.compile({ $ref: `openapi.json${ref}` });
    if (!validate(body)) throw new Error(`${label} does not match ${ref}: ${this.ajv.errorsText(validate.errors)}`);
  }
}
