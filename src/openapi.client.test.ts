import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { buildApiDocument } from './openapi';

/**
 * A client generated from the served document is usable as typed: openapi-typescript writes
 * the document's types, and a program calling every family through openapi-fetch compiles
 * under strict mode with no cast on an answer. A JSON operation whose 200 also declared
 * text/csv would type every page `Page | string`, and `page.data` would not compile.
 */

const PROGRAM = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8080', headers: { Authorization: 'Bearer ik_test_example' } });

/** The answer of a call that succeeded; a refusal (its error envelope) is thrown. */
function ok<T>(result: { data?: T; error?: unknown }): T {
  if (result.data === undefined) throw new Error(JSON.stringify(result.error));
  return result.data;
}

export async function everyFamily(): Promise<string[]> {
  const seen: string[] = [];

  const search = ok(await client.GET('/api/v1/restaurants/search', { params: { query: { q: 'joes pizza', limit: 3 } } }));
  const camis: string = search.data[0].camis;
  const grade: string | null = search.data[0].grade;

  const restaurant = ok(await client.GET('/api/v1/restaurants/{camis}', { params: { path: { camis } } }));
  seen.push(restaurant.data.restaurant.name, String(grade));
  const property = ok(await client.GET('/api/v1/properties/{bbl}', { params: { path: { bbl: '2032410017' } } }));
  const openViolations: number = property.data.openViolations;
  const contractor = ok(await client.GET('/api/v1/contractors/{slug}', { params: { path: { slug: 'brightline-plumbing-and-heating-inc' } } }));
  seen.push(contractor.data.slug, String(openViolations));

  // A list, then its next page through the cursor the first one gave.
  const first = ok(await client.GET('/api/v1/properties/{bbl}/violations', { params: { path: { bbl: property.data.bbl }, query: { status: 'open', limit: 2 } } }));
  const next: string | null = first.meta.nextCursor;
  if (next !== null) {
    const second = ok(await client.GET('/api/v1/properties/{bbl}/violations', { params: { path: { bbl: property.data.bbl }, query: { status: 'open', limit: 2, cursor: next } } }));
    const isOpen: boolean = second.data[0].isOpen;
    seen.push(second.data[0].identifier, String(isOpen), String(second.meta.returned));
  }

  const batch = ok(await client.POST('/api/v1/restaurants/batch', { body: { camis: [camis, '41000007'] } }));
  const notFound: string[] = batch.meta.notFound;
  seen.push(...batch.data.map((profile) => profile.restaurant.camis), ...notFound);

  const reports = ok(await client.GET('/api/v1/restaurants/{camis}/reports', { params: { path: { camis }, query: { limit: 2 } } }));
  seen.push(...reports.data.map((report) => report.body), String(reports.meta.nextCursor));

  const changes = ok(await client.GET('/api/v1/changes', { params: { query: { family: ['contractor'], limit: 2 } } }));
  seen.push(...changes.data.map((change) => change.entityId + change.kind), String(changes.meta.nextCursor));

  // A CSV export is its own operation, its answer text.
  const csv: string = ok(await client.GET('/api/v1/violations.csv', { params: { query: { category: ['vermin'], borough: ['Manhattan'] } }, parseAs: 'text' }));
  seen.push(csv);
  return seen;
}

// What the document itself says each answer is, without openapi-fetch's reading of it.
type Answer<Path extends keyof paths> = paths[Path] extends { get: { responses: { 200: { content: infer Content } } } } ? Content : never;
export const csvAnswer: Answer<'/api/v1/violations.csv'> = { 'text/csv': '' };
export const pageAnswer = (page: Answer<'/api/v1/violations'>): string | null => page['application/json'].meta.nextCursor;
`;

const ROOT = path.resolve(__dirname, '..');
/** openapi-typescript's command line: its CommonJS build needs ES-module-only packages, which jest cannot load. */
const GENERATOR = path.join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

test('a client generated from the document calls every family with typed answers (strict, no casts)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
  try {
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(buildApiDocument()));
    // In the temporary folder, so it reads no configuration of the repository's.
    execFileSync(process.execPath, [GENERATOR, 'openapi.json', '--output', 'api.ts'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    fs.writeFileSync(path.join(dir, 'program.ts'), PROGRAM);
    // The program imports openapi-fetch as a client project would, from the repository's packages.
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const program = ts.createProgram([path.join(dir, 'program.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
      return `${diagnostic.file ? path.basename(diagnostic.file.fileName) : ''}${where ? `:${where.line + 1}` : ''} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
