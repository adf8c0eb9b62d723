/**
 * Answers computed from the stores and kept for a while (the restaurant aggregates, the data
 * sets' coverage): entries live up to ttlMs, and at most maxEntries are kept, because a key may
 * come from free text (a cuisine) and every distinct value would otherwise stay in memory for
 * good. When full, expired entries go first, then the oldest. Requests that miss the same key
 * at once share one computation, so an expiry under load costs one store read, not one per
 * request; a computation that fails is not kept.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<{ value: T; expiresAt: number }>>();

  constructor(private readonly ttlMs: number, private readonly maxEntries: number, private readonly now: () => number = () => Date.now()) {}

  get size(): number {
    return this.entries.size;
  }

  /** The fresh entry for key, computing (and keeping) it when absent or expired. */
  get(key: string, compute: () => Promise<T>): Promise<{ value: T; expiresAt: number }> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return Promise.resolve(hit);
    const running = this.pending.get(key);
    if (running) return running;
    const computed = (async () => {
      try {
        const value = await compute();
        const entry = { value, expiresAt: this.now() + this.ttlMs };
        this.entries.delete(key);
        if (this.entries.size >= this.maxEntries) this.evict();
        this.entries.set(key, entry);
        return entry;
      } finally {
        this.pending.delete(key);
      }
    })();
    this.pending.set(key, computed);
    return computed;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    // Map order is insertion order: the first key is the oldest entry.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
