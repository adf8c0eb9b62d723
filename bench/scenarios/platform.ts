import type { BenchScenario } from '../types';

/** The platform's own cost: key check, usage count, validation and envelope, with one tiny Postgres read. */
export const platformScenarios: BenchScenario[] = [
  {
    kind: 'http',
    name: 'platform-me',
    description: 'GET /api/v1/me (auth + usage + one Postgres read) vs a bare Koa JSON handler',
    connections: 32,
    requests: () => [{ path: '/api/v1/me' }],
    baseline: { kind: 'koa' },
  },
  {
    kind: 'http',
    name: 'platform-livez',
    description: 'GET /livez (the middleware stack without auth) vs a bare Koa JSON handler',
    connections: 32,
    requests: () => [{ path: '/livez' }],
    baseline: { kind: 'koa' },
  },
];
