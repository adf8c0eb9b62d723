import fs from 'node:fs';
import path from 'node:path';

/**
 * Compares built Elasticsearch requests with the JSON fixture beside the test, so a change
 * to a query shows up in review as a change to that file. `UPDATE_REQUEST_FIXTURES=1 npx jest
 * <test>` rewrites the fixture from the builders (then read the diff before committing it).
 */
export function expectRequestsMatchFixture(file: string, built: Record<string, unknown>): void {
  const text = `${JSON.stringify(built, null, 2)}\n`;
  if (process.env.UPDATE_REQUEST_FIXTURES === '1') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run the test once with UPDATE_REQUEST_FIXTURES=1 and review it`);
  const expected = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  expect(Object.keys(built).sort()).toEqual(Object.keys(expected).sort());
  for (const name of Object.keys(expected)) expect({ case: name, request: built[name] }).toEqual({ case: name, request: expected[name] });
}
