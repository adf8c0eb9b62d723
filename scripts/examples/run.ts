import type { Pool } from 'pg';
import { createKeyPair, PUBLIC_TEST_KEY_DAILY_LIMIT } from '../../src/platform/keys';
import type { ExampleRequest, ExampleResponse, Examples } from '../../src/contract/examples';
import { EXAMPLE_STEPS, ExampleKey, ExampleStep } from './requests';

/** Sends one request with the step's key and reads the answer: JSON parsed, a CSV export's text kept, bytes left out. */
export type Send = (request: ExampleRequest, key: ExampleKey) => Promise<ExampleResponse>;

export function urlOf(request: ExampleRequest): string {
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${request.path}?${query}` : request.path;
}

/** What an example keeps of an answer's text: JSON parsed, a CSV export as written, nothing of other media (bytes). */
export function answerBody(contentType: string | null, text: string): unknown {
  if (contentType === 'application/json') return text ? JSON.parse(text) : undefined;
  return contentType === 'text/csv' ? text : undefined;
}

/** A Send over fetch to a running API. */
export function fetchSend(baseUrl: string, keys: Record<ExampleKey, string>): Send {
  return async (request, key) => {
    const headers: Record<string, string> = { ...request.headers, Authorization: `Bearer ${keys[key]}` };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${baseUrl}${urlOf(request)}`, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
    const contentType = res.headers.get('content-type')?.split(';')[0] ?? null;
    const text = await res.text();
    return { status: res.status, contentType, body: answerBody(contentType, text) };
  };
}

/** Runs every step in order; each answer must be 2xx (an example of failure belongs to the error envelope's own documentation). */
export async function runExamples(send: Send, steps: ExampleStep[] = EXAMPLE_STEPS): Promise<Examples> {
  const examples: Examples = {};
  const answers: Record<string, unknown> = {};
  for (const step of steps) {
    const request = typeof step.request === 'function' ? step.request(answers) : step.request;
    const response = await send(request, step.key ?? 'public');
    if (response.status < 200 || response.status > 299) throw new Error(`example ${step.operationId}: ${request.method} ${urlOf(request)} answered ${response.status} ${JSON.stringify(response.body)}`);
    answers[step.operationId] = response.body;
    examples[step.operationId] = { request: clean(request), response: step.omitBody ? { status: response.status, contentType: response.contentType } : response };
  }
  return examples;
}

/** Without the keys that are undefined, so the JSON file and a fresh run compare equal. */
function clean(request: ExampleRequest): ExampleRequest {
  return JSON.parse(JSON.stringify(request));
}

/**
 * A copy with every value at the step's `varies` paths replaced by a marker (kept absent when
 * absent), and every cursor's signature too: it is made with the deployment's cursor secret
 * (random per machine), so a cursor compares by what it points at.
 */
export function masked(value: unknown, paths: string[] = []): unknown {
  const copy = JSON.parse(JSON.stringify(value ?? null));
  for (const path of paths) mask(copy, path.split('.'));
  maskCursorSignatures(copy);
  return copy;
}

function maskCursorSignatures(node: any): void {
  if (node === null || typeof node !== 'object') return;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'nextCursor' && typeof child === 'string') node[key] = child.replace(/\.[^.]*$/, '.<signature>');
    else maskCursorSignatures(child);
  }
}

function mask(node: any, parts: string[]): void {
  if (node === null || typeof node !== 'object' || parts.length === 0) return;
  const [head, ...rest] = parts;
  const keys = head === '*' ? Object.keys(node) : [head];
  for (const key of keys) {
    if (!(key in node)) continue;
    if (rest.length === 0) node[key] = node[key] === null ? null : '<varies>';
    else mask(node[key], rest);
  }
}

/** Test keys made like the public test key (limited per client address) and like a commissioned standard key. */
export async function exampleKeys(platform: Pool): Promise<Record<ExampleKey, string>> {
  const made = await createKeyPair(platform, { name: 'Public test key', tier: 'standard', dailyLimit: PUBLIC_TEST_KEY_DAILY_LIMIT, limitPerClient: true });
  const commissioned = await createKeyPair(platform, { name: 'Example commissioned key', tier: 'standard', dailyLimit: 10_000 });
  return { public: made.test, commissioned: commissioned.test };
}
