import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', namespace: 'nyc', databaseUrl: undefined, elasticsearchUrl: undefined });
  });

  it('refuses to run in production on the development secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CURSOR_SECRET and DEVICE_ID_SALT/);
    expect(() => loadConfig({ NODE_ENV: 'production', CURSOR_SECRET: 'a', DEVICE_ID_SALT: 'b' })).not.toThrow();
  });

  it('refuses a namespace that is not a safe identifier', () => {
    expect(() => loadConfig({ DATA_NAMESPACE: 'x; drop schema' })).toThrow(/DATA_NAMESPACE/);
  });
});
