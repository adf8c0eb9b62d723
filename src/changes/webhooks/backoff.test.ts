import { retryDelayMs } from './backoff';

describe('retry backoff', () => {
  it('doubles from the base, jittered by x 1 to 2', () => {
    expect([1, 2, 3, 11].map((k) => retryDelayMs(k, 30, () => 0))).toEqual([30_000, 60_000, 120_000, 30_000 * 1024]);
    expect(retryDelayMs(3, 30, () => 0.999999)).toBeCloseTo(240_000, -1);
    for (let i = 0; i < 100; i++) {
      const delay = retryDelayMs(2, 1);
      expect(delay >= 2000 && delay <= 4000).toBe(true);
    }
  });
});
