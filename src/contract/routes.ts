import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { requestLine } from '../http/auth';
import type { ApiKeyRecord } from '../platform/keys';
import type { DataStore } from '../stores';
import { type InputOf, inputMismatch, type RouteInput } from './input';
import { compileOperation, createAjv, validator, ValidatedInput } from './validate';
import type { OpenApiDocument } from './types';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** What a handler can rely on: validated input, the caller's key and the store of its mode. */
export interface RouteState {
  requestId: string;
  input: ValidatedInput;
  key: ApiKeyRecord;
  /** The client address a key limited per client counts by (its limit, its test-mode writes, its exports); null for other keys. */
  client: string | null;
  store: DataStore;
}

export type RouteContext = Context & { state: RouteState };

export interface Route<I extends RouteInput = RouteInput> {
  method: Method;
  /** The OpenAPI path, e.g. /api/v1/restaurants/{camis}. */
  path: string;
  /** The declaration the operation's parameters and body were written from (operationInput). */
  input?: I;
  /**
   * Not counted toward the key's day, and answered even when its limit is spent (a key's own
   * usage must stay readable when it matters most). Literal paths only: the key check decides
   * it from the path alone, before routing.
   */
  uncounted?: true;
  handler(ctx: RouteContext, input: InputOf<I>): Promise<void> | void;
}

/** The request lines of the uncounted routes, to test a request against before routing. */
export function uncountedRequests(routes: Route[]): Set<string> {
  const lines = new Set<string>();
  for (const route of routes.filter((each) => each.uncounted)) {
    if (route.path.includes('{')) throw new Error(`${route.method.toUpperCase()} ${route.path}: only a literal path can be uncounted`);
    lines.add(requestLine(route.method, route.path));
  }
  return lines;
}

/** A route whose handler receives its input typed from the route's declaration. */
export const route = <I extends RouteInput = Record<never, never>>(declared: Route<I>): Route => declared as Route;

const toKoaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts routes, each behind the validator compiled from its operation in the document.
 * A route without an operation in the document cannot be mounted: the contract comes first.
 */
export function mountRoutes(router: Router, doc: OpenApiDocument, routes: Route[]): void {
  const ajv = createAjv(doc);
  // A literal path beats a template: /restaurants/batch is never the restaurant "batch".
  const literals = new Set(Object.keys(doc.paths).filter((path) => !path.includes('{')));
  const notALiteral: Middleware = (ctx, next) => (literals.has(ctx.path.replace(/(.)\/$/, '$1')) ? undefined : next());
  // Literal paths are mounted first: the router runs matching routes in mounting order, so a
  // template mounted earlier would answer for its literal sibling (or stop at notALiteral).
  const ordered = [...routes.filter((route) => !route.path.includes('{')), ...routes.filter((route) => route.path.includes('{'))];
  for (const route of ordered) {
    const operation = doc.paths[route.path]?.[route.method];
    if (!operation) throw new Error(`${route.method.toUpperCase()} ${route.path} has no operation in openapi.json`);
    const compiled = compileOperation(doc, ajv, operation);
    const mismatch = inputMismatch(route.input ?? {}, [...compiled.path, ...compiled.query, ...compiled.header].map((parameter) => parameter.spec), compiled.body !== undefined);
    if (mismatch) throw new Error(`${route.method.toUpperCase()} ${route.path}: ${mismatch}`);
    // The validator compiled from the same declaration has produced exactly the declared input.
    const handle = (ctx: Context) => route.handler(ctx as RouteContext, ctx.state.input);
    if (route.path.includes('{')) router[route.method](operation.operationId, toKoaPath(route.path), notALiteral, validator(compiled), handle);
    else router[route.method](operation.operationId, toKoaPath(route.path), validator(compiled), handle);
  }
}
