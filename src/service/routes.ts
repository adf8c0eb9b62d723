import { API_VERSION } from '../config';
import { clientOf } from '../http/client-address';
import type { Route } from '../contract/routes';
import type { OpenApiDocument } from '../contract/types';
import type { Stores } from '../stores';
import { storesAnswer } from './store';
import { usageSummary, UsageBuffer } from '../platform/usage';

export function platformRoutes(deps: { stores: Stores; usage: UsageBuffer; doc: OpenApiDocument }): Route[] {
  return [
    {
      method: 'get',
      path: '/api/v1/me',
      uncounted: true,
      async handler(ctx) {
        const { key } = ctx.state;
        const now = new Date();
        // A key limited per client address reports the caller's own count, the one its limit applies to.
        const client = key.limitPerClient ? clientOf(ctx.ip) : null;
        // An unlimited key is counted by the usage buffer, which answers most calls without a query; limits are counted in Postgres.
        const usage = client === null && key.dailyLimit === null ? await deps.usage.summary(key.id, now) : await usageSummary(deps.stores.platform, key.id, now, client);
        // Not counted, so the key check set no Remaining: it is what the limit leaves of what was read here.
        if (key.dailyLimit !== null) ctx.set('X-RateLimit-Remaining', String(Math.max(0, key.dailyLimit - usage.today)));
        ctx.body = {
          data: {
            name: key.name,
            tier: key.tier,
            mode: key.mode,
            createdAt: key.createdAt,
            usage: { today: usage.today, last30Days: usage.last30Days, dailyLimit: key.dailyLimit },
          },
        };
      },
    },
    {
      method: 'get',
      path: '/api/v1/health',
      async handler(ctx) {
        const ok = await storesAnswer(deps.stores);
        if (!ok) ctx.set('Retry-After', '5');
        ctx.status = ok ? 200 : 503;
        ctx.body = { status: ok ? 'ok' : 'degraded', version: API_VERSION };
      },
    },
    {
      method: 'get',
      path: '/api/v1/openapi.json',
      handler(ctx) {
        ctx.body = deps.doc;
      },
    },
  ];
}
