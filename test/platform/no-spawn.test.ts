import { startTestApi, TestApi } from '../support/api';

/**
 * No request starts a process: the daily rederive runs on the worker's schedule
 * (ingest/schedules.ts), in-process, never as `npm run ingest` spawned by the first request
 * of a day. The app is built with a deployment's defaults (NODE_ENV unset: the schedules on),
 * and keyed requests of both modes spawn nothing.
 */

// The real module object, which the app's own imports of it share (a namespace import would be a copy).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const childProcess = require('node:child_process') as typeof import('node:child_process');

let api: TestApi;
let spawned: jest.SpyInstance;
let exec: jest.SpyInstance;
let fork: jest.SpyInstance;
const nodeEnv = process.env.NODE_ENV;

beforeAll(async () => {
  const refuse = (name: string) => () => {
    throw new Error(`a request ran child_process.${name}`);
  };
  spawned = jest.spyOn(childProcess, 'spawn').mockImplementation(refuse('spawn'));
  exec = jest.spyOn(childProcess, 'exec').mockImplementation(refuse('exec'));
  fork = jest.spyOn(childProcess, 'fork').mockImplementation(refuse('fork'));
  delete process.env.NODE_ENV;
  try {
    api = await startTestApi();
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
});
afterAll(async () => {
  jest.restoreAllMocks();
  await api?.stop();
});

test('keyed requests of a new day, live and test, spawn no process', async () => {
  delete process.env.NODE_ENV;
  try {
    expect(api.ns.config.sync.schedule).toBe(true);
    for (const key of [api.keys.live, api.keys.test]) {
      expect((await api.get('/api/v1/meta/boroughs', { key })).status).toBe(200);
      expect((await api.get('/api/v1/restaurants/41000001', { key })).status).toBe(404);
    }
    // Whatever a request set going has had its turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  expect(spawned).not.toHaveBeenCalled();
  expect(exec).not.toHaveBeenCalled();
  expect(fork).not.toHaveBeenCalled();
});
