import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { Route } from '../../src/contract/routes';
import type { OpenApiDocument } from '../../src/contract/types';
import { createKeyPair } from '../../src/platform/keys';
import { ResponseContract } from './contract';
import { createTestNamespace, TestNamespace } from './namespace';
import { createHttpServer } from '../../src/http/http-server';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestApi {
  url: string;
  ns: TestNamespace;
  /** Unlimited live and test keys of one pair. */
  keys: { live: string; test: string };
  logs: string[];
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  createKeys(input?: { tier?: 'standard' | 'unlimited'; dailyLimit?: number | null; name?: string }): Promise<{ live: string; test: string }>;
  stop(): Promise<void>;
}

export interface TestApiOptions {
  config?: Partial<Config>;
  doc?: OpenApiDocument;
  extraRoutes?: Route[];
  keyCacheMs?: number;
  /** Validate every response against the document (on unless a test sends deliberately odd requests). */
  contract?: boolean;
}

/**
 * The real app on a random port with its own namespace in the real stores. Every response
 * a test receives is checked against the OpenAPI document.
 */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const ns = await createTestNamespace(options.config);
  const logs: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );
  const app = createApp({ config: ns.config, stores: ns.stores, logger, keyCacheMs: options.keyCacheMs ?? 0, doc: options.doc, extraRoutes: options.extraRoutes });
  const server = createHttpServer(app.koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const contract = options.contract === false ? undefined : new ResponseContract(options.doc);

  const createKeys: TestApi['createKeys'] = async (input = {}) => {
    const tier = input.tier ?? 'unlimited';
    const pair = await createKeyPair(ns.stores.platform, { name: input.name ?? 'test client', tier, dailyLimit: tier === 'unlimited' ? null : (input.dailyLimit ?? 1000) });
    return { live: pair.live, test: pair.test };
  };
  const keys = await createKeys();

  const request: TestApi['request'] = async (method, path, requestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    const key = requestOptions.key === undefined ? keys.live : requestOptions.key;
    if (key) headers.Authorization = `Bearer ${key}`;
    let body: string | Buffer | undefined;
    if (requestOptions.rawBody !== undefined) body = requestOptions.rawBody;
    else if (requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(`${url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    contract?.check(method, path, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, headers: res.headers, body: parsed as any, text };
  };

  return {
    url,
    ns,
    keys,
    logs,
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body }),
    createKeys,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.close();
      await ns.cleanup();
    },
  };
}
