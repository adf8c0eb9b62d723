import { ExpiringCache } from './expiring-cache';

describe('ExpiringCache', () => {
  let clock = 0;
  const cache = () => new ExpiringCache<string>(100, 3, () => clock);
  beforeEach(() => {
    clock = 0;
  });

  test('keeps an entry until it expires', async () => {
    const c = cache();
    let calls = 0;
    const compute = async () => `v${++calls}`;
    expect((await c.get('a', compute)).value).toBe('v1');
    clock = 99;
    expect((await c.get('a', compute)).value).toBe('v1');
    clock = 100;
    expect((await c.get('a', compute)).value).toBe('v2');
    expect((await c.get('a', compute)).expiresAt).toBe(200);
  });

  test('never holds more than maxEntries: expired first, then the oldest', async () => {
    const c = cache();
    for (let i = 0; i < 50; i++) await c.get(`k${i}`, async () => String(i));
    expect(c.size).toBe(3);
    // The newest survive.
    let recomputed = false;
    await c.get('k49', async () => {
      recomputed = true;
      return 'x';
    });
    expect(recomputed).toBe(false);
    await c.get('k0', async () => {
      recomputed = true;
      return 'x';
    });
    expect(recomputed).toBe(true);
    expect(c.size).toBe(3);
  });
});

describe('ExpiringCache, requests at once', () => {
  test('share one computation of a missing key, and keep its answer', async () => {
    const c = new ExpiringCache<string>(100, 3, () => 0);
    let calls = 0;
    const finishers: Array<(value: string) => void> = [];
    const compute = () => {
      calls += 1;
      return new Promise<string>((resolve) => finishers.push(resolve));
    };
    const first = c.get('a', compute);
    const second = c.get('a', compute);
    for (const finish of finishers) finish('v');
    expect((await first).value).toBe('v');
    expect((await second).value).toBe('v');
    expect(calls).toBe(1);
    expect((await c.get('a', compute)).value).toBe('v');
    expect(calls).toBe(1);
  });

  test('share a failure too, and keep it not: the next request computes again', async () => {
    const c = new ExpiringCache<string>(100, 3, () => 0);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('store down');
    };
    const both = [c.get('a', failing), c.get('a', failing)];
    for (const answer of both) await expect(answer).rejects.toThrow('store down');
    expect(calls).toBe(1);
    expect(c.size).toBe(0);
    expect((await c.get('a', async () => 'v')).value).toBe('v');
  });
});
