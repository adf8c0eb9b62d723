/**
 * Writes web/console/api-types.ts: the OpenAPI document's component schemas as TypeScript types,
 * so the console reads the shapes the server describes instead of a hand-kept copy. Run by
 * `npm run openapi` right after it writes src/contract/openapi.json (and alone with
 * `npx tsx scripts/console/write-types.ts`); test/console/api-types.test.ts fails when the written
 * file differs from what the committed document gives. The output is types only, so the browser
 * bundle imports nothing from the server.
 *
 * openapi-typescript translates the schemas (every JSON Schema keyword it knows, the rest never
 * silently loosened), with each schema also exported under its own name (RestaurantProfile), as the
 * console imports them. Its command line is run: its CommonJS build needs ES-module-only packages,
 * which jest cannot load.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DOCUMENT = path.resolve(__dirname, '../../src/contract/openapi.json');
export const TARGET = path.resolve(__dirname, '../../web/console/api-types.ts');
const GENERATOR = path.resolve(__dirname, '../../node_modules/openapi-typescript/bin/cli.js');

interface Document {
  openapi: string;
  info: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

const HEADER = [
  '/**',
  ' * Generated from src/contract/openapi.json (components.schemas) by scripts/console/write-types.ts',
  ' * with openapi-typescript; do not edit: `npm run openapi` rewrites it, test/console/api-types.test.ts',
  ' * fails when it is stale.',
  ' */',
  '',
].join('\n');

/** The text of web/console/api-types.ts for a document: its component schemas, each exported by name. */
export function consoleTypes(document: Document): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-types-'));
  try {
    // The schemas alone: the console types what it reads, not the operations.
    const file = path.join(dir, 'schemas.json');
    fs.writeFileSync(file, JSON.stringify({ openapi: document.openapi, info: document.info, paths: {}, components: { schemas: document.components.schemas } }));
    // In the temporary folder, so it reads no configuration of the repository's.
    const types = execFileSync(process.execPath, [GENERATOR, file, '--root-types', '--root-types-no-schema-prefix'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return `${HEADER}${types}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function writeConsoleTypes(): void {
  const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as Document;
  fs.writeFileSync(TARGET, consoleTypes(document));
  console.log(`wrote ${TARGET}`);
}

if (require.main === module) writeConsoleTypes();
