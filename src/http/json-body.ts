import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import secureJson from 'secure-json-parse';
import { ApiError, invalidBody } from '../errors';

const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A lone UTF-16 surrogate: JSON lets "\ud800" through, but it is no character and cannot be shown. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * How deep a body's arrays and objects may nest. The deepest body of the API is three levels
 * (`{"photos": [{"data": ...}]}`); a body nested thousands deep costs JSON.parse seconds of CPU
 * (a 20 MB body of brackets, about seven) and overflows any recursive walk of it.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * True when the JSON text opens more than `max` arrays or objects inside each other. A linear
 * scan that skips strings whole (an escaped quote does not end one), so it stops at the first
 * bracket past the limit and a deep body is refused before it is parsed.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        // Unterminated: not JSON, which the parser says.
        if (end < 0) return false;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The first string (value or key) of a parsed body that is not well-formed text, as a dotted
 * path. Recursive, so it runs only on bodies within MAX_BODY_DEPTH.
 */
export function malformedTextAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) || value.includes('\u0000') ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = malformedTextAt(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (malformedTextAt(key) !== undefined) return at;
      const found = malformedTextAt(item, at);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Reads a JSON request body into ctx.request.body. Bodies are shown verbatim (report text),
 * so the bytes must be UTF-8 exactly and the strings well-formed: a lenient decoder (as in
 * koa-body, which has no hook for it) stores invalid bytes as U+FFFD, and JSON escapes can
 * carry lone surrogates and NUL, which Postgres refuses. Those are 400s here, before any store.
 * Only an object or an array is accepted at the top level; __proto__ and constructor keys are refused.
 */
export function jsonBody(options: { limitBytes: number }): Middleware {
  return async (ctx, next) => {
    if (!PARSED_METHODS.has(ctx.method)) return next();
    const encoding = ctx.get('Content-Encoding');
    if (encoding && encoding !== 'identity') throw new ApiError(415, 'unsupported_media_type', 'request bodies must not be compressed (send no Content-Encoding)');
    // Any other type is left unread: the validator answers 415 where the operation takes a body.
    if (!ctx.request.is('application/json')) return next();
    let bytes: Buffer;
    try {
      bytes = await getRawBody(ctx.req, { limit: options.limitBytes, length: ctx.get('Content-Length') || undefined });
    } catch (error) {
      const e = error as { type?: string; status?: number };
      if (e.type === 'entity.too.large') throw new ApiError(413, 'payload_too_large', `request body is larger than the server accepts (${options.limitBytes} bytes)`);
      if (e.status && e.status < 500) throw invalidBody('request body could not be read in full');
      throw error;
    }
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      throw invalidBody('request body is not valid UTF-8 text');
    }
    if (!/^[\x20\x09\x0a\x0d]*[[{]/.test(text)) {
      if (text.trim() === '') return next();
      throw invalidBody('request body must be a JSON object');
    }
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) throw invalidBody(`request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep`);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      // secure-json-parse refuses (with a SyntaxError of its own) the keys that could reach an object's prototype.
      if (/forbidden (prototype|constructor) property/.test((error as Error).message)) {
        throw invalidBody('request body has a "__proto__" or "constructor" key (at any depth), which is refused');
      }
      throw invalidBody('request body is not valid JSON');
    }
    const malformed = malformedTextAt(parsed);
    if (malformed !== undefined) {
      throw invalidBody(`${malformed} contains a lone surrogate or NUL character (\\ud800-\\udfff unpaired, \\u0000), which is not text`, [
        { param: malformed, message: `${malformed} is not well-formed text` },
      ], malformed);
    }
    (ctx.request as unknown as { body?: unknown }).body = parsed;
    await next();
  };
}
