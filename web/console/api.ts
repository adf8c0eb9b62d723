/**
 * The console's one way to call the API: same origin, the key in the Authorization header,
 * and what was asked, the status and the latency kept with the answer so every panel can
 * show the request it made.
 */
import type { PageMeta } from './api-types';

export interface Answer<T> {
  ok: boolean;
  status: number;
  body: T;
  /** The error envelope's message when the answer is not 2xx. */
  error: string | null;
  /** Milliseconds from sending to the parsed body, as the browser saw them. */
  ms: number;
  /** `GET /api/v1/...?...`, decoded for reading. */
  request: string;
}

export type Query = Record<string, string | number | boolean | undefined | null | string[]>;

let key = '';
/** The key every call carries; set by the key panel (the public test key unless one is pasted). */
export function setApiKey(value: string): void {
  key = value;
}

export function urlOf(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    // Lists go comma-separated, as the document's list parameters read them.
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiGet<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<Answer<T>> {
  const url = urlOf(path, query);
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' }, signal });
  const body = await response.json().catch(() => null);
  const ms = Math.round(performance.now() - started);
  const error = response.ok ? null : (body?.error?.message ?? `HTTP ${response.status}`);
  // Shown as typed: '+' (URLSearchParams' space) read back as a space, every other escape decoded.
  return { ok: response.ok, status: response.status, body: body as T, error, ms, request: `GET ${decodeURIComponent(url.replace(/\+/g, '%20'))}` };
}

export interface Page<T> {
  data: T[];
  meta?: PageMeta;
}
