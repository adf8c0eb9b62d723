/**
 * The webhook settings (README: Webhooks), read from the environment when used. A separate
 * reader from src/config.ts for now (see the report); the worker is off under jest unless a
 * test turns it on.
 */
export interface WebhookSettings {
  /** This process runs deliveries (WEBHOOKS_WORKER=on|off; default on, off when NODE_ENV=test). */
  worker: boolean;
  /** Targets may be loopback or private addresses (WEBHOOKS_ALLOW_PRIVATE_TARGETS=on; default off). */
  allowPrivateTargets: boolean;
  /** First retry delay in seconds; each later one doubles (WEBHOOKS_RETRY_DELAY_SECONDS, default 30). */
  retryDelaySeconds: number;
  /** Retries after the first attempt (WEBHOOKS_RETRY_LIMIT, default 11: about a day). */
  retryLimit: number;
  /** Longest wait for a receiver's answer (WEBHOOKS_TIMEOUT_MS, default 10000). */
  timeoutMs: number;
  /** Deliveries in flight per process (WEBHOOKS_CONCURRENCY, default 32: two workers of up to 16 jobs each). */
  concurrency: number;
}

const flag = (value: string | undefined, name: string, fallback: boolean) => {
  if (value === undefined || value === '') return fallback;
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off`);
  return value === 'on';
};

const whole = (value: string | undefined, name: string, fallback: number, max: number) => {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) throw new Error(`${name} must be a whole number up to ${max}`);
  return Number(value);
};

export function webhookSettings(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  return {
    worker: flag(env.WEBHOOKS_WORKER, 'WEBHOOKS_WORKER', env.NODE_ENV !== 'test'),
    allowPrivateTargets: flag(env.WEBHOOKS_ALLOW_PRIVATE_TARGETS, 'WEBHOOKS_ALLOW_PRIVATE_TARGETS', false),
    retryDelaySeconds: Math.max(1, whole(env.WEBHOOKS_RETRY_DELAY_SECONDS, 'WEBHOOKS_RETRY_DELAY_SECONDS', 30, 3600)),
    retryLimit: whole(env.WEBHOOKS_RETRY_LIMIT, 'WEBHOOKS_RETRY_LIMIT', 11, 16),
    timeoutMs: Math.max(100, whole(env.WEBHOOKS_TIMEOUT_MS, 'WEBHOOKS_TIMEOUT_MS', 10_000, 60_000)),
    concurrency: Math.max(1, whole(env.WEBHOOKS_CONCURRENCY, 'WEBHOOKS_CONCURRENCY', 32, 256)),
  };
}
