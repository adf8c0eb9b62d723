import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has working defaults for a local run', () => {
    const config = loadConfig({ NYC_API_CACHE_DIR: dir });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', namespace: 'nyc', databaseUrl: undefined, elasticsearchUrl: undefined });
  });

  it('refuses to run in production on the development secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', NYC_API_CACHE_DIR: dir })).toThrow(/CURSOR_SECRET and DEVICE_ID_SALT/);
    expect(() => loadConfig({ NODE_ENV: 'production', CURSOR_SECRET: 'a', DEVICE_ID_SALT: 'b' })).not.toThrow();
  });

  it('gives a local run random secrets, kept with its local data (0600) and the same at every start', () => {
    const first = loadConfig({ NYC_API_CACHE_DIR: dir });
    expect(first.cursorSecret).toMatch(/^[\w-]{40,}$/);
    expect(first.deviceIdSalt).toMatch(/^[\w-]{40,}$/);
    expect(first.cursorSecret).not.toBe(first.deviceIdSalt);
    const [file] = fs.readdirSync(dir).map((name) => path.join(dir, name));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadConfig({ NYC_API_CACHE_DIR: dir });
    expect([again.cursorSecret, again.deviceIdSalt]).toEqual([first.cursorSecret, first.deviceIdSalt]);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-'));
    try {
      expect(loadConfig({ NYC_API_CACHE_DIR: elsewhere }).cursorSecret).not.toBe(first.cursorSecret);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
    // Configured secrets win over the local ones.
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, CURSOR_SECRET: 'configured', DEVICE_ID_SALT: 'salt' })).toMatchObject({ cursorSecret: 'configured', deviceIdSalt: 'salt' });
  });

  it('never signs with the old published development constant', () => {
    expect(loadConfig({ NYC_API_CACHE_DIR: dir }).cursorSecret).not.toBe('dev-only-secret-change-me');
  });

  it('reads the webhook settings: defaults, on/off flags, bounded whole numbers', () => {
    expect(loadConfig({ NYC_API_CACHE_DIR: dir }).webhooks).toEqual({ worker: true, allowPrivateTargets: false, retryDelaySeconds: 30, retryLimit: 11, timeoutMs: 10_000, concurrency: 64, subscriptionConcurrency: 2 });
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, NODE_ENV: 'test' }).webhooks.worker).toBe(false);
    const set = loadConfig({ NYC_API_CACHE_DIR: dir, NODE_ENV: 'test', WEBHOOKS_WORKER: 'on', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'on', WEBHOOKS_RETRY_DELAY_SECONDS: '0', WEBHOOKS_RETRY_LIMIT: '3', WEBHOOKS_TIMEOUT_MS: '500', WEBHOOKS_CONCURRENCY: '4', WEBHOOKS_SUBSCRIPTION_CONCURRENCY: '1' });
    expect(set.webhooks).toEqual({ worker: true, allowPrivateTargets: true, retryDelaySeconds: 1, retryLimit: 3, timeoutMs: 500, concurrency: 4, subscriptionConcurrency: 1 });
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, WEBHOOKS_WORKER: 'yes' })).toThrow(/WEBHOOKS_WORKER must be on or off/);
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, WEBHOOKS_RETRY_LIMIT: '17' })).toThrow(/WEBHOOKS_RETRY_LIMIT/);
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, WEBHOOKS_CONCURRENCY: '-1' })).toThrow(/WEBHOOKS_CONCURRENCY/);
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, WEBHOOKS_SUBSCRIPTION_CONCURRENCY: '17' })).toThrow(/WEBHOOKS_SUBSCRIPTION_CONCURRENCY/);
  });

  it('reads the sync settings: the schedules on by default and off under jest, the portal and its token', () => {
    expect(loadConfig({ NYC_API_CACHE_DIR: dir }).sync).toEqual({ schedule: true, portalUrl: null, appToken: null });
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, NODE_ENV: 'test' }).sync.schedule).toBe(false);
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, NODE_ENV: 'test', SYNC_SCHEDULE: 'on' }).sync.schedule).toBe(true);
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, SYNC_SCHEDULE: 'off', SODA_BASE_URL: 'http://127.0.0.1:9999', SODA_APP_TOKEN: 'tok' }).sync).toEqual({ schedule: false, portalUrl: 'http://127.0.0.1:9999', appToken: 'tok' });
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, SYNC_SCHEDULE: 'daily' })).toThrow(/SYNC_SCHEDULE must be on or off/);
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, SODA_BASE_URL: 'data.cityofnewyork.us' })).toThrow(/SODA_BASE_URL must be an http\(s\) URL/);
    // The setting it replaced is refused rather than silently ignored.
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, DERIVED_REFRESH: 'off' })).toThrow(/DERIVED_REFRESH is gone.*SYNC_SCHEDULE/);
  });

  it('reads the image decode settings: one decode at a time and 8 waiting by default, bounded whole numbers', () => {
    expect(loadConfig({ NYC_API_CACHE_DIR: dir }).imageDecodes).toEqual({ concurrency: 1, waiting: 8 });
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, IMAGE_DECODES: '2', IMAGE_DECODE_QUEUE: '0' }).imageDecodes).toEqual({ concurrency: 2, waiting: 0 });
    expect(loadConfig({ NYC_API_CACHE_DIR: dir, IMAGE_DECODES: '0' }).imageDecodes.concurrency).toBe(1);
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, IMAGE_DECODES: '17' })).toThrow(/IMAGE_DECODES/);
    expect(() => loadConfig({ NYC_API_CACHE_DIR: dir, IMAGE_DECODE_QUEUE: 'many' })).toThrow(/IMAGE_DECODE_QUEUE/);
  });

  it('refuses a namespace that is not a safe identifier', () => {
    expect(() => loadConfig({ DATA_NAMESPACE: 'x; drop schema', NYC_API_CACHE_DIR: dir })).toThrow(/DATA_NAMESPACE/);
  });
});
