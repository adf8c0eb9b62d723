import fs from 'node:fs';
import { consoleTypes, DOCUMENT, TARGET } from '../../scripts/console/write-types';

describe("the console's API types (web/console/api-types.ts)", () => {
  const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8'));

  it('are what the committed OpenAPI document gives (npm run openapi rewrites them)', () => {
    // openapi.json is itself held equal to the server's document by test/platform/openapi.test.ts.
    expect(fs.readFileSync(TARGET, 'utf8')).toBe(consoleTypes(document));
  });

  it('name every schema of the document, as the console imports them', () => {
    const text = fs.readFileSync(TARGET, 'utf8');
    for (const name of Object.keys(document.components.schemas)) expect(text).toContain(`export type ${name} = components['schemas']['${name}'];`);
  });
});
