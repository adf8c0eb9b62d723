import { ExpiringCache } from './stats-cache';

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
