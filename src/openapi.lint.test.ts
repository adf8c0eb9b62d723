import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiDocument } from './openapi';

/**
 * The served document passes Redocly's recommended rules (redocly.yaml) with no error and no
 * warning: every operation with a 4xx, required properties defined, a licence, unique
 * operationIds, examples that match their schemas. Redocly ships as an ES module only, so its
 * command line is run, on the document as the app builds it.
 */

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }>;
}

test("the document passes Redocly's recommended rules with no problem", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(buildApiDocument()));
    let output: string;
    try {
      output = execFileSync(process.execPath, [CLI, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'], {
        encoding: 'utf8',
        // No usage reports or update checks from a test.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      // A document with errors exits non-zero; its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '');
      if (!output.trim()) throw error;
    }
    const report = JSON.parse(output.slice(output.indexOf('{'))) as LintReport;
    const problems = report.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location.map((where) => where.pointer).join(', ')}: ${problem.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
