import type { Middleware } from 'koa';
import type { Pool } from 'pg';
import { ApiKeyRecord, findKeyByHash, hashKey, KEY_PATTERN } from '../platform/keys';
import { countLimitedRequest, nextUtcMidnightEpoch, secondsToNextUtcMidnight, UsageBuffer, utcDay } from '../platform/usage';
import { storeForKey, type Stores } from '../stores';
import { clientOf } from './client-address';
import { ApiError, invalidParameter } from '../errors';

export interface AuthOptions {
  stores: Stores;
  usage: UsageBuffer;
  /** How long a looked-up key is trusted before Postgres is asked again (revocation delay). */
  keyCacheMs: number;
  /** Request lines (`GET /api/v1/me`, requestLine) that are answered without counting or limiting them. */
  uncounted?: ReadonlySet<string>;
  now?: () => Date;
}

/**
 * Looked-up keys, trusted for ttlMs from the moment their lookup started (the revocation
 * delay). A key in use is looked up again in the background once past half its time, so a
 * busy key never expires under load (every request waiting on Postgres at once was a stall);
 * concurrent lookups of one key share one query.
 */
class KeyCache {
  private entries = new Map<string, { key: ApiKeyRecord | null; readAt: number }>();
  private lookups = new Map<string, Promise<ApiKeyRecord | null>>();
  constructor(private readonly pool: Pool, private readonly ttlMs: number) {}

  async find(keyHash: string): Promise<ApiKeyRecord | null> {
    if (this.ttlMs <= 0) return findKeyByHash(this.pool, keyHash);
    const hit = this.entries.get(keyHash);
    const age = hit ? performance.now() - hit.readAt : Infinity;
    if (age < this.ttlMs) {
      if (age >= this.ttlMs / 2) void this.lookup(keyHash).catch(() => undefined);
      return hit!.key;
    }
    return this.lookup(keyHash);
  }

  private lookup(keyHash: string): Promise<ApiKeyRecord | null> {
    let lookup = this.lookups.get(keyHash);
    if (!lookup) {
      const readAt = performance.now();
      lookup = findKeyByHash(this.pool, keyHash).then((key) => {
        if (this.entries.size > 10_000) this.entries.clear();
        this.entries.set(keyHash, { key, readAt });
        return key;
      });
      this.lookups.set(keyHash, lookup);
      void lookup.catch(() => undefined).finally(() => this.lookups.delete(keyHash));
    }
    return lookup;
  }
}

/** How many Authorization headers were sent (rawHeaders alternates names and values); headersDistinct would copy every header of every request to tell. */
function authorizationHeaders(raw: string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') count++;
  return count;
}

/** `GET /api/v1/me`: a request named by its method and path, without a trailing slash (the router is not strict about one). */
export const requestLine = (method: string, path: string) => `${method.toUpperCase()} ${path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path}`;

function bearerKey(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Authenticates the bearer key, counts the request toward the key's UTC day (unless its route
 * is uncounted), sets the X-RateLimit-* headers, and picks the data store of the key's mode
 * (live or test).
 */
export function authenticate(options: AuthOptions): Middleware {
  const cache = new KeyCache(options.stores.platform, options.keyCacheMs);
  const now = options.now ?? (() => new Date());
  const uncounted = options.uncounted ?? new Set<string>();
  return async (ctx, next) => {
    // Node keeps only the first of repeated Authorization headers; two keys is an ambiguous request, not the first key's.
    if (authorizationHeaders(ctx.req.rawHeaders) > 1) throw invalidParameter('Authorization', 'the Authorization header was sent more than once; send one key');
    const header = ctx.get('Authorization');
    if (!header) throw new ApiError(401, 'missing_key', 'send your API key as Authorization: Bearer <key>');
    const presented = bearerKey(header);
    if (!presented || !KEY_PATTERN.test(presented)) throw new ApiError(401, 'invalid_key', 'the API key is not valid');
    const key = await cache.find(hashKey(presented));
    if (!key || key.revokedAt) throw new ApiError(401, 'invalid_key', 'the API key is not valid or has been revoked');

    const at = now();
    const day = utcDay(at);
    ctx.set('X-RateLimit-Reset', String(nextUtcMidnightEpoch(at)));
    // A key shared in public is many callers: its limit and its test-mode writes are per client address.
    const client = key.limitPerClient ? clientOf(ctx.ip) : null;
    if (uncounted.has(requestLine(ctx.method, ctx.path))) {
      if (key.dailyLimit !== null) ctx.set('X-RateLimit-Limit', String(key.dailyLimit));
    } else if (key.dailyLimit === null) {
      options.usage.add(key.id, day);
    } else {
      // The key's own total is kept too (for its operator); only the client's count is limited.
      if (client) options.usage.add(key.id, day);
      const count = await countLimitedRequest(options.stores.platform, key.id, day, key.dailyLimit, client);
      ctx.set('X-RateLimit-Limit', String(key.dailyLimit));
      ctx.set('X-RateLimit-Remaining', String(Math.max(0, key.dailyLimit - (count ?? key.dailyLimit))));
      if (count === null) {
        const wait = secondsToNextUtcMidnight(at);
        const whose = client ? `this shared key's daily limit of ${key.dailyLimit} requests per client address` : `this key's daily limit of ${key.dailyLimit} requests`;
        throw new ApiError(429, 'daily_limit_exceeded', `${whose} is spent; it resets at 00:00 UTC`, {
          retryAfterSeconds: wait,
        });
      }
    }
    ctx.state.key = key;
    ctx.state.client = client;
    ctx.state.store = storeForKey(options.stores, key, client);
    await next();
  };
}
