import { loadConfig } from '../../src/config';
import { startServer } from '../../src/server';
import { createKeyPair } from '../../src/platform/keys';
import pino from 'pino';
import { useTestNamespace } from '../support/namespace';

const ns = useTestNamespace();

describe('graceful shutdown', () => {
  it('finishes requests in flight, flushes usage, then stops taking connections', async () => {
    const running = await startServer({ ...loadConfig(), ...ns.config, port: 0 }, { logger: pino({ level: 'silent' }) });
    const pair = await createKeyPair(ns.stores.platform, { name: 'shutdown', tier: 'unlimited', dailyLimit: null });
    const headers = { Authorization: `Bearer ${pair.live}` };
    // Stop the server as soon as all five requests have reached it, while they are still being answered.
    let received = 0;
    const allReceived = new Promise<void>((resolve) => running.server.on('request', () => ++received === 5 && resolve()));
    const inFlight = Promise.all(Array.from({ length: 5 }, () => fetch(`${running.url}/api/v1/health`, { headers })));
    await allReceived;
    await running.stop();
    const answers = await inFlight;
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    await expect(fetch(`${running.url}/livez`)).rejects.toThrow();
    const { rows } = await ns.stores.platform.query('select coalesce(sum(count), 0)::int as n from api_usage_daily');
    expect(rows[0].n).toBe(5);
  });
});
