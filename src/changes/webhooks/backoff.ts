/**
 * When a failed delivery is tried again: the k-th retry waits base x 2^(k-1), jittered x 1 to 2,
 * so receivers that failed together do not come back together. (The same curve pg-boss's
 * retryBackoff drew while it ran the deliveries.)
 */
export function retryDelayMs(retry: number, baseSeconds: number, random: () => number = Math.random): number {
  const step = baseSeconds * 1000 * 2 ** Math.min(16, Math.max(0, retry - 1));
  return Math.round(step * (1 + random()));
}
