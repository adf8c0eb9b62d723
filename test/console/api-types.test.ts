import fs from 'node:fs';
import { consoleTypes, DOCUMENT, TARGET } from '../../scripts/console/write-types';

describe("the console's API types (web/console/api-types.ts)", () => {
  it('are what the committed OpenAPI document gives (npm run openapi rewrites them)', () => {
    // openapi.json is itself held equal to the server's document by test/platform/openapi.test.ts.
    const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8'));
    expect(fs.readFileSync(TARGET, 'utf8')).toBe(consoleTypes(document));
  });

  it('translates the JSON Schema keywords the document uses', () => {
    const text = consoleTypes({
      components: {
        schemas: {
          Item: {
            type: 'object',
            required: ['id', 'grade', 'kind', 'tags'],
            additionalProperties: false,
            properties: {
              id: { type: 'string', description: 'ignored' },
              grade: { type: ['string', 'null'], enum: ['A', 'B', null] },
              kind: { const: 'item' },
              tags: { type: 'array', items: { type: 'integer' } },
              parent: { oneOf: [{ $ref: '#/components/schemas/Item' }, { type: 'null' }] },
              'x-y': { type: 'object', additionalProperties: { type: 'boolean' } },
            },
          },
        },
      },
    });
    expect(text).toContain(
      [
        'export interface Item {',
        '  id: string;',
        '  grade: "A" | "B" | null;',
        '  kind: "item";',
        '  tags: Array<number>;',
        '  parent?: Item | null;',
        '  "x-y"?: {',
        '    [key: string]: boolean;',
        '  };',
        '}',
      ].join('\n'),
    );
  });

  it('refuses a keyword it cannot translate rather than widen the type', () => {
    expect(() => consoleTypes({ components: { schemas: { Both: { allOf: [{ type: 'string' }] } } } })).toThrow(/Both: keyword allOf/);
  });
});
