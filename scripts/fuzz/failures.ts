/** Reads schemathesis' NDJSON event stream into failures and judges them against the allowlist. */
import fs from 'node:fs';

/** One accepted kind of failure; every field given must match (allowlist.json). */
export interface AllowlistEntry {
  /** Schemathesis failure code, e.g. ST202 (schema-valid request rejected). */
  failure: string;
  /** "METHOD /path" as in the document; absent means every operation. */
  operations?: string[];
  status?: number;
  /** The envelope's error.code. */
  errorCode?: string;
  /** Regular expression the envelope's error.param must match. */
  param?: string;
  /** Regular expression the envelope's error.message must match. */
  message?: string;
  reason: string;
}

export interface Allowlist {
  entries: AllowlistEntry[];
}

export interface Failure {
  mode: string;
  operation: string;
  /** Schemathesis failure code (ST103, ST201, ...). */
  failure: string;
  check: string;
  title: string;
  status?: number;
  code?: string;
  param?: string;
  message?: string;
  curl: string;
}

interface Interaction {
  request: { method: string; uri: string; headers: Record<string, string[]>; body?: { $base64: string } };
  response?: { status_code: number; content?: { $base64: string } };
}

const decode = (value?: { $base64: string }) => (value ? Buffer.from(value.$base64, 'base64').toString('utf8') : '');

function envelopeOf(text: string): { code?: string; param?: string; message?: string } {
  try {
    const error = (JSON.parse(text) as { error?: { code?: string; param?: string; message?: string } }).error;
    return error ? { code: error.code, param: error.param, message: error.message } : {};
  } catch {
    return {};
  }
}

function curlOf(request: Interaction['request']): string {
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'Authorization')
    .map(([name, values]) => `-H '${name}: ${values.join(', ').slice(0, 80)}'`);
  const body = decode(request.body);
  return `curl -X ${request.method} ${headers.join(' ')} ${body ? `-d '${body.slice(0, 300)}' ` : ''}'${request.uri.slice(0, 300)}'`;
}

/** Every failed check of a run, one per (operation, failure code, status, error code, param). */
export function readFailures(file: string, mode: string): Failure[] {
  const failures = new Map<string, Failure>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('"failure_info"')) continue;
    const event = JSON.parse(line) as { ScenarioFinished?: { recorder: { checks: Record<string, Array<Record<string, any>>>; interactions: Record<string, Interaction> } } };
    const recorder = event.ScenarioFinished?.recorder;
    if (!recorder) continue;
    for (const [caseId, checks] of Object.entries(recorder.checks)) {
      for (const check of checks) {
        const info = check.failure_info?.failure;
        if (check.status !== 'failure' || !info) continue;
        const interaction = recorder.interactions[caseId];
        const responseText = decode(interaction?.response?.content);
        const envelope = envelopeOf(responseText);
        const failure: Failure = {
          mode,
          operation: String(info.operation),
          failure: String(info.code),
          check: String(check.name),
          title: String(info.title),
          status: interaction?.response?.status_code,
          ...envelope,
          curl: interaction ? curlOf(interaction.request) : '(no request recorded)',
        };
        const key = [failure.operation, failure.failure, failure.status, failure.code, failure.param].join('|');
        if (!failures.has(key)) failures.set(key, failure);
      }
    }
  }
  return [...failures.values()];
}

export function matchingEntry(allowlist: Allowlist, failure: Failure): AllowlistEntry | undefined {
  return allowlist.entries.find(
    (entry) =>
      entry.failure === failure.failure &&
      (!entry.operations || entry.operations.includes(failure.operation)) &&
      (entry.status === undefined || entry.status === failure.status) &&
      (entry.errorCode === undefined || entry.errorCode === failure.code) &&
      (entry.param === undefined || new RegExp(entry.param).test(failure.param ?? '')) &&
      (entry.message === undefined || new RegExp(entry.message).test(failure.message ?? '')),
  );
}
